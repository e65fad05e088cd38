// Select layer: edge/vertex type inference for ACCUM and POST-ACCUM statements (the SELECT page,
// "Edge/Vertex type inference and conflict"). When an alias may stand for several types (a
// disjunction of edge types, `(Post|Person):t`, an untyped step) and a statement reads an
// attribute only some of them have, the statement runs only for rows whose vertex or edge is of
// such a type: `ACCUM @@l += e.action_time` with `-((Posted|Liked|Friend):e)-` runs on Liked
// edges only. Each such statement is wrapped in `IF alias.type == "T" OR ... THEN s END` before
// compiling, so both code tiers see it. A statement whose attributes no edge of a hop can have
// together (e.action_time of Liked edges with t.gender of Person targets, when Liked edges lead
// to Posts) is refused at compile time, as the page's example is.
import type { Expr, Pattern, QueryStmt, Select } from '../../../../../core/gsql/index.js';
import type { AttributeDef } from '../../../catalog/types.js';
import type { CompileContext } from '../context/compile-context.js';

/** An alias's possible types: named in the pattern, or every type of the graph. */
interface AliasTypes {
  readonly edge: boolean;
  readonly types: readonly string[];
}

/** One hop's aliases, the edge types it may walk and the way it walks each. */
interface HopAliases {
  readonly near: string | null;
  readonly edge: string | null;
  readonly far: string | null;
  readonly edgeTypes: readonly string[];
  /** A repetition (`*`): its ends may be any number of hops apart. */
  readonly repeated: boolean;
  /** Does the hop walk this (directed) type from its stored source to its target? */
  readonly forward: (name: string) => boolean;
}

function edgeNames(c: CompileContext): string[] {
  const out: string[] = [];
  for (const name of c.edgeTypeNames) {
    out.push(name);
    const reverse = c.env.catalog.edgeTypes.find((e) => e.name === name)?.reverseEdge;
    if (reverse) out.push(reverse);
  }
  return out;
}

function vertexAttributes(c: CompileContext, type: string): readonly AttributeDef[] | null {
  const def = c.env.catalog.vertexTypes.find((v) => v.name === type);
  if (!def) return null;
  return def.primaryIdAsAttribute
    ? [{ name: def.primaryId.name, type: def.primaryId.type }, ...def.attributes]
    : def.attributes;
}

/** The edge type (or reverse edge type) of that name: its attributes and FROM/TO pairs. */
function edgeDef(c: CompileContext, name: string) {
  return c.env.catalog.edgeTypes.find((e) => e.name === name || e.reverseEdge === name);
}

function hasAttribute(c: CompileContext, alias: AliasTypes, type: string, attr: string): boolean {
  const attrs = alias.edge ? edgeDef(c, type)?.attributes : vertexAttributes(c, type);
  return attrs?.some((a) => a.name === attr) ?? false;
}

/** Every alias of the FROM patterns with its possible types, and each hop's aliases. */
function aliasTypes(
  c: CompileContext,
  from: readonly Pattern[],
): { aliases: Map<string, AliasTypes>; hops: HopAliases[] } {
  const aliases = new Map<string, AliasTypes>();
  const hops: HopAliases[] = [];
  const allVertices = c.vertexTypeNames;
  const allEdges = edgeNames(c);
  const bind = (name: string | null, types: AliasTypes) => {
    if (name === null) return;
    const known = aliases.get(name);
    // An alias named twice (a join) can only be of types both places allow.
    aliases.set(
      name,
      known
        ? { edge: types.edge, types: known.types.filter((t) => types.types.includes(t)) }
        : types,
    );
  };
  for (const p of from) {
    const own: HopAliases[] = [];
    let near = p.source.alias;
    for (const h of p.hops) {
      const named = h.edge.types.map((t) => t.name);
      const edgeTypes =
        named.length > 0 &&
        named.every((n) => n !== '_' && n.toUpperCase() !== 'ANY' && c.isEdgeType(n))
          ? named
          : allEdges;
      if (h.edge.repeat === null) bind(h.edge.alias, { edge: true, types: edgeTypes });
      const direction = (name: string) =>
        h.edge.types.find((t) => t.name === name)?.direction ??
        h.edge.types.find((t) => t.name === '_' || t.name.toUpperCase() === 'ANY')?.direction ??
        'any';
      own.push({
        near,
        edge: h.edge.repeat === null ? h.edge.alias : null,
        far: h.target.alias,
        edgeTypes,
        repeated: h.edge.repeat !== null,
        // `E>` forward, `<E` backward, `E` forward unless the classic arrow points left; a reverse
        // edge type walks its edge type the other way.
        forward: (name) => {
          const d = direction(name);
          const ahead = d === 'out' || (d === 'any' && h.edge.arrow !== 'left');
          return edgeDef(c, name)?.name === name ? ahead : !ahead;
        },
      });
      near = h.target.alias;
    }
    // A vertex step without written types is of the types its edges can reach it with.
    const steps = [p.source, ...p.hops.map((h) => h.target)];
    steps.forEach((step, i) => {
      if (step.types.length > 0 && step.types.every((t) => c.isVertexType(t))) {
        bind(step.alias, { edge: false, types: step.types });
        return;
      }
      let types: readonly string[] = allVertices;
      const before = own[i - 1];
      const after = own[i];
      if (before && !before.repeated) types = ends(c, before, 'far', types);
      if (after && !after.repeated) types = ends(c, after, 'near', types);
      bind(step.alias, { edge: false, types });
    });
    hops.push(...own);
  }
  return { aliases, hops };
}

/** The vertex types, among `within`, at one end of a hop's edges. */
function ends(
  c: CompileContext,
  hop: HopAliases,
  end: 'near' | 'far',
  within: readonly string[],
): string[] {
  const found = new Set<string>();
  for (const name of hop.edgeTypes) {
    const def = edgeDef(c, name);
    if (!def) continue;
    const fwd = hop.forward(name);
    for (const p of def.pairs) {
      if (!def.directed || fwd === (end === 'near')) found.add(p.from);
      if (!def.directed || fwd !== (end === 'near')) found.add(p.to);
    }
  }
  return found.has('*') ? [...within] : within.filter((t) => found.has(t));
}

/** The `alias.attribute` reads of an expression tree (not `.type`, a built-in of every type). */
function attributeReads(node: unknown, out: Map<string, Set<string>>): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const x of node) attributeReads(x, out);
    return;
  }
  const n = node as { kind?: string; target?: { kind?: string; name?: string }; name?: string };
  if (n.kind === 'Attr' && n.target?.kind === 'Name' && n.name !== 'type') {
    const alias = n.target.name as string;
    let set = out.get(alias);
    if (!set) out.set(alias, (set = new Set()));
    set.add(n.name as string);
  }
  for (const [k, v] of Object.entries(node)) if (k !== 'range') attributeReads(v, out);
}

/** `alias.type == "A" OR alias.type == "B"`. */
function typeTest(alias: string, types: readonly string[], range: Expr['range']): Expr {
  const one = (t: string): Expr => ({
    kind: 'Binary',
    op: '==',
    left: { kind: 'Attr', target: { kind: 'Name', name: alias, range }, name: 'type', range },
    right: { kind: 'StringLit', value: t, range },
    range,
  });
  return types.map(one).reduce((l, r) => ({ kind: 'Binary', op: 'OR', left: l, right: r, range }));
}

/** Can one edge of the hop have types the statement's reads allow at its two ends? */
function hopPossible(c: CompileContext, hop: HopAliases, allowed: Map<string, string[]>): boolean {
  const edges = hop.edge !== null ? (allowed.get(hop.edge) ?? hop.edgeTypes) : hop.edgeTypes;
  const near = hop.near !== null ? allowed.get(hop.near) : undefined;
  const far = hop.far !== null ? allowed.get(hop.far) : undefined;
  if (!near && !far) return edges.length > 0;
  const fits = (types: string[] | undefined, t: string) =>
    types === undefined || t === '*' || types.includes(t);
  return edges.some((name) => {
    const def = edgeDef(c, name);
    if (!def) return false;
    const fwd = hop.forward(name);
    return def.pairs.some(
      (p) =>
        ((!def.directed || fwd) && fits(near, p.from) && fits(far, p.to)) ||
        ((!def.directed || !fwd) && fits(near, p.to) && fits(far, p.from)),
    );
  });
}

/** The SELECT with statements guarded by the types their attributes need (the same node if none). */
export function withTypeGuards(c: CompileContext, sel: Select): Select {
  const { aliases, hops } = aliasTypes(c, sel.from);
  let changed = false;
  const guard = (s: QueryStmt): QueryStmt => {
    switch (s.kind) {
      case 'If':
        return {
          ...s,
          branches: s.branches.map((b) => ({ ...b, body: b.body.map(guard) })),
          otherwise: s.otherwise?.map(guard) ?? null,
        };
      case 'CaseStmt':
        return {
          ...s,
          whens: s.whens.map((b) => ({ ...b, body: b.body.map(guard) })),
          otherwise: s.otherwise?.map(guard) ?? null,
        };
      case 'Foreach':
      case 'While':
        return { ...s, body: s.body.map(guard) };
      case 'Assign':
      case 'ExprStmt':
      case 'Insert':
      case 'Log':
        break;
      // Declarations keep their scope unwrapped; the rest reads no attribute of a row's alias or
      // cannot stand in ACCUM / POST-ACCUM.
      case 'AccumDecl':
      case 'Break':
      case 'Continue':
      case 'Delete':
      case 'DeleteAlias':
      case 'Error':
      case 'ExceptionDecl':
      case 'FileDecl':
      case 'Print':
      case 'Raise':
      case 'Return':
      case 'SelectStmt':
      case 'TableSelect':
      case 'Try':
      case 'TypedefAccum':
      case 'TypedefTuple':
      case 'Update':
      case 'VarDecl':
      case 'VertexSetDecl':
        return s;
    }
    const reads = new Map<string, Set<string>>();
    attributeReads(s, reads);
    const allowed = new Map<string, string[]>();
    const tests: Expr[] = [];
    for (const [alias, attrs] of reads) {
      const info = aliases.get(alias);
      if (!info) continue;
      const ok = info.types.filter((t) => [...attrs].every((a) => hasAttribute(c, info, t, a)));
      // No type has them: the attribute's own compile error says so.
      if (ok.length === 0 || ok.length === info.types.length) continue;
      allowed.set(alias, ok);
      tests.push(typeTest(alias, ok, s.range));
    }
    if (tests.length === 0) return s;
    for (const hop of hops)
      if (!hopPossible(c, hop, allowed)) {
        c.error(
          s,
          'QUERY-BAD-CLAUSE',
          `this statement reads attributes that no ${[...allowed.keys()].join(' / ')} of one ` +
            'matched edge has together: separate the edge types with CASE (SELECT page, edge ' +
            'type conflict)',
        );
        return s;
      }
    changed = true;
    const cond = tests.reduce((l, r) => ({
      kind: 'Binary',
      op: 'AND',
      left: l,
      right: r,
      range: l.range,
    }));
    return {
      kind: 'If',
      branches: [{ kind: 'CondBranch', cond, body: [s], range: s.range }],
      otherwise: null,
      range: s.range,
    };
  };
  const accum = sel.accum?.map(guard) ?? null;
  const postAccum = sel.postAccum.map((clause) => clause.map(guard));
  return changed ? { ...sel, accum, postAccum } : sel;
}
