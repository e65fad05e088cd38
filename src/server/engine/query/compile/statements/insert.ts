// Statement layer: INSERT INTO for vertices and edges. A value written `_` is the attribute type's
// default (data modification page: "`_`, which means the default value for that attribute type").
import type { QueryStmt } from '../../../../../core/gsql/index.js';
import { type Fn, NEXT, type CS, syncStmt, type Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import { toStringValue } from '../../functions.js';
import { vslotOf, vtypeOf } from '../../runtime-values.js';
import type { AttributeDef } from '../../../catalog/types.js';
import { defaultOf } from '../../../values.js';
import { compileExpr } from '../expressions/expr.js';

/** What a `_` value evaluates to until the attribute it stands for is known. */
const DEFAULT = Symbol('default');

export function compileInsert(comp: CompileContext, s: QueryStmt & { kind: 'Insert' }, cx: Cx): CS {
  const values = s.values.map((v) => {
    if (v.value.kind === 'Wildcard') {
      const f: Fn = () => DEFAULT;
      return { f, vt: v.vertexType, isVertex: false };
    }
    const ce = compileExpr(comp, v.value, cx);
    return { f: ce.f, vt: v.vertexType, isVertex: ce.t.k === 'vertex' };
  });
  /** The attribute values named by `names`, `_` replaced by the attribute's default. */
  const given = (
    attrs: readonly AttributeDef[],
    names: readonly string[],
    vals: readonly unknown[],
  ): [string, unknown][] =>
    names
      .map((n, i): [string, unknown] => {
        const v = vals[i];
        if (v !== DEFAULT) return [n, v];
        const attr = attrs.find((a) => a.name === n);
        return [n, attr ? defaultOf(attr.type) : undefined];
      })
      .filter((x) => x[1] !== undefined);
  const sym = cx.scope.lookup(s.target);
  const typeName_: Fn = sym && sym.kind === 'var' ? (r) => String(r.f[sym.slot]) : () => s.target;
  if (!sym && !comp.isVertexType(s.target) && !comp.isEdgeType(s.target))
    comp.error(s, 'QUERY-UNKNOWN-TYPE', `unknown vertex or edge type ${s.target}`);
  const cols = s.columns;
  // The data modification page: named attributes start with the ids, PRIMARY_ID for a vertex,
  // FROM and TO for an edge.
  const upper = cols?.map((n) => n.toUpperCase()) ?? null;
  if (upper && comp.isVertexType(s.target) && upper[0] !== 'PRIMARY_ID')
    comp.error(
      s,
      'QUERY-BAD-STATEMENT',
      `INSERT INTO ${s.target} (...): the first name must be PRIMARY_ID`,
    );
  if (upper && comp.isEdgeType(s.target) && (upper[0] !== 'FROM' || upper[1] !== 'TO'))
    comp.error(
      s,
      'QUERY-BAD-STATEMENT',
      `INSERT INTO ${s.target} (...): the first names must be FROM, TO`,
    );
  return syncStmt((r) => {
    const type = String(typeName_(r));
    const vals = values.map((v) => v.f(r));
    const vtable = r.graph.vertices.get(type);
    if (vtable) {
      const names = cols ? cols.slice(1) : vtable.def.attributes.map((a) => a.name);
      const idv = vals[0];
      const id = typeof idv === 'number' && !cols ? String(idv) : toStringValue(idv);
      r.writes.insertVertex(type, id, given(vtable.def.attributes, names, vals.slice(1)));
      return NEXT;
    }
    const etable = r.graph.edges.get(type);
    if (!etable)
      throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex or edge type ${type}`);
    const pair = etable.def.pairs[0];
    const end = (
      v: unknown,
      isVertex: boolean,
      vt: string | null,
      fallback: string | undefined,
    ) => {
      if (isVertex && typeof v === 'number') {
        const table = r.graph.vertexByIndex[vtypeOf(v)];
        return { type: table?.def.name ?? '', id: table?.ids[vslotOf(v)] ?? '' };
      }
      return { type: vt ?? fallback ?? '', id: toStringValue(v) };
    };
    const from = end(vals[0], values[0]?.isVertex ?? false, values[0]?.vt ?? null, pair?.from);
    const to = end(vals[1], values[1]?.isVertex ?? false, values[1]?.vt ?? null, pair?.to);
    const names = cols ? cols.slice(2) : etable.def.attributes.map((a) => a.name);
    r.writes.insertEdge(type, from, to, given(etable.def.attributes, names, vals.slice(2)));
    return NEXT;
  });
}
