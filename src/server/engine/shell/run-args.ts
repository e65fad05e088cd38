// Arguments of RUN QUERY / INTERPRET QUERY in the shell, as the GSQL reference writes them:
// positional `q(21, _, "2020-02-02 20:02:20")` (`_` or a shorter list keeps the defaults) or by
// name as one JSON object `q({"name": "Emma", "age": 21})`; sets and bags as `[1, 5, 10]`;
// a VERTEX<T> as its id `"person2"` (or `{"id": "person2"}`), a generic VERTEX as
// `("person1", "Person")` (or `{"id": ..., "type": ...}`); DATETIME as `"YYYY-MM-DD HH:MM:SS"`.
// Each argument is checked against its parameter's type, and a vertex must exist in the graph,
// before anything runs: a bad one is refused at its line:column and nothing changes.
import {
  constantNumber,
  constantText,
  type Expr,
  type RunQuery,
} from '../../../core/gsql/index.js';
import type { Engine } from '../engine.js';
import type { ParamSpec, QueryType } from '../query/index.js';
import { parseDatetime } from '../values.js';
import { RunArgumentError } from './errors.js';

type Param = Pick<ParamSpec, 'name' | 'type' | 't'>;

interface Where {
  readonly engine: Engine;
  readonly graph: string;
  readonly param: Param;
}

function fail(at: Expr, w: Where, why: string): never {
  throw new RunArgumentError(at.range.start, `parameter ${w.param.name} (${w.param.type}): ${why}`);
}

/** An argument as a refusal names it: a constant as written, else what sort of thing it is. */
function shown(e: Expr): string {
  if (e.kind === 'StringLit') return JSON.stringify(e.value);
  if (e.kind === 'ListLit') return 'a list';
  if (e.kind === 'TupleLit') return 'a tuple';
  if (e.kind === 'JsonObject') return 'a JSON object';
  return constantText(e) ?? 'an expression';
}

function idText(e: Expr | undefined): string | undefined {
  if (e?.kind === 'StringLit') return e.value;
  if (e?.kind === 'IntLit') return e.text;
  return undefined;
}

/** A vertex argument as `{id, type}`, checked to exist in the graph. */
function vertexArg(e: Expr, w: Where, vt: string | null): { id: string; type: string } {
  let id: string | undefined;
  let type: string | undefined = vt ?? undefined;
  if (e.kind === 'TupleLit' && e.items.length === 2) {
    id = idText(e.items[0]);
    type = e.items[1]?.kind === 'StringLit' ? e.items[1].value : undefined;
  } else if (e.kind === 'JsonObject') {
    const field = (k: string) => e.entries.find((x) => x.key === k)?.value;
    id = idText(field('id'));
    const t = field('type');
    if (t !== undefined) type = t.kind === 'StringLit' ? t.value : undefined;
  } else if (vt !== null) id = idText(e);
  const form = vt === null ? '("id", "type")' : '"id"';
  if (id === undefined || type === undefined)
    fail(e, w, `expected a vertex as ${form}, got ${shown(e)}`);
  if (vt !== null && type !== vt) fail(e, w, `expected a ${vt} vertex, not ${type}`);
  const def = w.engine.catalog.graphs.find((g) => g.name === w.graph);
  if (!def?.vertexTypes.includes(type))
    fail(e, w, `vertex type ${type} is not in graph ${w.graph}`);
  const table = w.engine.graph.vertices.get(type);
  if (!table || table.find(id) < 0) fail(e, w, `vertex ${type} "${id}" does not exist`);
  return { id, type };
}

/** One argument as the JSON value the query binder takes, or a refusal at the argument. */
function value(e: Expr, t: QueryType, w: Where): unknown {
  switch (t.k) {
    case 'int':
    case 'uint': {
      const n = constantNumber(e);
      if (n === undefined || (typeof n === 'number' && !Number.isInteger(n)))
        fail(e, w, `expected an integer, got ${shown(e)}`);
      if (t.k === 'uint' && n < 0) fail(e, w, `expected a non-negative integer, got ${String(n)}`);
      return n;
    }
    case 'float':
    case 'double': {
      const n = constantNumber(e);
      if (n === undefined) fail(e, w, `expected a number, got ${shown(e)}`);
      return Number(n);
    }
    case 'bool':
      if (e.kind !== 'BoolLit') fail(e, w, `expected true or false, got ${shown(e)}`);
      return e.value;
    case 'string':
      if (e.kind !== 'StringLit') fail(e, w, `expected a string, got ${shown(e)}`);
      return e.value;
    case 'datetime': {
      const text = e.kind === 'StringLit' || e.kind === 'DatetimeLit' ? e.value : undefined;
      if (text === undefined)
        fail(e, w, `expected a datetime "YYYY-MM-DD HH:MM:SS", got ${shown(e)}`);
      try {
        parseDatetime(text);
      } catch {
        fail(e, w, `${JSON.stringify(text)} is not a datetime (YYYY-MM-DD HH:MM:SS)`);
      }
      return text;
    }
    case 'vertex':
      return vertexArg(e, w, t.vt);
    case 'list':
    case 'set':
    case 'bag': {
      if (e.kind !== 'ListLit') fail(e, w, `expected a list in brackets [a, b], got ${shown(e)}`);
      // A SET keeps each value once: the query binder removes repeats.
      return e.items.map((item) => value(item, t.el, w));
    }
    case 'map':
      if (e.kind !== 'JsonObject') fail(e, w, `expected a JSON object, got ${shown(e)}`);
      return Object.fromEntries(e.entries.map((x) => [x.key, value(x.value, t.val, w)]));
    case 'accum':
    case 'any':
    case 'edge':
    case 'file':
    case 'json':
    case 'tuple':
    case 'void':
    case 'vset':
      if (e.kind === 'StringLit') return e.value;
      return fail(e, w, `${w.param.type} parameters cannot be given to RUN QUERY`);
  }
}

/** Whether the argument keeps the parameter's default: `_` or `null`. */
function keepsDefault(e: Expr): boolean {
  return (e.kind === 'Wildcard' && e.symbol === '_') || e.kind === 'NullLit';
}

/** The arguments of a RUN/INTERPRET QUERY statement by parameter name; omitted ones are absent. */
export function runArguments(
  engine: Engine,
  graph: string,
  params: readonly Param[],
  node: RunQuery,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const [only] = node.args;
  const named =
    node.args.length === 1 &&
    (only?.kind === 'JsonObject' || (only?.kind === 'VertexSetLit' && only.items.length === 0));
  if (named && only?.kind === 'JsonObject') {
    for (const entry of only.entries) {
      const param = params.find((p) => p.name === entry.key);
      if (!param)
        throw new RunArgumentError(
          entry.range.start,
          `${entry.key} is not a parameter of query ${node.name}`,
        );
      if (Object.prototype.hasOwnProperty.call(args, param.name))
        throw new RunArgumentError(entry.range.start, `parameter ${param.name} is given twice`);
      if (!keepsDefault(entry.value))
        args[param.name] = value(entry.value, param.t, { engine, graph, param });
    }
    return args;
  }
  if (named) return args;
  const extra = node.args[params.length];
  if (extra !== undefined)
    throw new RunArgumentError(
      extra.range.start,
      `query ${node.name} takes ${params.length} parameter(s), ${node.args.length} given`,
    );
  node.args.forEach((e, i) => {
    const param = params[i];
    if (param && !keepsDefault(e)) args[param.name] = value(e, param.t, { engine, graph, param });
  });
  return args;
}
