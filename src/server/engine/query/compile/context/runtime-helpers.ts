// Context layer: runtime helpers the compiled closures of every layer call (collection and
// vertex-set operators, dynamic arithmetic, LIKE patterns, value snapshots and conversions,
// files, accumulator calls). No AST node is compiled here.
import { formatDatetime } from '../../../values.js';
import {
  ArrayAcc,
  BagAcc,
  elementsOf,
  GroupByAcc,
  HeapAcc,
  ListAcc,
  MapAcc,
  SetAcc,
  type Acc,
  AccBase,
} from '../../accum.js';
import { QueryRuntimeError } from '../../errors.js';
import { allowedWritePath } from '../../file-paths.js';
import { toStringValue } from '../../functions.js';
import { vertexIdText } from '../../output.js';
import type { FileObject, Run } from '../../run.js';
import {
  EdgeRef,
  eq,
  iadd,
  idiv,
  imul,
  isub,
  keyOf,
  num,
  VSet,
  vid,
} from '../../runtime-values.js';
import { ANY, VERTEX, type T } from '../../types.js';
import { dedupeIds, vertexIds } from '../../vertex-ids.js';

export function isListLike(t: T): boolean {
  return t.k === 'list' || (t.k === 'accum' && t.a.name === 'ListAccum');
}

export function listOf(t: T): T {
  return t.k === 'accum' ? { k: 'list', el: t.a.el } : t;
}

export function edgeAttr(e: EdgeRef, name: string): unknown {
  const i = e.table.def.attributes.findIndex((a) => a.name === name);
  if (i < 0)
    throw new QueryRuntimeError(
      'QUERY-UNKNOWN-ATTRIBUTE',
      `edge type ${e.table.def.name} has no attribute ${name}`,
    );
  return e.table.columns[i]?.[e.slot];
}

export function contains(coll: unknown, x: unknown): boolean {
  if (coll instanceof VSet) return typeof x === 'number' && coll.has(x);
  if (coll instanceof SetAcc) return coll.has(x);
  if (coll instanceof MapAcc) return coll.has(x);
  if (coll instanceof BagAcc) return coll.count(x) > 0;
  const k = keyOf(x);
  for (const y of elementsOf(coll)) if (keyOf(y) === k) return true;
  return false;
}

export function vsetOp(op: string, a: unknown, b: unknown): VSet {
  const x = a instanceof VSet ? a : new VSet(dedupeIds(vertexIds(elementsOf(a) as number[])));
  const y = b instanceof VSet ? b : new VSet(dedupeIds(vertexIds(elementsOf(b) as number[])));
  if (op === 'UNION') {
    // Both hold distinct ids: x's, then y's that x lacks.
    if (y.size === 0) return x;
    if (x.size === 0) return y;
    const out = new Float64Array(x.size + y.size);
    out.set(x.ids);
    let n = x.size;
    for (const id of y.ids) if (!x.has(id)) out[n++] = id;
    return new VSet(n === out.length ? out : out.slice(0, n));
  }
  if (op === 'INTERSECT') return new VSet(x.ids.filter((id) => y.has(id)));
  return new VSet(x.ids.filter((id) => !y.has(id)));
}

export function collectionOp(op: string, a: unknown, b: unknown): unknown[] {
  const xs = elementsOf(a);
  const ys = new Set(elementsOf(b).map(keyOf));
  const seen = new Set<unknown>();
  const outList: unknown[] = [];
  const push = (v: unknown) => {
    const k = keyOf(v);
    if (!seen.has(k)) {
      seen.add(k);
      outList.push(v);
    }
  };
  if (op === 'UNION') {
    for (const v of xs) push(v);
    for (const v of elementsOf(b)) push(v);
  } else if (op === 'INTERSECT') {
    for (const v of xs) if (ys.has(keyOf(v))) push(v);
  } else for (const v of xs) if (!ys.has(keyOf(v))) push(v);
  return outList;
}

/**
 * UNION / INTERSECT / MINUS when either side is a bag: multisets, so counts add, take the
 * smaller, or subtract (a set operand counts each element once).
 */
export function multisetOp(op: string, a: unknown, b: unknown): unknown[] {
  const counts = (v: unknown) => {
    const m = new Map<unknown, { v: unknown; n: number }>();
    for (const x of elementsOf(v)) {
      const k = keyOf(x);
      const e = m.get(k);
      if (e) e.n += 1;
      else m.set(k, { v: x, n: 1 });
    }
    return m;
  };
  const xs = counts(a);
  const ys = counts(b);
  const outList: unknown[] = [];
  const emit = (v: unknown, n: number) => {
    for (let i = 0; i < n; i++) outList.push(v);
  };
  if (op === 'UNION') {
    for (const [k, e] of xs) emit(e.v, e.n + (ys.get(k)?.n ?? 0));
    for (const [k, e] of ys) if (!xs.has(k)) emit(e.v, e.n);
  } else if (op === 'INTERSECT') {
    for (const [k, e] of xs) emit(e.v, Math.min(e.n, ys.get(k)?.n ?? 0));
  } else for (const [k, e] of xs) emit(e.v, Math.max(0, e.n - (ys.get(k)?.n ?? 0)));
  return outList;
}

/**
 * An integer divisor of a floating division, checked: the real service stops the run when it is
 * zero ("divider is zero", the exception statements page's `100.0/n1` with n1 = 0), while a
 * floating divisor of zero gives inf or NaN.
 */
export function intDivisor(y: unknown): unknown {
  if (y === 0 || y === 0n) throw new QueryRuntimeError('QUERY-DIVIDE-BY-ZERO', 'divider is zero.');
  return y;
}

export function dynArith(op: string, a: unknown, b: unknown): unknown {
  if (op === '+' && (a instanceof BagAcc || a instanceof ArrayAcc)) return accumPlus(a, b);
  if (typeof a === 'string' || typeof b === 'string') return toStringValue(a) + toStringValue(b);
  const ints =
    (typeof a === 'bigint' || (typeof a === 'number' && Number.isInteger(a))) &&
    (typeof b === 'bigint' || (typeof b === 'number' && Number.isInteger(b)));
  switch (op) {
    case '+':
      return ints ? iadd(a, b) : num(a) + num(b);
    case '-':
      return ints ? isub(a, b) : num(a) - num(b);
    case '*':
      return ints ? imul(a, b) : num(a) * num(b);
    default:
      return ints ? idiv(a, b) : num(a) / num(b);
  }
}

/**
 * `A + B` of two BagAccums (every element of both) or two ArrayAccums of one size (the sum cell
 * by cell, a new ArrayAccum): a new accumulator, the operands unchanged.
 */
function accumPlus(a: BagAcc | ArrayAcc, b: unknown): Acc {
  if (a instanceof ArrayAcc && !(b instanceof ArrayAcc && sameDims(a.dims, b.dims)))
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      'ArrayAccum + needs two ArrayAccums of the same size and dimensions',
    );
  const sum = a.copy();
  sum.add(b);
  return sum;
}

function sameDims(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

const regexChar = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * A LIKE character list starting at `pattern[start]` (the `[`), as the operators page defines it:
 * `[abc]`, `[^abc]` / `[!abc]` (not in the list), ranges `a-m`, and `\]` for a `]` (a backslash
 * elsewhere is itself). The regex class and the index after the `]`; null when none closes it.
 */
function likeCharList(pattern: string, start: number): { src: string; next: number } | null {
  let i = start + 1;
  const negate = pattern[i] === '^' || pattern[i] === '!';
  if (negate) i++;
  const chars: string[] = [];
  for (; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === ']') {
      const body = chars.join('');
      return {
        src: chars.length === 0 ? (negate ? '.' : '(?!)') : `[${negate ? '^' : ''}${body}]`,
        next: i + 1,
      };
    }
    if (c === '\\' && pattern[i + 1] === ']') {
      chars.push('\\]');
      i++;
    } else if (pattern[i + 1] === '-' && i + 2 < pattern.length && pattern[i + 2] !== ']') {
      chars.push(`${regexChar(c)}-${regexChar(pattern[i + 2] as string)}`);
      i += 2;
    } else chars.push(regexChar(c));
  }
  return null;
}

/** The regex of a LIKE pattern: % any run, _ one character, [lists], `escape` before a literal. */
export function likeRegex(pattern: string, escape: string): RegExp {
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === escape && i + 1 < pattern.length) {
      src += regexChar(pattern[++i] as string);
    } else if (c === '%') src += '.*';
    else if (c === '_') src += '.';
    else if (c === '[' && likeCharList(pattern, i)) {
      const list = likeCharList(pattern, i) as { src: string; next: number };
      src += list.src;
      i = list.next - 1;
    } else src += regexChar(c);
  }
  return new RegExp(`^${src}$`, 's');
}

/** A value deferred to the end of a clause: containers are copied so later changes do not leak. */
export function snapshotValue(v: unknown): unknown {
  return v instanceof AccBase ? v.copy() : v;
}

export function toVarValue(t: T, conv: ((v: unknown) => unknown) | null, v: unknown): unknown {
  switch (t.k) {
    case 'list':
    case 'bag':
      return elementsOf(v).slice();
    case 'set':
      return dedupeValues(elementsOf(v));
    case 'map':
      if (v instanceof MapAcc) return new Map([...v.map.values()].map((e) => [e.k, e.acc.value()]));
      return v instanceof Map ? new Map(v) : new Map();
    case 'vset':
      return toVSet(v);
    case 'tuple':
      return v && typeof v === 'object' ? { ...(v as Record<string, unknown>) } : v;
    case 'accum':
    case 'any':
    case 'bool':
    case 'datetime':
    case 'double':
    case 'edge':
    case 'file':
    case 'float':
    case 'int':
    case 'json':
    case 'string':
    case 'uint':
    case 'vertex':
    case 'void':
      return conv ? conv(v) : v;
  }
}

export function dedupeValues(xs: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  const res: unknown[] = [];
  for (const x of xs) {
    const k = keyOf(x);
    if (!seen.has(k)) {
      seen.add(k);
      res.push(x);
    }
  }
  return res;
}

export function toVSet(v: unknown): VSet {
  if (v instanceof VSet) return v;
  if (typeof v === 'number') return new VSet([v]);
  if (v === null || v === undefined) return VSet.empty;
  return new VSet(
    dedupeIds(vertexIds(elementsOf(v).filter((x): x is number => typeof x === 'number'))),
  );
}

export function openFile(r: Run, path: string): FileObject | null {
  if (path === '') return null;
  // Checked on real paths: a symlink inside an allowed folder may not lead outside it.
  const full = allowedWritePath(path, r.ctx.allowedFileDirs ?? []);
  if (full === undefined)
    throw new QueryRuntimeError(
      'QUERY-FILE-DENIED',
      `the query may not write to ${path}: it is outside the allowed folders`,
    );
  const existing = r.files.find((f) => f.path === full);
  if (existing) return existing;
  const file: FileObject = { path: full, lines: [] };
  r.files.push(file);
  return file;
}

/** The text println and TO_CSV write for a value: lists space-separated, vertices as ids. */
export function fileText(r: Run, v: unknown, t: T): string {
  if (v instanceof AccBase || Array.isArray(v) || v instanceof VSet) {
    const el: T = t.k === 'accum' ? t.a.el : t.k === 'vset' ? VERTEX : 'el' in t ? t.el : ANY;
    if (v instanceof MapAcc)
      return v
        .items()
        .map((k) => fileText(r, k, v.spec.key ?? ANY))
        .join(' ');
    const xs = v instanceof AccBase && isScalarLike(v) ? [v.value()] : elementsOf(v);
    return xs.map((x) => fileText(r, x, el)).join(' ');
  }
  if (t.k === 'vertex') return vertexIdText(r.graph, v);
  if (t.k === 'datetime') return formatDatetime(num(v));
  if (v instanceof EdgeRef) return `${v.name}`;
  if (t.k === 'float' && typeof v === 'number') return String(Number(v.toPrecision(7)));
  if (t.k === 'double' && typeof v === 'number') return String(Number(v.toPrecision(16)));
  if (v && typeof v === 'object')
    return Object.values(v)
      .map((x) => toStringValue(x))
      .join(' ');
  return toStringValue(v);
}

export function isScalarLike(v: AccBase): boolean {
  return v.value() !== v;
}

export function* rangeOf(a: number, b: number, step: number): Generator<number> {
  if (step === 0) throw new QueryRuntimeError('QUERY-BAD-VALUE', 'RANGE step must not be 0');
  if (step > 0) for (let i = a; i <= b; i += step) yield i;
  else for (let i = a; i >= b; i += step) yield i;
}

export function sizeOf(v: unknown): number {
  if (v instanceof VSet) return v.size;
  if (v instanceof AccBase) return v.size();
  if (Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (typeof v === 'string') return v.length;
  return 0;
}

export function accCall(
  acc: Acc,
  name: string,
  args: readonly unknown[],
  all: readonly unknown[] = args,
): unknown {
  switch (name) {
    case 'size':
      return acc.size();
    case 'contains':
      return contains(acc, args[0]);
    case 'clear':
      acc.clear();
      return undefined;
    case 'resize':
      if (acc instanceof HeapAcc) acc.resize(num(args[0]));
      return undefined;
    case 'reallocate':
      if (acc instanceof ArrayAcc) acc.reallocate(all.map(num));
      return undefined;
    case 'update': {
      // Only an existing position changes; the real service answers whether it did.
      if (!(acc instanceof ListAcc)) return false;
      const i = num(args[0]);
      if (!(Number.isInteger(i) && i >= 0 && i < acc.list.length)) return false;
      acc.list[i] = args[1];
      return true;
    }
    case 'remove':
      if (acc instanceof SetAcc || acc instanceof BagAcc || acc instanceof MapAcc)
        acc.remove(args[0]);
      else if (acc instanceof GroupByAcc) acc.remove(all);
      else if (acc instanceof ListAcc) {
        // An invalid index does nothing (a negative one must not count from the end).
        const i = num(args[0]);
        if (Number.isInteger(i) && i >= 0 && i < acc.list.length) acc.list.splice(i, 1);
      }
      return undefined;
    case 'removeall':
      if (acc instanceof BagAcc) acc.removeAll(args[0]);
      else if (acc instanceof ListAcc) acc.list = acc.list.filter((x) => !eq(x, args[0]));
      return undefined;
    case 'removeone': {
      // ListAccum: the first matching value; none matching does nothing.
      if (!(acc instanceof ListAcc)) break;
      const i = acc.list.findIndex((x) => eq(x, args[0]));
      if (i >= 0) acc.list.splice(i, 1);
      return undefined;
    }
    case 'top':
      return acc instanceof HeapAcc ? acc.top() : acc.items()[0];
    case 'pop':
      return acc instanceof HeapAcc ? acc.pop() : undefined;
    case 'get':
      if (acc instanceof MapAcc) return acc.get(args[0]);
      if (acc instanceof GroupByAcc) return acc.get(all);
      return acc.items()[num(args[0])];
    case 'containskey':
      if (acc instanceof GroupByAcc) return acc.has(all);
      return contains(acc, args[0]);
    default:
      break;
  }
  throw new QueryRuntimeError('QUERY-BAD-VALUE', `${acc.spec.name} has no method ${name}`);
}

export function findVertex(r: Run, type: string, id: string): number {
  const table = r.graph.vertices.get(type);
  if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${type}`);
  const slot = table.find(id);
  if (slot < 0)
    throw new QueryRuntimeError('QUERY-BAD-VALUE', `vertex ${type} ${id} does not exist`);
  return vid(table.typeIndex, slot);
}
