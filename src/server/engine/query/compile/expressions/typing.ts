// Expression layer: GSQL type expressions and accumulator declarations turned into static
// types (T) and accumulator specs (AccSpec); array sizes are expressions, hence this layer.
import type { AccumType, TypeExpr } from '../../../../../core/gsql/index.js';
import { formatType } from '../../../../../core/gsql/index.js';
import { primitiveT } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import {
  accumValueType,
  ANY,
  BOOL,
  DOUBLE,
  INT,
  isNumeric,
  type AccSpec,
  type T,
  type TupleField,
} from '../../types.js';
import { compileExpr } from './expr.js';

export function typeOf(comp: CompileContext, te: TypeExpr): T {
  switch (te.kind) {
    case 'PrimitiveType':
      return primitiveT[te.name] ?? ANY;
    case 'VertexTypeRef':
      if (te.vertexType && !comp.isVertexType(te.vertexType))
        comp.error(te, 'QUERY-UNKNOWN-TYPE', `unknown vertex type ${te.vertexType}`);
      return { k: 'vertex', vt: te.vertexType };
    case 'CollectionType':
      return {
        k: te.collection === 'LIST' ? 'list' : te.collection === 'SET' ? 'set' : 'bag',
        el: typeOf(comp, te.element),
      };
    case 'MapType':
      return { k: 'map', key: typeOf(comp, te.key), val: typeOf(comp, te.value) };
    case 'NamedType': {
      const tuple = comp.tuples.get(te.name);
      if (tuple) return tuple;
      const accum = comp.accumTypedef(te.name);
      if (accum) return { k: 'accum', a: accSpec(comp, accum) };
      const upper = primitiveT[te.name.toUpperCase()];
      if (upper) return upper;
      comp.error(te, 'QUERY-UNKNOWN-TYPE', `unknown type ${te.name}`);
      return ANY;
    }
    case 'AccumType':
      return { k: 'accum', a: accSpec(comp, te) };
    case 'TupleType': {
      // Fields of an anonymous tuple are known by position only.
      const fields = te.elements.map((e, i) => ({ name: `field${i + 1}`, type: typeOf(comp, e) }));
      return { k: 'tuple', name: formatType(te), fields };
    }
  }
}

/** The accumulator for a MapAccum value of a base type: numbers add, strings concatenate. */
function valueAcc(comp: CompileContext, t: T): AccSpec {
  if (t.k === 'accum') return t.a;
  if (isNumeric(t) || t.k === 'string') return { name: 'SumAccum', el: t };
  if (t.k === 'list') return { name: 'ListAccum', el: t.el };
  if (t.k === 'set') return { name: 'SetAccum', el: t.el };
  if (t.k === 'bag') return { name: 'BagAccum', el: t.el };
  if (t.k === 'bool') return { name: 'OrAccum', el: BOOL };
  return { name: 'Overwrite', el: t };
}

/**
 * The nesting the accumulators page allows ("Nested Accumulators"): a ListAccum holds ListAccums
 * only (three levels at most), a SetAccum or BagAccum none, a MapAccum key is no accumulator and
 * its value any but HeapAccum, an ArrayAccum element any but HeapAccum, MapAccum and GroupByAccum.
 * A problem's text, or null when the nesting is allowed.
 */
function nestingProblem(at: AccumType, args: readonly T[]): string | null {
  const inner = (t: T | undefined): AccSpec | null => (t?.k === 'accum' ? t.a : null);
  const el = inner(args[0]);
  switch (at.accum) {
    case 'ListAccum': {
      if (el && el.name !== 'ListAccum') return `ListAccum cannot hold ${el.name}`;
      const depth = (t: T | undefined): number =>
        t?.k === 'accum' && t.a.name === 'ListAccum' ? 1 + depth(t.a.el) : 0;
      return depth(args[0]) > 2 ? 'ListAccum nests three levels at most' : null;
    }
    case 'SetAccum':
    case 'BagAccum':
      return el ? `${at.accum} cannot hold ${el.name}` : null;
    case 'MapAccum': {
      if (el) return `a MapAccum key cannot be a ${el.name}`;
      const value = inner(args[1]);
      return value?.name === 'HeapAccum' ? 'a MapAccum value cannot be a HeapAccum' : null;
    }
    case 'ArrayAccum':
      return el && ['HeapAccum', 'MapAccum', 'GroupByAccum'].includes(el.name)
        ? `ArrayAccum cannot hold ${el.name}`
        : null;
    case 'AndAccum':
    case 'AvgAccum':
    case 'BitwiseAndAccum':
    case 'BitwiseOrAccum':
    case 'GroupByAccum':
    case 'HeapAccum':
    case 'MaxAccum':
    case 'MinAccum':
    case 'OrAccum':
    case 'PercentileContAccum':
    case 'SumAccum':
      return null;
  }
}

export function accSpec(comp: CompileContext, at: AccumType): AccSpec {
  const args = at.typeArgs.map((a) => typeOf(comp, a));
  const first = args[0] ?? ANY;
  const nesting = nestingProblem(at, args);
  if (nesting) comp.error(at, 'QUERY-UNSUPPORTED', nesting);
  switch (at.accum) {
    case 'MapAccum': {
      const valType = args[1] ?? ANY;
      return { name: 'MapAccum', el: first, key: first, val: valueAcc(comp, valType), valType };
    }
    case 'HeapAccum': {
      const fieldIndex = (name: string): number =>
        first.k === 'tuple' ? first.fields.findIndex((f) => f.name === name) : -1;
      // `(a, b)`: `a` is the capacity when it names a value, else the first (ascending) key.
      let capacity = at.heap?.capacity ?? null;
      const keys = [...(at.heap?.order ?? [])];
      if (
        capacity?.kind === 'Name' &&
        !comp.root.lookup(capacity.name) &&
        fieldIndex(capacity.name) >= 0
      ) {
        keys.unshift({
          kind: 'HeapOrder',
          field: capacity.name,
          descending: false,
          range: capacity.range,
        });
        capacity = null;
      }
      const order = keys.map((o) => {
        const index = fieldIndex(o.field);
        if (index < 0)
          comp.error(o, 'QUERY-UNKNOWN-ATTRIBUTE', `the heap tuple has no field ${o.field}`);
        return { index, desc: o.descending };
      });
      if (first.k !== 'tuple') comp.error(at, 'QUERY-UNKNOWN-TYPE', 'HeapAccum needs a tuple type');
      const spec: AccSpec = { name: 'HeapAccum', el: first, heapOrder: order };
      // Without a capacity the heap keeps every tuple.
      if (capacity) {
        const cap = compileExpr(comp, capacity, {
          scope: comp.root,
          mode: 'body',
          hoists: null,
        });
        comp.heapCaps.push({ spec, cap: cap.f });
      }
      return spec;
    }
    case 'GroupByAccum': {
      const keys: TupleField[] = [];
      const accs: { name: string; spec: AccSpec }[] = [];
      for (const f of at.groupBy ?? []) {
        const t = typeOf(comp, f.type);
        if (t.k === 'accum') accs.push({ name: f.name, spec: t.a });
        else keys.push({ name: f.name, type: t });
      }
      return { name: 'GroupByAccum', el: ANY, groupKeys: keys, groupAccs: accs };
    }
    case 'ArrayAccum':
      return {
        name: 'ArrayAccum',
        el: first.k === 'accum' ? accumValueType(first.a) : first,
        arrayEl: first.k === 'accum' ? first.a : valueAcc(comp, first),
      };
    case 'AvgAccum':
      return { name: 'AvgAccum', el: DOUBLE };
    case 'OrAccum':
    case 'AndAccum':
      return { name: at.accum, el: BOOL };
    case 'BitwiseAndAccum':
    case 'BitwiseOrAccum': {
      // The length is a constant of the type (`BitwiseOrAccum<80>`); 64 bits without one.
      const b = at.bits;
      const n = b === null ? 64 : b.kind === 'IntLit' ? Number(b.value) : NaN;
      if (!(Number.isInteger(n) && n >= 1 && n <= 65536))
        comp.error(at, 'QUERY-BAD-TARGET', `${at.accum} needs a constant length of 1 or more bits`);
      return n === 64 || !Number.isInteger(n)
        ? { name: at.accum, el: INT }
        : { name: at.accum, el: INT, bits: n };
    }
    case 'PercentileContAccum': {
      // The percent is a constant of the type (a literal); without one it is 0, as the
      // accumulators page documents (`PercentileContAccum @@ps; //the percent is 0.0`).
      const p = at.percent;
      const lit =
        p === null ? 0 : p.kind === 'FloatLit' || p.kind === 'IntLit' ? Number(p.value) : null;
      if (lit === null || !(lit >= 0 && lit <= 1))
        comp.error(
          at,
          'QUERY-BAD-TARGET',
          'PercentileContAccum needs a constant percent in [0, 1]',
        );
      return { name: 'PercentileContAccum', el: DOUBLE, percent: lit ?? 0 };
    }
    case 'BagAccum':
    case 'ListAccum':
    case 'MaxAccum':
    case 'MinAccum':
    case 'SetAccum':
    case 'SumAccum':
      return { name: at.accum, el: first };
  }
}
