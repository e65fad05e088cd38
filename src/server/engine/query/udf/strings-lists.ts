// Library UDFs over strings and lists: tg_extract_list (comma-separated floats),
// tg_str_to_float (std::stof), getVal /
// tg_getVal (a list element by index), and getVertexesFromEdge / tg_getVertexesFromEdge (adds
// both endpoints of each edge of a set to a vertex SetAccum given as the second argument).
import { elementsOf, SetAcc } from '../accum.js';
import { QueryRuntimeError } from '../errors.js';
import type { Builtin } from '../functions.js';
import { EdgeRef, num, vid } from '../runtime-values.js';
import { DOUBLE, FLOAT, VOID, type T } from '../types.js';

const fixed = (t: T) => () => t;

/** std::stof: the longest leading number (after spaces); no number at all is an error. */
function stof(s: string): number {
  const m = /^\s*[-+]?(?:inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/i.exec(s);
  if (!m) throw new QueryRuntimeError('QUERY-BAD-VALUE', `cannot convert "${s}" to FLOAT`);
  const t = m[0].trim().toLowerCase().replace(/^\+/, '');
  if (t.endsWith('nan')) return NaN;
  if (t.includes('inf')) return t.startsWith('-') ? -Infinity : Infinity;
  return Math.fround(Number(t));
}

export function extractList(s: string): number[] {
  return s.split(',').map(stof);
}

function getVal(list: unknown, i: unknown): unknown {
  const xs = elementsOf(list);
  const k = num(i);
  if (!Number.isInteger(k) || k < 0 || k >= xs.length)
    throw new QueryRuntimeError('QUERY-BAD-VALUE', `list index ${k} out of range`);
  return xs[k];
}

function vertexesFromEdges(edges: unknown, out: unknown): null {
  if (!(out instanceof SetAcc))
    throw new QueryRuntimeError('QUERY-BAD-VALUE', 'the second argument must be a SetAccum');
  for (const e of elementsOf(edges)) {
    if (!(e instanceof EdgeRef)) continue;
    const t = e.table;
    out.add(vid(t.srcType[e.slot] ?? 0, t.src[e.slot] ?? 0));
    out.add(vid(t.dstType[e.slot] ?? 0, t.dst[e.slot] ?? 0));
  }
  return null;
}

const getValUdf: Builtin = {
  min: 2,
  max: 2,
  type: fixed(DOUBLE),
  fn: (a) => num(getVal(a[0], a[1])),
};
const fromEdges: Builtin = {
  min: 2,
  max: 2,
  type: fixed(VOID),
  fn: (a) => vertexesFromEdges(a[0], a[1]),
};

export const STRING_LIST_UDFS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  [
    'tg_extract_list',
    { min: 1, max: 1, type: fixed({ k: 'list', el: FLOAT }), fn: (a) => extractList(String(a[0])) },
  ],
  ['tg_str_to_float', { min: 1, max: 1, type: fixed(FLOAT), fn: (a) => stof(String(a[0])) }],
  ['tg_getVal', getValUdf],
  ['getVal', getValUdf],
  ['tg_getVertexesFromEdge', fromEdges],
  ['getVertexesFromEdge', fromEdges],
]);
