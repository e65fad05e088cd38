// Found paths as the REST records: each vertex and each edge once, with all attributes. An edge
// is shown in the direction the path walked it: a reverse edge, or an undirected edge walked
// from its stored target, is flipped (records.ts); a directed edge keeps its stored direction.
import { edgeRecord, vertexRecord, type EdgeRecord, type VertexRecord } from '../records.js';
import { keySlot, keyType, type ResolvedRequest } from './request.js';

/** One `results` entry: vertices and edges of the found paths (not in path order). */
export interface PathSubgraph {
  readonly vertices: VertexRecord[];
  readonly edges: EdgeRecord[];
}

/** An edge walked on a path: the forward walk's index, the edge slot and the vertex it left. */
export interface WalkedEdge {
  readonly walk: number;
  readonly edge: number;
  readonly from: number;
}

/** A path: vertex keys in order and the edges between them (one fewer). */
export interface KeyPath {
  readonly vertices: readonly number[];
  readonly edges: readonly WalkedEdge[];
}

export function vertexRecordOf(request: ResolvedRequest, key: number): VertexRecord {
  const table = request.graph.vertexByIndex[keyType(key)];
  if (!table) throw new Error(`vertex type index ${keyType(key)} is gone`);
  return vertexRecord(table, keySlot(key));
}

export function edgeRecordOf(request: ResolvedRequest, walked: WalkedEdge): EdgeRecord {
  const walk = request.walks[walked.walk];
  if (!walk) throw new Error(`walk ${walked.walk} is out of range`);
  const { table } = walk;
  const e = walked.edge;
  const fromStoredSource =
    table.srcType[e] === keyType(walked.from) && table.src[e] === keySlot(walked.from);
  const flip = walk.reversed || (!table.def.directed && !fromStoredSource);
  return edgeRecord(request.graph, table, e, { flip, name: walk.name });
}

/** Collects vertices and edges once each, in the order first added. */
export class SubgraphBuilder {
  private readonly vertexKeys = new Set<number>();
  private readonly edgeKeys = new Set<number>();
  private readonly vertices: VertexRecord[] = [];
  private readonly edges: EdgeRecord[] = [];

  constructor(private readonly request: ResolvedRequest) {}

  addVertex(key: number): void {
    if (this.vertexKeys.has(key)) return;
    this.vertexKeys.add(key);
    this.vertices.push(vertexRecordOf(this.request, key));
  }

  /** An undirected edge walked both ways on different paths is listed once, as first walked. */
  addEdge(walked: WalkedEdge): void {
    const key = walked.walk * 2 ** 31 + walked.edge;
    if (this.edgeKeys.has(key)) return;
    this.edgeKeys.add(key);
    this.edges.push(edgeRecordOf(this.request, walked));
  }

  addPath(path: KeyPath): void {
    for (const v of path.vertices) this.addVertex(v);
    for (const e of path.edges) this.addEdge(e);
  }

  build(): PathSubgraph {
    return { vertices: this.vertices, edges: this.edges };
  }
}

/** One path as its own records, in path order (the listing functions). */
export function pathRecords(request: ResolvedRequest, path: KeyPath): PathSubgraph {
  return {
    vertices: path.vertices.map((v) => vertexRecordOf(request, v)),
    edges: path.edges.map((e) => edgeRecordOf(request, e)),
  };
}
