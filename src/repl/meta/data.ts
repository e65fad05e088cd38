// Meta commands that read data through the data-plane operations: \vertex TYPE ID and
// \path FROM_TYPE:ID TO_TYPE:ID [maxLength] (unweighted shortest path).
import { GraphError } from '../../core/errors.js';
import { renderRows } from '../render/result.js';
import { usage, type MetaCommand } from './types.js';

function graphOf(graph: string | undefined): string {
  if (graph === undefined) {
    throw new GraphError('no graph in use: \\graph NAME or USE GRAPH NAME first', {
      code: 'GWB-NO-GRAPH',
    });
  }
  return graph;
}

export const vertexCommand: MetaCommand = {
  name: 'vertex',
  usage: '\\vertex TYPE ID',
  summary: 'one vertex with its attributes',
  async run(args, ctx) {
    const [type, id] = args;
    if (type === undefined || id === undefined) return usage(ctx, vertexCommand);
    const session = ctx.session;
    const graph = graphOf(session.graph);
    const found = await session.client.getVertex({ type, id }, { graph, signal: ctx.signal });
    session.out.result(renderRows(type, found, session.renderOptions()));
    return 'ok';
  },
};

function endpoint(text: string | undefined): { type: string; id: string } | undefined {
  const at = text?.indexOf(':') ?? -1;
  if (text === undefined || at <= 0 || at === text.length - 1) return undefined;
  return { type: text.slice(0, at), id: text.slice(at + 1) };
}

export const pathCommand: MetaCommand = {
  name: 'path',
  usage: '\\path FROM_TYPE:ID TO_TYPE:ID [maxLength]',
  summary: 'a shortest path between two vertices',
  async run(args, ctx) {
    const source = endpoint(args[0]);
    const target = endpoint(args[1]);
    const maxLength = args[2] === undefined ? undefined : Number(args[2]);
    if (!source || !target || (maxLength !== undefined && !(maxLength > 0))) {
      return usage(ctx, pathCommand);
    }
    const session = ctx.session;
    const graph = graphOf(session.graph);
    const paths = await session.client.shortestPath(
      { source, target, ...(maxLength !== undefined ? { maxLength } : {}) },
      { graph, signal: ctx.signal },
    );
    const options = session.renderOptions();
    if (paths.length === 0 || paths.every((p) => p.vertices.length === 0)) {
      session.out.result('(no path)');
      return 'ok';
    }
    session.out.result(
      paths
        .map(
          (p, i) =>
            `${renderRows(`path ${i + 1}: vertices`, p.vertices, options)}\n` +
            renderRows(`path ${i + 1}: edges (${p.edges.length} hops)`, p.edges, options),
        )
        .join('\n\n'),
    );
    return 'ok';
  },
};
