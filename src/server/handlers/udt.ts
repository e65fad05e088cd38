// User-defined objects on the GSQL server (spec document 2, User-defined objects): tuples (JSON
// and GSQL forms, one, all, dropped one or several; also under the /gsql/udt/tuples alias) and
// accumulator typedefs. Messages follow the real service's samples (server-docs
// gsql-endpoints.adoc): "Successfully create tuples: T.", "Successfully dropped
// userDefinedTuple: [T].", "Successfully create accumulator.", "Successfully dropped
// accumulator: [A].". The UDF files and token functions are in udf-files.ts.
import type { HandlerMap } from '../http/context.js';
import {
  accumStore,
  accumTypedefs,
  addAccums,
  dropAccums as withoutAccums,
  requireAccum,
} from '../udt/accums.js';
import {
  addTuples,
  dropTuples as withoutTuples,
  requireTuple,
  tupleFromJson,
  tupleFromTypedef,
  tupleJson,
} from '../udt/tuples.js';
import type { TupleDef } from '../engine/catalog/types.js';
import { withEngineErrors } from './engine-errors.js';
import { changeCatalog, parseStatements } from './schema-common.js';

const created = (defs: readonly TupleDef[]) =>
  `Successfully create tuples: ${defs.map((d) => d.name).join(', ')}.`;
const droppedTuples = (names: readonly string[]) =>
  `Successfully dropped userDefinedTuple: [${names.join(', ')}].`;
const droppedAccums = (names: readonly string[]) =>
  `Successfully dropped accumulator: [${names.join(', ')}].`;

export const udtHandlers: HandlerMap = withEngineErrors({
  listTuples: (ctx) => Promise.resolve({ results: ctx.engine.catalog.tuples.map(tupleJson) }),

  getTuple: (ctx) =>
    Promise.resolve({
      results: [tupleJson(requireTuple(ctx.engine.catalog, ctx.params.tupleName))],
    }),

  createTuples: async (ctx) => {
    const defs = ctx.body.tuples.map(tupleFromJson);
    await changeCatalog(ctx.engine, (c) => addTuples(c, defs));
    return { message: created(defs) };
  },

  createTuplesGsql: async (ctx) => {
    const statements = parseStatements(ctx.body.gsql, ['TypedefTuple'], 'gsql');
    let defs: TupleDef[] = [];
    await changeCatalog(ctx.engine, (c) => {
      // Each statement sees the tuples before it, so one tuple may use another.
      defs = [];
      return statements.reduce((acc, statement) => {
        const def = tupleFromTypedef(acc, statement);
        defs.push(def);
        return addTuples(acc, [def]);
      }, c);
    });
    return { message: created(defs) };
  },

  dropTuple: async (ctx) => {
    const name = ctx.params.tupleName;
    await changeCatalog(ctx.engine, (c) => withoutTuples(c, [name]));
    return { message: droppedTuples([name]) };
  },

  dropTuples: async (ctx) => {
    const names = ctx.query.tupleName;
    await changeCatalog(ctx.engine, (c) => withoutTuples(c, names));
    return { message: droppedTuples(names) };
  },

  listAccums: (ctx) =>
    Promise.resolve({
      results: accumStore(ctx.engine).current.map((a) => ({ [a.name]: a.text })),
    }),

  getAccum: (ctx) => {
    const accum = requireAccum(accumStore(ctx.engine).current, ctx.params.accumName);
    return Promise.resolve({ results: [{ [accum.name]: accum.text }] });
  },

  createAccum: async (ctx) => {
    const added = accumTypedefs(ctx.body.AccumString);
    await accumStore(ctx.engine).update((current) => ({
      next: addAccums(current, added),
      result: undefined,
    }));
    return { message: 'Successfully create accumulator.' };
  },

  dropAccum: async (ctx) => {
    const name = ctx.params.accumName;
    await accumStore(ctx.engine).update((current) => ({
      next: withoutAccums(current, [name]),
      result: undefined,
    }));
    return { message: droppedAccums([name]) };
  },

  dropAccums: async (ctx) => {
    const names = ctx.query.accumName;
    await accumStore(ctx.engine).update((current) => ({
      next: withoutAccums(current, names),
      result: undefined,
    }));
    return { message: droppedAccums(names) };
  },
});
