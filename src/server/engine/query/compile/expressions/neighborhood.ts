// Expression layer: a vertex's neighbourhood methods (the vertex-methods page): v.neighbors(
// [edge types]), v.neighborAttribute(edge type, target type, attribute) and v.edgeAttribute(edge
// type, attribute), each a bag with one element per edge walked (out-edges and undirected ones),
// and `.filter(condition)` after any of them. Inside the condition the edge type's name stands
// for the edge being walked and a vertex type's name for the neighbour reached, as the page's
// example writes `worksFor.startYear >= yr` and `company.country`.
import type { Expr } from '../../../../../core/gsql/index.js';
import type { CE, Cx, Fn } from '../context/compile-types.js';
import { Scope } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { edgeNames, walkEdges, walksFor } from '../context/edge-walk.js';
import { dynamicAttrReader, edgeAttrType, vertexAttrType } from '../context/graph-lookups.js';
import { edgeAttr } from '../context/runtime-helpers.js';
import type { Run } from '../../run.js';
import { EdgeRef, vid, vslotOf, vtypeOf } from '../../runtime-values.js';
import { ANY, EDGE, VERTEX, type T } from '../../types.js';
import { compileConstant, compileExpr } from './expr.js';
import { checkArity } from './methods.js';

/** The three methods, by lower-case name, with their argument counts. */
const METHODS: Readonly<Record<string, readonly [number, number]>> = {
  neighbors: [0, 1],
  neighborattribute: [3, 3],
  edgeattribute: [2, 2],
};

export const isNeighborhoodMethod = (lname: string): boolean => lname in METHODS;

/** A string literal argument's text (edge and vertex type names, attribute names). */
function literal(e: Expr | undefined): string | null {
  if (e?.kind === 'StringLit') return e.value;
  return null;
}

/** Names the filter condition may use: edge type names for the edge, vertex type names for the neighbour. */
function filterScope(
  comp: CompileContext,
  cx: Cx,
  edgeTypes: readonly string[],
  edgeSlot: number,
  vertexSlot: number,
): Scope {
  const scope = new Scope(cx.scope);
  for (const name of edgeTypes.length > 0 ? edgeTypes : comp.edgeTypeNames)
    if (!cx.scope.lookup(name)) scope.map.set(name, { kind: 'alias', slot: edgeSlot, t: EDGE });
  for (const name of comp.vertexTypeNames)
    if (!cx.scope.lookup(name))
      scope.map.set(name, { kind: 'alias', slot: vertexSlot, t: { k: 'vertex', vt: name } });
  return scope;
}

/**
 * `target.<method>(args)` on a vertex, with the condition of a `.filter(...)` after it (or null).
 */
export function compileNeighborhood(
  comp: CompileContext,
  call: Expr & { kind: 'MethodCall' },
  condition: Expr | null,
  cx: Cx,
): CE {
  const lname = call.name.toLowerCase();
  const [min, max] = METHODS[lname] ?? [0, 0];
  if (!checkArity(comp, call, min, max)) return compileConstant(comp, [], { k: 'bag', el: ANY });
  const target = compileExpr(comp, call.target, cx).f;
  const args = call.args.map((a) => compileExpr(comp, a, cx).f);
  const edgeArg: Fn | null = args[0] ?? null;
  const edgeLit = literal(call.args[0]);
  const targetType = lname === 'neighborattribute' ? args[1] : null;
  const attrArg =
    lname === 'neighborattribute' ? args[2] : lname === 'edgeattribute' ? args[1] : null;
  const attrLit = literal(call.args[lname === 'neighborattribute' ? 2 : 1]);
  const edgeSlot = comp.slot();
  const vertexSlot = comp.slot();
  let keep: Fn | null = null;
  if (condition) {
    const scope = filterScope(comp, cx, edgeLit ? [edgeLit] : [], edgeSlot, vertexSlot);
    keep = compileExpr(comp, condition, { ...cx, scope, hoists: null }).f;
  }
  // The element type: vertices, or the named attribute's type when the names are literals.
  let el: T = VERTEX;
  if (lname === 'neighborattribute')
    el = (attrLit && vertexAttrType(comp, literal(call.args[1]), attrLit)) || ANY;
  else if (lname === 'edgeattribute') el = (attrLit && edgeAttrType(comp, attrLit)) || ANY;
  const readers = new Map<string, (r: Run, id: number) => unknown>();
  const vertexAttr = (r: Run, name: string, id: number): unknown => {
    let read = readers.get(name);
    if (!read) readers.set(name, (read = dynamicAttrReader(comp, name)));
    return read(r, id);
  };
  return {
    f: (r) => {
      const id = target(r) as number;
      const walks = walksFor(comp, r, edgeNames(edgeArg ? edgeArg(r) : null), 'out', 'right');
      const want = targetType ? String(targetType(r)) : null;
      const attr = attrArg ? String(attrArg(r)) : '';
      const out: unknown[] = [];
      for (const w of walks)
        walkEdges(w, vtypeOf(id), vslotOf(id), (edge, ft, fs, flip) => {
          if (want !== null && r.graph.vertexByIndex[ft]?.def.name !== want) return;
          const far = vid(ft, fs);
          const ref =
            keep || lname === 'edgeattribute' ? new EdgeRef(w.table, edge, flip, w.name) : null;
          if (keep) {
            r.f[edgeSlot] = ref;
            r.f[vertexSlot] = far;
            if (!keep(r)) return;
          }
          if (lname === 'neighbors') out.push(far);
          else if (lname === 'neighborattribute') out.push(vertexAttr(r, attr, far));
          else out.push(edgeAttr(ref as EdgeRef, attr));
        });
      return out;
    },
    t: { k: 'bag', el },
  };
}
