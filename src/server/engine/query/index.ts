// The query engine module: compile a GSQL query (CREATE QUERY or INTERPRET block) once into
// closures, run it many times against the engine's in-memory graph, PRINT the real service's
// JSON. Writes are collected and applied atomically at the end through `engine.write`.
import { writeFile } from 'node:fs/promises';
import type { CreateQuery, Expr, InterpretBlock } from '../../../core/gsql/index.js';
import { parseDatetime, ValueError } from '../values.js';
import { elementsOf } from './accum.js';
import { CompileContext } from './compile/context/compile-context.js';
import type {
  CompileEnv,
  CompiledQuery,
  Cx,
  ParamSpec,
  QueryOutput,
} from './compile/context/compile-types.js';
import { declare } from './compile/context/symbols.js';
import { compileExpr } from './compile/expressions/expr.js';
import { typeOf } from './compile/expressions/typing.js';
import { directAccums } from './compile/query/direct-accums.js';
import { checkReturns, compileQueryBlock } from './compile/query/query-statement.js';
import { QueryCompileError, QueryRuntimeError } from './errors.js';
import { allowedWritePath } from './file-paths.js';
import { engineLimitError } from './memory.js';
import { Run, type FileObject, type RunContext } from './run.js';
import { converter, defaultValue, keyOf, VSet, vid } from './runtime-values.js';
import { typeName, type T } from './types.js';
import { WriteSet } from './writes.js';

export { QueryCompileError, QueryRuntimeError } from './errors.js';
export type { QueryCompileCode, QueryProblem, QueryRuntimeCode } from './errors.js';
export type {
  CompileEnv,
  CompiledQuery,
  ParamSpec,
  QueryOutput,
} from './compile/context/compile-types.js';
export type { CompiledQueryLike, RunContext } from './run.js';
export { stringifyResult } from './output.js';
export type { T as QueryType } from './types.js';

/**
 * How deep subquery calls (recursion included) may nest: each level is a run frame, and a call
 * from an ACCUM clause runs on the JavaScript stack, which this keeps far from its limit.
 */
export const maxCallDepth = 200;

/** Compiles a query; throws QueryCompileError with every problem found. */
export function compileQuery(ast: CreateQuery | InterpretBlock, env: CompileEnv): CompiledQuery {
  const c = new CompileContext(env);
  if (!c.graphDef)
    throw new QueryCompileError([
      {
        code: 'QUERY-UNKNOWN-TYPE',
        message: `graph ${env.graphName} does not exist`,
        line: ast.range.start.line,
        column: ast.range.start.column,
      },
    ]);
  c.syntax = ast.syntax?.toLowerCase() ?? null;
  if (ast.kind === 'CreateQuery')
    c.self = {
      name: ast.name,
      returns: ast.returns,
      distributed: ast.distributed,
      query: null,
    };
  const cx: Cx = { scope: c.root, mode: 'body', hoists: null };
  const params: (ParamSpec & { slot: number })[] = [];
  for (const p of ast.params) {
    const t = typeOf(c, p.type);
    const slot = c.slot();
    declare(c, cx, p.name, { kind: 'var', slot, t, row: false }, p);
    c.paramSlots.add(slot);
    let def: unknown = undefined;
    if (p.defaultValue) def = constantValue(c, p.defaultValue, cx);
    params.push({ name: p.name, type: typeName(t), t, default: def, slot });
  }
  const body = compileQueryBlock(c, ast.body, cx, false);
  checkReturns(c, ast);
  const direct = directAccums(c, ast.body);
  if (c.problems.length > 0) throw new QueryCompileError(c.problems);
  const returns = ast.kind === 'CreateQuery' && ast.returns ? typeOf(c, ast.returns) : null;
  const name = ast.kind === 'CreateQuery' ? ast.name : 'anonymous';

  const execute = async (r: Run): Promise<void> => {
    r.check();
    if (body.async) await body.async(r);
    else body.sync(r);
  };
  const child = (args: readonly unknown[], parent: Run): Run => {
    const r = new Run(parent.ctx, c.frameSize, parent.writes, parent.files, parent.depth + 1);
    r.directAdd = direct;
    if (r.depth > maxCallDepth)
      throw new QueryRuntimeError(
        'QUERY-TOO-DEEP',
        `query ${name}: subquery calls nest deeper than ${maxCallDepth} (a recursion without end?)`,
      );
    params.forEach((p, i) => {
      const v = i < args.length ? args[i] : p.default;
      r.f[p.slot] = subqueryArg(p.t, v);
    });
    return r;
  };

  const compiled: CompiledQuery = {
    name,
    params: params.map(({ slot: _slot, ...p }) => p),
    returns,
    selectTiers: c.selectTiers,
    visitFlags: c.visitFlags,
    async run(args: Record<string, unknown>, ctx: RunContext): Promise<QueryOutput> {
      const writes = new WriteSet(ctx.graph);
      const files: FileObject[] = [];
      const r = new Run(ctx, c.frameSize, writes, files);
      r.directAdd = direct;
      try {
        const nulls = new Set<number>();
        for (const p of params) {
          const given = Object.prototype.hasOwnProperty.call(args, p.name)
            ? args[p.name]
            : undefined;
          // No value and no default: the parameter IS NULL (its reads see the type's default).
          if ((given === undefined || given === null) && p.default === undefined) nulls.add(p.slot);
          r.f[p.slot] = bindParam(r, p, given);
        }
        r.nullParams = nulls;
        await execute(r);
        // The last slice may end without a yield: its growth (the printed results) counts too.
        r.checkMemory();
      } catch (e) {
        throw engineLimitError(e) ?? e;
      } finally {
        r.release();
      }
      let mutations = 0;
      if (!writes.empty) {
        if (!ctx.engine)
          throw new QueryRuntimeError(
            'QUERY-WRITE-FAILED',
            'this query writes, but no engine was given',
          );
        const list = writes.mutations();
        r.check();
        try {
          await ctx.engine.write(() => ({ mutations: list }));
        } catch (e) {
          throw new QueryRuntimeError(
            'QUERY-WRITE-FAILED',
            `the query's writes were refused: ${(e as Error).message}`,
          );
        }
        mutations = list.length;
      }
      for (const f of files) {
        // Checked again as written: a symlink made while the query ran may not lead outside.
        const real = allowedWritePath(f.path, ctx.allowedFileDirs ?? []);
        if (real === undefined)
          throw new QueryRuntimeError(
            'QUERY-FILE-DENIED',
            `the query may not write to ${f.path}: it is outside the allowed folders`,
          );
        await writeFile(real, f.lines.map((l) => `${l}\n`).join(''));
      }
      return {
        results: r.out,
        mutations,
        ...(r.warnings.length > 0 ? { warnings: r.warnings } : {}),
      };
    },
    async callAsSubquery(args: readonly unknown[], parent: Run): Promise<unknown> {
      const r = child(args, parent);
      try {
        await execute(r);
      } finally {
        r.release();
      }
      return r.returned;
    },
    callSync(args: readonly unknown[], parent: Run): unknown {
      const r = child(args, parent);
      try {
        r.check();
        body.sync(r);
      } catch (e) {
        // A backstop: the depth limit keeps calls from an ACCUM clause off the stack's end.
        if (e instanceof RangeError && /call stack/i.test(e.message))
          throw new QueryRuntimeError('QUERY-TOO-DEEP', `query ${name}: calls nest too deeply`);
        throw e;
      } finally {
        r.release();
      }
      return r.returned;
    },
  };
  if (c.self) c.self.query = compiled;
  return compiled;
}

function constantValue(c: CompileContext, e: Expr, cx: Cx): unknown {
  const ce = compileExpr(c, e, cx);
  try {
    return ce.f(undefined as unknown as Run);
  } catch {
    return undefined;
  }
}

function subqueryArg(t: T, v: unknown): unknown {
  if (t.k === 'list' || t.k === 'set' || t.k === 'bag') return elementsOf(v).slice();
  if (t.k === 'vset') return v instanceof VSet ? v : new VSet(elementsOf(v) as number[]);
  const conv = converter(t);
  return conv && v !== undefined && v !== null ? conv(v) : v;
}

function badParam(p: ParamSpec, message: string): never {
  throw new QueryRuntimeError('QUERY-BAD-PARAM', `parameter ${p.name}: ${message}`);
}

/** Resolves a vertex given as an id (typed parameter), {id, type} or [id, type]. */
function vertexParam(r: Run, p: ParamSpec, vt: string | null, v: unknown): number {
  let id: unknown = v;
  let type: unknown = vt;
  if (Array.isArray(v)) [id, type] = v as unknown[];
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    id = o.id ?? o.v_id;
    type = o.type ?? o.v_type ?? vt;
  }
  if (typeof type !== 'string' || type === '') badParam(p, 'a vertex needs its type');
  const table = r.graph.vertices.get(type);
  if (!table) badParam(p, `unknown vertex type ${type}`);
  if (vt && type !== vt) badParam(p, `expected a ${vt} vertex, not ${type}`);
  const slot = table.find(String(id));
  if (slot < 0) badParam(p, `vertex ${type} ${String(id)} does not exist`);
  return vid(table.typeIndex, slot);
}

function bindValue(r: Run, p: ParamSpec, t: T, v: unknown): unknown {
  switch (t.k) {
    case 'vertex':
      return vertexParam(r, p, t.vt, v);
    case 'datetime':
      try {
        return parseDatetime(v);
      } catch (e) {
        if (e instanceof ValueError) badParam(p, e.message);
        throw e;
      }
    case 'list':
    case 'set':
    case 'bag': {
      const items = Array.isArray(v) ? v : [v];
      const bound = items.map((x) => bindValue(r, p, t.el, x));
      if (t.k !== 'set') return bound;
      // A SET parameter holds each value once, however often the caller repeated it.
      const seen = new Set<unknown>();
      return bound.filter((x) => !seen.has(keyOf(x)) && seen.add(keyOf(x)));
    }
    case 'int':
    case 'uint': {
      if (typeof v === 'string' && !/^\s*[-+]?\d+\s*$/.test(v))
        badParam(p, `${v} is not an integer`);
      if (typeof v === 'number' && !Number.isInteger(v)) badParam(p, `${v} is not an integer`);
      return (converter(t) as (x: unknown) => unknown)(v);
    }
    case 'float':
    case 'double': {
      const n = typeof v === 'string' ? Number(v) : v;
      if (typeof n !== 'number' || Number.isNaN(n)) badParam(p, `${String(v)} is not a number`);
      return (converter(t) as (x: unknown) => unknown)(n);
    }
    case 'bool':
      if (v === true || v === 'true' || v === 1 || v === '1') return true;
      if (v === false || v === 'false' || v === 0 || v === '0') return false;
      return badParam(p, `${String(v)} is not a boolean`);
    case 'map':
      if (v instanceof Map) return v;
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (Array.isArray(o.keylist) && Array.isArray(o.valuelist))
          return new Map(
            o.keylist.map((k, i) => [
              bindValue(r, p, t.key, k),
              bindValue(r, p, t.val, (o.valuelist as unknown[])[i]),
            ]),
          );
        return new Map(
          Object.entries(o).map(([k, x]) => [bindValue(r, p, t.key, k), bindValue(r, p, t.val, x)]),
        );
      }
      return badParam(p, 'expected a map');
    case 'accum':
    case 'any':
    case 'edge':
    case 'file':
    case 'json':
    case 'string':
    case 'tuple':
    case 'void':
    case 'vset': {
      const conv = converter(t);
      return conv ? conv(v) : v;
    }
  }
}

function bindParam(r: Run, p: ParamSpec, given: unknown): unknown {
  if (given === undefined || given === null) {
    if (p.default !== undefined) return bindValue(r, p, p.t, p.default);
    return defaultValue(p.t);
  }
  return bindValue(r, p, p.t, given);
}
