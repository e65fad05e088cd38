// Select layer: which stored edges one written edge step walks. The classic (SYNTAX v1) reading
// follows each named type its own way (a directed type forward, or backward under `<-( )-`) and
// takes `_`, ANY and an empty step as every type. The pattern reading of SYNTAX v2/v3 (the SELECT
// page, atomic edge pattern; the one-hop patterns tutorial) is stricter: `E` is an undirected
// edge, so a directed E written without an arrowhead matches nothing; `_`/ANY alone is any
// undirected type, `_>` any directed type forward, `<_` any directed type backward (reverse edge
// types included: they are directed types of their own); and an empty step `-()-` / `-(:e)-` is
// every edge either way, `(<_|_>|_)`. A type named by a parameter or a set of names has no
// direction written and is walked the classic way. Queries that declare no version keep the
// classic reading, which accepts both.
import type { EdgeStep } from '../../../../../core/gsql/index.js';
import type { EdgeTable } from '../../../graph/edge-table.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Cx } from '../context/compile-types.js';
import { edgeNames, type Walk, walksFor } from '../context/edge-walk.js';
import { allOf } from '../context/graph-lookups.js';
import { QueryRuntimeError } from '../../errors.js';
import type { Run } from '../../run.js';
import type { VertexIds } from '../../vertex-ids.js';

type Direction = 'out' | 'in' | 'any';

/** Does the query read its patterns the SYNTAX v2 way (declared v2, or v3 which becomes v2)? */
export function patternReading(c: CompileContext): boolean {
  return c.syntax === 'v2' || c.syntax === 'v3' || c.syntax === '_v2';
}

const isAny = (name: string) => name === '_' || name.toUpperCase() === 'ANY';

/** The walks of one literal name (a type, a reverse type, or `_`) under the v2 reading. */
function strictWalks(c: CompileContext, r: Run, name: string, dir: Direction): Walk[] {
  const res: Walk[] = [];
  const directed = (table: EdgeTable, typeName: string, forward: boolean) =>
    res.push({ table, fwd: forward, bwd: !forward, name: typeName });
  if (isAny(name)) {
    for (const e of c.edgeTypeNames) {
      const table = r.graph.edges.get(e);
      if (!table) continue;
      if (!table.def.directed) {
        if (dir === 'any') res.push({ table, fwd: true, bwd: true, name: e });
        continue;
      }
      if (dir === 'any') continue;
      directed(table, e, dir === 'out');
      const reverse = table.def.reverseEdge;
      // A reverse edge leads from the edge's target to its source.
      if (reverse) directed(table, reverse, dir === 'in');
    }
    return res;
  }
  const table = r.graph.edges.get(name);
  if (table && c.edgeTypeNames.includes(name)) {
    if (!table.def.directed) res.push({ table, fwd: true, bwd: true, name });
    else if (dir !== 'any') directed(table, name, dir === 'out');
    return res;
  }
  for (const t of r.graph.edges.values()) {
    if (t.def.reverseEdge === name && c.edgeTypeNames.includes(t.def.name)) {
      if (dir !== 'any') directed(t, name, dir === 'in');
      return res;
    }
  }
  throw new QueryRuntimeError(
    'QUERY-UNKNOWN-TYPE',
    `"${name}" is not an edge type of graph ${c.env.graphName}`,
  );
}

/**
 * The walks of an edge step, per run (a parameter may name the types). Unknown literal type names
 * are reported at compile time.
 */
export function stepWalks(c: CompileContext, edge: EdgeStep, cx: Cx): (r: Run) => Walk[] {
  const strict = patternReading(c) && edge.arrow === 'none';
  const parts = edge.types.map((ref): ((r: Run) => Walk[]) => {
    const sym = cx.scope.lookup(ref.name);
    if (sym && sym.kind === 'var') {
      const slot = sym.slot;
      return (r) => walksFor(c, r, edgeNames(r.f[slot]), ref.direction, edge.arrow);
    }
    if (!isAny(ref.name) && !c.isEdgeType(ref.name))
      c.error(ref, 'QUERY-UNKNOWN-TYPE', `unknown edge type ${ref.name}`);
    const names = [ref.name];
    return strict
      ? (r) => strictWalks(c, r, ref.name, ref.direction)
      : (r) => walksFor(c, r, names, ref.direction, edge.arrow);
  });
  if (parts.length === 0) {
    const any = ['_'];
    if (strict)
      parts.push((r) => [
        ...strictWalks(c, r, '_', 'in'),
        ...strictWalks(c, r, '_', 'any'),
        ...strictWalks(c, r, '_', 'out'),
      ]);
    else parts.push((r) => walksFor(c, r, any, 'any', edge.arrow));
  }
  if (parts.length === 1) return parts[0] as (r: Run) => Walk[];
  // One walk once: `E>|<E` of an undirected E names the same walk twice (the openCypher
  // translation writes `-[e:E]-` so, src/core/gsql/cypher), and it must not match each edge twice.
  return (r) => {
    const seen = new Set<string>();
    return parts
      .flatMap((p) => p(r))
      .filter((w) => {
        const key = `${w.table.def.name}\u0001${w.name}\u0001${w.fwd}\u0001${w.bwd}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };
}

/**
 * The source of a pattern whose first vertex has no type (`:s -(E>)- ...`, `-(E>)- ...`): the
 * vertices of the types the first edge step can start from (the compiler infers them, the
 * conjunctive pattern matching page says), so a WHERE condition tested at the source sees only
 * vertices that can begin a match.
 */
export function inferredSource(
  c: CompileContext,
  walks: (r: Run) => Walk[],
): { ids: (r: Run) => VertexIds; filter: null } {
  return {
    ids: (r) => {
      const types = new Set<string>();
      for (const w of walks(r))
        for (const p of w.table.def.pairs) {
          if (w.fwd) types.add(p.from);
          if (w.bwd) types.add(p.to);
        }
      const names = types.has('*')
        ? c.vertexTypeNames
        : c.vertexTypeNames.filter((t) => types.has(t));
      return allOf(c, r, names);
    },
    filter: null,
  };
}
