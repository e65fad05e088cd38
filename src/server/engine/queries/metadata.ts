// Query metadata (/gsql/v1/queries/info): the parameters in order (`input`) and, per PRINT
// statement, the printed names with their types (`output`), read from the query's AST. Vertex
// sets print as arrays of {v_id, v_type, attributes}.
import {
  formatType,
  walk,
  type CreateQuery,
  type Node,
  type Print,
} from '../../../core/gsql/index.js';

type Shape = string | Record<string, unknown>[];

const vertexSetShape = (): Record<string, unknown>[] => [
  { v_id: 'VERTEX', v_type: 'STRING', attributes: {} },
];

/** Names the query binds to a type: parameters, global accumulators, vertex sets. */
function declaredShapes(query: CreateQuery): Map<string, Shape> {
  const shapes = new Map<string, Shape>();
  for (const p of query.params) {
    shapes.set(
      p.name,
      p.type.kind === 'CollectionType' && p.type.element.kind === 'VertexTypeRef'
        ? formatType(p.type)
        : formatType(p.type),
    );
  }
  walk(query, {
    enter: (node: Node) => {
      // A walker picks the declaring kinds out of every node kind: no switch over them all.
      if (node.kind === 'AccumDecl') {
        for (const v of node.vars)
          if (v.scope === 'global') shapes.set(`@@${v.name}`, formatType(node.type));
      } else if (node.kind === 'VarDecl') {
        for (const v of node.vars) shapes.set(v.name, formatType(node.type));
      } else if (node.kind === 'SelectStmt') {
        shapes.set(node.target, vertexSetShape());
      } else if (node.kind === 'VertexSetDecl') {
        shapes.set(node.name, vertexSetShape());
      }
    },
  });
  return shapes;
}

function printShape(print: Print, shapes: Map<string, Shape>): Record<string, Shape> {
  const out: Record<string, Shape> = {};
  for (const item of print.items) {
    const e = item.expr;
    const name = e.kind === 'Name' ? e.name : e.kind === 'GlobalAccum' ? `@@${e.name}` : undefined;
    const key = item.alias ?? name ?? 'expression';
    if (item.projection !== null) {
      out[key] = vertexSetShape();
      continue;
    }
    out[key] = (name !== undefined ? shapes.get(name) : undefined) ?? 'UNKNOWN';
  }
  return out;
}

export interface QueryMetadata {
  readonly queryname: string;
  readonly input: Record<string, string>[];
  readonly output: Record<string, Shape>[];
}

export function queryMetadata(query: CreateQuery): QueryMetadata {
  const shapes = declaredShapes(query);
  const output: Record<string, Shape>[] = [];
  walk(query, {
    enter: (node: Node) => {
      if (node.kind === 'Print') output.push(printShape(node, shapes));
    },
  });
  return {
    queryname: query.name,
    input: query.params.map((p) => ({ [p.name]: formatType(p.type) })),
    output,
  };
}
