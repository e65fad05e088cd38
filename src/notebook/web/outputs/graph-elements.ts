// The graph inside a query result: every vertex-like ({v_id, v_type}) and edge-like
// ({e_type, from_id, to_id}) object found anywhere in the printed JSON, keyed so that the same
// vertex printed twice (two PRINTs, a path and a set) is one node. Pure (no DOM) so the graph
// view, the tab bar ("is there a graph?") and the tests share it.

export interface VertexRef {
  readonly type: string;
  readonly id: string;
}

export interface GraphVertex extends VertexRef {
  readonly attributes: Readonly<Record<string, unknown>>;
  /** True when the vertex was only seen as an edge endpoint (its attributes are unknown). */
  readonly bare: boolean;
}

export interface GraphEdge {
  readonly type: string;
  readonly from: VertexRef;
  readonly to: VertexRef;
  readonly directed: boolean;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface GraphElements {
  readonly vertices: ReadonlyMap<string, GraphVertex>;
  readonly edges: ReadonlyMap<string, GraphEdge>;
  /** vertices.size + edges.size: what the graph view would draw. */
  readonly count: number;
}

/** Deep enough for any printed shape (paths of maps of lists); stops pathological input. */
const maxDepth = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Ids and types print as strings, but some services print numeric ids; bigint stays exact. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** A key that cannot collide: JSON of the pair, so no separator can appear inside a part. */
export function vertexKey(ref: VertexRef): string {
  return JSON.stringify([ref.type, ref.id]);
}

/**
 * An undirected edge printed from both ends (a->b and b->a) is one edge, so its endpoints are
 * put in a canonical order; a directed edge keeps its direction.
 */
export function edgeKey(edge: Pick<GraphEdge, 'type' | 'from' | 'to' | 'directed'>): string {
  const a = vertexKey(edge.from);
  const b = vertexKey(edge.to);
  const [x, y] = edge.directed || a <= b ? [a, b] : [b, a];
  return JSON.stringify([edge.type, edge.directed, x, y]);
}

/** Plain booleans, not type guards: a record that is not vertex-like may still be edge-like. */
export function isVertexLike(value: unknown): boolean {
  return isRecord(value) && 'v_id' in value && 'v_type' in value;
}

export function isEdgeLike(value: unknown): boolean {
  return isRecord(value) && 'e_type' in value && 'from_id' in value && 'to_id' in value;
}

function attributesOf(value: Record<string, unknown>): Record<string, unknown> {
  return isRecord(value.attributes) ? value.attributes : {};
}

/** Later sightings add attributes (e.g. another PRINT's accumulators); a printed vertex wins over a bare one. */
function mergeVertex(into: Map<string, GraphVertex>, vertex: GraphVertex): void {
  const key = vertexKey(vertex);
  const old = into.get(key);
  if (old === undefined) {
    into.set(key, vertex);
    return;
  }
  if (vertex.bare) return;
  into.set(key, {
    type: old.type,
    id: old.id,
    attributes: { ...old.attributes, ...vertex.attributes },
    bare: false,
  });
}

function mergeEdge(into: Map<string, GraphEdge>, edge: GraphEdge): void {
  const key = edgeKey(edge);
  const old = into.get(key);
  into.set(
    key,
    old === undefined ? edge : { ...old, attributes: { ...old.attributes, ...edge.attributes } },
  );
}

interface RawEdge {
  readonly type: string;
  readonly fromId: string;
  readonly fromType: string | undefined;
  readonly toId: string;
  readonly toType: string | undefined;
  readonly directed: boolean;
  readonly attributes: Record<string, unknown>;
}

/** Collects every vertex and edge in the printed results (one entry per PRINT or path search). */
export function extractGraph(results: readonly unknown[]): GraphElements {
  const vertices = new Map<string, GraphVertex>();
  const rawEdges: RawEdge[] = [];

  const walk = (value: unknown, depth: number): void => {
    if (depth > maxDepth || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (isVertexLike(record)) {
      mergeVertex(vertices, {
        type: text(record.v_type),
        id: text(record.v_id),
        attributes: attributesOf(record),
        bare: false,
      });
    } else if (isEdgeLike(record)) {
      rawEdges.push({
        type: text(record.e_type),
        fromId: text(record.from_id),
        fromType: record.from_type === undefined ? undefined : text(record.from_type),
        toId: text(record.to_id),
        toType: record.to_type === undefined ? undefined : text(record.to_type),
        // The service always prints `directed`; when absent, draw no arrow rather than a wrong one.
        directed: record.directed === true,
        attributes: attributesOf(record),
      });
    }
    // Attributes may hold more elements (a ListAccum<EDGE>, a MapAccum of vertex sets).
    for (const child of Object.values(record)) walk(child, depth + 1);
  };
  for (const entry of results) walk(entry, 0);

  // An endpoint printed without its type: use the type of the one printed vertex with that id.
  const typesById = new Map<string, Set<string>>();
  for (const v of vertices.values()) {
    const types = typesById.get(v.id) ?? new Set<string>();
    types.add(v.type);
    typesById.set(v.id, types);
  }
  const resolve = (id: string, type: string | undefined): VertexRef => {
    if (type !== undefined) return { type, id };
    const types = typesById.get(id);
    return { type: types?.size === 1 ? [...types][0]! : '', id };
  };

  const edges = new Map<string, GraphEdge>();
  for (const raw of rawEdges) {
    const edge: GraphEdge = {
      type: raw.type,
      from: resolve(raw.fromId, raw.fromType),
      to: resolve(raw.toId, raw.toType),
      directed: raw.directed,
      attributes: raw.attributes,
    };
    mergeEdge(edges, edge);
    // Endpoints that were not printed still have to be drawn for the edge to have two ends.
    mergeVertex(vertices, { ...edge.from, attributes: {}, bare: true });
    mergeVertex(vertices, { ...edge.to, attributes: {}, bare: true });
  }
  return { vertices, edges, count: vertices.size + edges.size };
}

/** The union of two graphs (the shown graph and an expansion); neither input is changed. */
export function mergeGraph(a: GraphElements, b: GraphElements): GraphElements {
  const vertices = new Map(a.vertices);
  for (const v of b.vertices.values()) mergeVertex(vertices, v);
  const edges = new Map(a.edges);
  for (const e of b.edges.values()) mergeEdge(edges, e);
  return { vertices, edges, count: vertices.size + edges.size };
}

/** Colours for vertex types: readable on white, distinct in the common case of a few types. */
export const typePalette: readonly string[] = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  // Cyan rather than Tableau's grey: grey reads as "disabled" (bare vertices are faded).
  '#17becf',
];

/** FNV-1a of the type name: the same type prefers the same colour in every cell and run. */
function paletteSlot(type: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < type.length; i++) {
    hash ^= type.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % typePalette.length;
}

/** The colour a type prefers (its hash slot in the palette). */
export function typeColor(type: string): string {
  return typePalette[paletteSlot(type)]!;
}

/**
 * Colours for the types of one graph: each type takes its hash slot, or the next free one when
 * another type of the graph already holds it, so two types never share a colour while the
 * palette lasts. Types already in `assigned` keep their colour (an expansion adds types
 * without repainting the ones on screen); new types are placed in name order, so the result
 * depends only on the set of types.
 */
export function assignTypeColors(
  types: Iterable<string>,
  assigned: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const colours = new Map(assigned);
  const used = new Set(colours.values());
  const fresh = [...new Set(types)].filter((t) => !colours.has(t)).sort();
  for (const type of fresh) {
    const start = paletteSlot(type);
    let colour = typePalette[start]!;
    if (used.size < typePalette.length) {
      for (let k = 0; k < typePalette.length; k++) {
        const candidate = typePalette[(start + k) % typePalette.length]!;
        if (!used.has(candidate)) {
          colour = candidate;
          break;
        }
      }
    }
    colours.set(type, colour);
    used.add(colour);
  }
  return colours;
}
