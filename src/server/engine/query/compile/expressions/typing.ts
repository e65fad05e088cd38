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

export function accSpec(comp: CompileContext, at: AccumType): AccSpec {
  const args = at.typeArgs.map((a) => typeOf(comp, a));
  const first = args[0] ?? ANY;
  switch (at.accum) {
    case 'MapAccum': {
      const valType = args[1] ?? ANY;
      return { name: 'MapAccum', el: first, key: first, val: valueAcc(comp, valType), valType };
    }
    case 'HeapAccum': {
      const order = (at.heap?.order ?? []).map((o) => {
        const index = first.k === 'tuple' ? first.fields.findIndex((f) => f.name === o.field) : -1;
        if (index < 0)
          comp.error(o, 'QUERY-UNKNOWN-ATTRIBUTE', `the heap tuple has no field ${o.field}`);
        return { index, desc: o.descending };
      });
      if (first.k !== 'tuple') comp.error(at, 'QUERY-UNKNOWN-TYPE', 'HeapAccum needs a tuple type');
      const spec: AccSpec = { name: 'HeapAccum', el: first, heapOrder: order };
      if (at.heap) {
        const cap = compileExpr(comp, at.heap.capacity, {
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
    case 'BitwiseOrAccum':
      return { name: at.accum, el: INT };
    case 'PercentileContAccum': {
      // The percent is a constant of the type (a literal, possibly negated).
      const p = at.percent;
      const lit =
        p === null ? 0.5 : p.kind === 'FloatLit' || p.kind === 'IntLit' ? Number(p.value) : null;
      if (lit === null || !(lit >= 0 && lit <= 1))
        comp.error(
          at,
          'QUERY-BAD-TARGET',
          'PercentileContAccum needs a constant percent in [0, 1]',
        );
      return { name: 'PercentileContAccum', el: DOUBLE, percent: lit ?? 0.5 };
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
