// PRINT's JSON form of query values, as the real service writes it (see the tests for every
// choice): vertices as their id text outside vertex sets, vertex sets as {v_id, v_type,
// attributes} with vertex accumulators as "@name" keys, maps and tuples as objects, lists, sets,
// bags, arrays and heaps as arrays, GroupByAccum as an array of objects, DATETIME as
// "YYYY-MM-DD HH:MM:SS" (but as epoch seconds inside collection accumulators), FLOAT (its 32-bit
// value) to 7 and DOUBLE to 16 significant digits (the attribute-types page: "[v3.9.2+] FLOAT and
// DOUBLE values are displayed with up to 7 and 16 digits of precision", as the 4.x recordings
// show: 0.001119343, 0.8887959, 13680.39489561613; the older recordings' 5 fixed decimals,
// 202.32001 for FLOAT 202.32, are the earlier versions'), BitwiseAnd/OrAccum as 64 binary
// digits, INT beyond 2^53 exact (bigint; `stringifyResult`).
import type { AttrType } from '../catalog/types.js';
import type { Graph } from '../graph/graph.js';
import { coerce, formatDatetime } from '../values.js';
import {
  AccBase,
  ArrayAcc,
  AvgAcc,
  PercentileAcc,
  GroupByAcc,
  HeapAcc,
  MapAcc,
  ScalarAcc,
  type Acc,
} from './accum.js';
import { EdgeRef, VSet, vslotOf, vtypeOf } from './runtime-values.js';
import { accumValueType, type AccSpec, type T } from './types.js';

/** A vertex accumulator as PRINT shows it inside a vertex's attributes. */
export interface PrintedVertexAccum {
  readonly name: string;
  readonly type: T;
  read(id: number): unknown;
}

export interface OutCtx {
  readonly graph: Graph;
  readonly vertexAccums: readonly PrintedVertexAccum[];
}

/** Significant digits of printed FLOAT and DOUBLE values (the attribute-types page, v3.9.2+). */
export const FLOAT_DIGITS = 7;
export const DOUBLE_DIGITS = 16;

/**
 * The most a printed FLOAT or DOUBLE may differ from the value computed in 64 bits: half a unit
 * in the 7th significant digit, plus the 32-bit rounding of a FLOAT (for tests comparing answers).
 */
export function printRounding(v: number): number {
  return 1e-6 * Math.abs(v) + 1e-12;
}

/** A FLOAT as PRINT writes it: its 32-bit value to 7 significant digits. */
export function formatFloat(v: number): number | string {
  return printed(Math.fround(v), FLOAT_DIGITS);
}
/**
 * A DOUBLE as PRINT writes it; infinities and NaN are the strings "inf", "-inf" and "NaN" (the
 * attribute-types page's warning: such expressions give a non-numeric string result).
 */
export function formatDouble(v: number): number | string {
  return printed(v, DOUBLE_DIGITS);
}

function printed(v: number, digits: number): number | string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  const r = Number(v.toPrecision(digits));
  return r === 0 ? 0 : r;
}

/**
 * BitwiseAndAccum / BitwiseOrAccum print their bits as binary digits: 64 (the two's complement
 * of the INT they hold), or the declared length.
 */
function bitsOut(v: unknown, bits = 64): string {
  const n = typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v) || 0));
  return BigInt.asUintN(bits, n).toString(2).padStart(bits, '0');
}

export function vertexIdText(graph: Graph, id: unknown): string {
  if (typeof id !== 'number') return '';
  return graph.vertexByIndex[vtypeOf(id)]?.ids[vslotOf(id)] ?? '';
}

function primitiveAttrOut(name: (AttrType & { kind: 'primitive' })['name'], v: unknown): unknown {
  switch (name) {
    case 'DATETIME':
      return formatDatetime(typeof v === 'number' ? v : 0);
    case 'FLOAT':
      return typeof v === 'number' ? formatFloat(v) : v;
    case 'DOUBLE':
      return typeof v === 'number' ? formatDouble(v) : v;
    case 'BOOL':
    case 'INT':
    case 'STRING':
    case 'UINT':
      return v;
  }
}

function attrOut(type: AttrType, v: unknown): unknown {
  switch (type.kind) {
    case 'primitive':
      return primitiveAttrOut(type.name, v);
    case 'list':
    case 'set':
      return Array.isArray(v) ? v.map((x) => attrOut(type.element, x)) : [];
    case 'map': {
      const o: Record<string, unknown> = {};
      if (v instanceof Map)
        for (const [k, x] of v) o[String(attrOut(type.key, k))] = attrOut(type.value, x);
      return o;
    }
    case 'tuple':
      return v;
  }
}

export function edgeOut(graph: Graph, e: EdgeRef): Record<string, unknown> {
  const t = e.table;
  const from = graph.vertexByIndex[t.srcType[e.slot] ?? 0];
  const to = graph.vertexByIndex[t.dstType[e.slot] ?? 0];
  const fromId = from?.ids[t.src[e.slot] ?? 0] ?? '';
  const toId = to?.ids[t.dst[e.slot] ?? 0] ?? '';
  const attributes: Record<string, unknown> = {};
  t.def.attributes.forEach((a, i) => {
    attributes[a.name] = attrOut(a.type, t.columns[i]?.[e.slot]);
  });
  return {
    e_type: e.name,
    from_id: e.flip ? toId : fromId,
    from_type: (e.flip ? to : from)?.def.name ?? '',
    to_id: e.flip ? fromId : toId,
    to_type: (e.flip ? from : to)?.def.name ?? '',
    directed: t.def.directed,
    attributes,
  };
}

/** A vertex's stored attributes in output form (primary id first when it is an attribute). */
export function vertexAttributes(graph: Graph, id: number): Record<string, unknown> {
  const table = graph.vertexByIndex[vtypeOf(id)];
  const out: Record<string, unknown> = {};
  if (!table) return out;
  const slot = vslotOf(id);
  const def = table.def;
  // The id shown as an attribute has the id's declared type: a UINT id prints as a number (v_id
  // stays text), as REST records show it.
  if (def.primaryIdAsAttribute && !def.primaryKeySyntax)
    out[def.primaryId.name] = attrOut(
      def.primaryId.type,
      coerce(def.primaryId.type, table.ids[slot]),
    );
  def.attributes.forEach((a, i) => {
    out[a.name] = attrOut(a.type, table.columns[i]?.[slot]);
  });
  return out;
}

export function vertexOut(
  ctx: OutCtx,
  id: number,
  attributes: Record<string, unknown>,
): Record<string, unknown> {
  const table = ctx.graph.vertexByIndex[vtypeOf(id)];
  return { v_id: table?.ids[vslotOf(id)] ?? '', v_type: table?.def.name ?? '', attributes };
}

/** A whole vertex set: attributes then every vertex accumulator as "@name". */
export function vsetOut(ctx: OutCtx, set: VSet): unknown[] {
  return Array.from(set.ids, (id) => {
    const attributes = vertexAttributes(ctx.graph, id);
    for (const va of ctx.vertexAccums) attributes[`@${va.name}`] = out(ctx, va.read(id), va.type);
    return vertexOut(ctx, id, attributes);
  });
}

function accOut(ctx: OutCtx, acc: Acc): unknown {
  const spec: AccSpec = acc.spec;
  if (spec.name === 'BitwiseAndAccum' || spec.name === 'BitwiseOrAccum')
    return bitsOut(acc.value(), spec.bits);
  if (acc instanceof ScalarAcc || acc instanceof AvgAcc || acc instanceof PercentileAcc)
    return out(ctx, acc.value(), accumValueType(spec));
  if (acc instanceof MapAcc) {
    const o: Record<string, unknown> = {};
    const keyType = spec.key ?? { k: 'any' };
    const valSpec = spec.val;
    // A plain DATETIME value (kept by an overwrite accumulator) prints as a collection element.
    const plainValue = valSpec?.name === 'Overwrite' ? valSpec.el : null;
    for (const e of acc.map.values()) {
      const k = elementOut(ctx, e.k, keyType);
      o[typeof k === 'string' ? k : (JSON.stringify(k) ?? String(k))] = plainValue
        ? elementOut(ctx, e.acc.value(), plainValue)
        : valSpec
          ? accOut(ctx, e.acc)
          : out(ctx, e.acc.value(), { k: 'any' });
    }
    return o;
  }
  if (acc instanceof HeapAcc) return acc.list.map((x) => out(ctx, x, spec.el));
  if (acc instanceof GroupByAcc) {
    return [...acc.map.values()].map((e) => {
      const o: Record<string, unknown> = {};
      (spec.groupKeys ?? []).forEach((k, i) => {
        o[k.name] = out(ctx, e.keys[i], k.type);
      });
      (spec.groupAccs ?? []).forEach((a, i) => {
        const inner = e.accs[i];
        o[a.name] = inner ? accOut(ctx, inner) : null;
      });
      return o;
    });
  }
  if (acc instanceof ArrayAcc) return nest(ctx, acc, 0, 0);
  return acc.items().map((x) => elementOut(ctx, x, spec.el));
}

/**
 * An element of a ListAccum, SetAccum or BagAccum, or a MapAccum key or plain value: a DATETIME
 * there prints as its epoch seconds, as the reference's results show for BagAccum<DATETIME> and
 * MapAccum<VERTEX, DATETIME> (accum_arrayaccum, accum_groupbyaccum), while a DATETIME variable
 * or scalar accumulator prints as "YYYY-MM-DD HH:MM:SS". Nested lists hold plain arrays.
 */
function elementOut(ctx: OutCtx, v: unknown, t: T): unknown {
  if (t.k === 'datetime') return typeof v === 'number' ? v : 0;
  if (t.k === 'accum' && Array.isArray(v)) return v.map((x) => elementOut(ctx, x, t.a.el));
  return out(ctx, v, t);
}

function nest(ctx: OutCtx, acc: ArrayAcc, dim: number, offset: number): unknown[] {
  const n = acc.dims[dim] ?? 0;
  const res: unknown[] = [];
  const stride = acc.dims.slice(dim + 1).reduce((a, b) => a * b, 1);
  for (let i = 0; i < n; i++) {
    if (dim + 1 < acc.dims.length) res.push(nest(ctx, acc, dim + 1, offset + i * stride));
    else {
      const c = acc.cells[offset + i];
      res.push(c ? accOut(ctx, c) : null);
    }
  }
  return res;
}

/** The JSON form of `v` of static type `t`. */
export function out(ctx: OutCtx, v: unknown, t: T): unknown {
  if (v instanceof AccBase) return accOut(ctx, v);
  if (v instanceof VSet) return vsetOut(ctx, v);
  if (v instanceof EdgeRef) return edgeOut(ctx.graph, v);
  switch (t.k) {
    case 'float':
      return typeof v === 'number' ? formatFloat(v) : v;
    case 'double':
      return typeof v === 'number' ? formatDouble(v) : v;
    case 'datetime':
      return formatDatetime(typeof v === 'number' ? v : 0);
    // A VERTEX or EDGE variable given no value: "Unknown" and {} (the data-types page's defaults).
    case 'vertex':
      return v === null || v === undefined ? 'Unknown' : vertexIdText(ctx.graph, v);
    case 'edge':
      return v === null || v === undefined ? {} : v;
    case 'list':
    case 'set':
    case 'bag':
      return Array.isArray(v) ? v.map((x) => out(ctx, x, t.el)) : [];
    case 'map': {
      const o: Record<string, unknown> = {};
      if (v instanceof Map)
        for (const [k, x] of v) o[String(out(ctx, k, t.key))] = out(ctx, x, t.val);
      return o;
    }
    case 'tuple': {
      if (typeof v !== 'object' || v === null) return v;
      const o: Record<string, unknown> = {};
      const rec = v as Record<string, unknown>;
      for (const f of t.fields) o[f.name] = out(ctx, rec[f.name], f.type);
      return o;
    }
    case 'accum':
      // A collection held as a plain value (an element of a nested accumulator).
      if (Array.isArray(v)) return v.map((x) => out(ctx, x, t.a.el));
      if (t.a.name === 'BitwiseAndAccum' || t.a.name === 'BitwiseOrAccum')
        return bitsOut(v, t.a.bits);
      return out(ctx, v, accumValueType(t.a));
    case 'any':
      return anyOut(ctx, v);
    case 'bool':
    case 'file':
    case 'int':
    case 'json':
    case 'string':
    case 'uint':
    case 'void':
    case 'vset':
      return v;
  }
}

function anyOut(ctx: OutCtx, v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => anyOut(ctx, x));
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) o[String(anyOut(ctx, k))] = anyOut(ctx, x);
    return o;
  }
  if (typeof v === 'number') return formatDouble(v);
  if (v && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = anyOut(ctx, x);
    return o;
  }
  return v === undefined ? null : v;
}

/** JSON text of a result with bigints written as exact integers. */
export function stringifyResult(value: unknown, space?: number): string {
  const marks = new Map<string, string>();
  const text = JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v === 'bigint') {
        const mark = `\u0000big${marks.size}\u0000`;
        marks.set(mark, v.toString());
        return mark;
      }
      return v;
    },
    space,
  );
  if (marks.size === 0) return text;
  return text.replace(/"\\u0000big\d+\\u0000"/g, (m) => marks.get(JSON.parse(m) as string) ?? m);
}
