// A graph's view of the store: the vertex and edge types a named graph includes. Every data
// endpoint works inside one graph and must not reach types outside it.
import { EngineError } from './errors.js';
import type { EdgeTable } from './graph/edge-table.js';
import type { Graph } from './graph/graph.js';
import { edgeWalk, type EdgeWalk } from './graph/traverse.js';
import type { VertexTable } from './graph/vertex-table.js';

export class GraphScope {
  private readonly vertexNames: ReadonlySet<string>;
  private readonly edgeNames: ReadonlySet<string>;

  constructor(
    readonly graph: Graph,
    readonly name: string,
  ) {
    const def = graph.catalog.graphs.find((g) => g.name === name);
    if (!def) throw new EngineError('ENGINE-UNKNOWN-GRAPH', `graph "${name}" does not exist`);
    this.vertexNames = new Set(def.vertexTypes);
    const edges = new Set(def.edgeTypes);
    for (const e of def.edgeTypes) {
      const reverse = graph.edgeTable(e)?.def.reverseEdge;
      if (reverse) edges.add(reverse);
    }
    this.edgeNames = edges;
  }

  get vertexTypes(): string[] {
    return [...this.vertexNames];
  }

  /** Forward edge types of the graph (reverse names are reached through `walk`). */
  get edgeTypes(): string[] {
    return [...this.edgeNames].filter((n) => this.graph.edgeTable(n) !== undefined);
  }

  vertexTable(type: string): VertexTable {
    const table = this.vertexNames.has(type) ? this.graph.vertexTable(type) : undefined;
    if (!table) {
      throw new EngineError(
        'ENGINE-UNKNOWN-TYPE',
        `vertex type "${type}" is not in graph ${this.name}`,
      );
    }
    return table;
  }

  edgeTable(type: string): EdgeTable {
    const table = this.edgeNames.has(type) ? this.graph.edgeTable(type) : undefined;
    if (!table)
      throw new EngineError(
        'ENGINE-UNKNOWN-TYPE',
        `edge type "${type}" is not in graph ${this.name}`,
      );
    return table;
  }

  walk(type: string): EdgeWalk {
    const walk = this.edgeNames.has(type) ? edgeWalk(this.graph, type) : undefined;
    if (!walk)
      throw new EngineError(
        'ENGINE-UNKNOWN-TYPE',
        `edge type "${type}" is not in graph ${this.name}`,
      );
    return walk;
  }

  hasVertexType(type: string): boolean {
    return this.vertexNames.has(type);
  }
}
