// Meta commands that read the catalogue of the graph in use: \schema [type], \queries and
// \describe QUERY (parameters from the query metadata operation).
import { GraphError } from '../../core/errors.js';
import { installedQueries, pairsArrows, type EdgeEnds } from '../../core/session/index.js';
import { renderRows } from '../render/result.js';
import type { Session } from '../session.js';
import { usage, type MetaCommand } from './types.js';

interface AttributeRow {
  AttributeName: string;
  AttributeType: { Name: string; ValueTypeName?: string };
}
interface TypeRow extends EdgeEnds {
  Name: string;
  PrimaryId?: AttributeRow;
  IsDirected?: boolean;
  Attributes: AttributeRow[];
}

function requireGraph(session: Session): string {
  if (session.graph === undefined) {
    throw new GraphError('no graph in use: \\graph NAME or USE GRAPH NAME first', {
      code: 'GWB-NO-GRAPH',
    });
  }
  return session.graph;
}

const typeName = (a: AttributeRow) =>
  a.AttributeType.ValueTypeName
    ? `${a.AttributeType.Name}<${a.AttributeType.ValueTypeName}>`
    : a.AttributeType.Name;
const attributeList = (t: TypeRow) =>
  t.Attributes.map((a) => `${a.AttributeName} ${typeName(a)}`).join(', ');

export const schemaCommand: MetaCommand = {
  name: 'schema',
  usage: '\\schema [TYPE]',
  summary: 'vertex and edge types of the graph, or the attributes of one type',
  async run(args, ctx) {
    const session = ctx.session;
    const graph = requireGraph(session);
    const type = args[0];
    const schema = (await session.client.getSchema({
      graph,
      signal: ctx.signal,
      ...(type ? { type } : {}),
    })) as { VertexTypes?: TypeRow[]; EdgeTypes?: TypeRow[] } & TypeRow;
    const options = session.renderOptions();
    if (type !== undefined) {
      const rows = [
        ...(schema.PrimaryId
          ? [
              {
                attribute: schema.PrimaryId.AttributeName,
                type: typeName(schema.PrimaryId),
                key: 'primary id',
              },
            ]
          : []),
        ...schema.Attributes.map((a) => ({
          attribute: a.AttributeName,
          type: typeName(a),
          key: '',
        })),
      ];
      const kind = schema.FromVertexTypeName
        ? `edge ${schema.IsDirected ? 'directed' : 'undirected'} ${pairsArrows(schema)}`
        : 'vertex';
      session.out.result(`${schema.Name} (${kind})\n${renderRows('attributes', rows, options)}`);
      return 'ok';
    }
    const vertices = (schema.VertexTypes ?? []).map((t) => ({
      vertex: t.Name,
      primary_id: t.PrimaryId ? `${t.PrimaryId.AttributeName} ${typeName(t.PrimaryId)}` : '',
      attributes: attributeList(t),
    }));
    const edges = (schema.EdgeTypes ?? []).map((t) => ({
      edge: t.Name,
      ends: pairsArrows(t),
      directed: t.IsDirected,
      attributes: attributeList(t),
    }));
    const parts = [`Graph ${graph}`];
    if (vertices.length > 0) parts.push(renderRows('vertex types', vertices, options));
    if (edges.length > 0) parts.push(renderRows('edge types', edges, options));
    if (vertices.length + edges.length === 0) parts.push('(no types)');
    session.out.result(parts.join('\n'));
    return 'ok';
  },
};

/** The "Queries:" section of the shell's LS, one line per query with its parameters. */
function queryLines(ls: string): string[] {
  const out: string[] = [];
  let inQueries = false;
  for (const line of ls.split('\n')) {
    if (/^\S.*:\s*$/.test(line)) inQueries = line.trim() === 'Queries:';
    else if (inQueries && line.trim().startsWith('-')) out.push(line.trim().slice(1).trim());
  }
  return out;
}

export const queriesCommand: MetaCommand = {
  name: 'queries',
  usage: '\\queries',
  summary: 'the queries of the graph',
  async run(_args, ctx) {
    const session = ctx.session;
    const graph = requireGraph(session);
    const ls = await session.client.gsql(`USE GRAPH ${graph}\nLS`, { signal: ctx.signal });
    if (!ls.ok) throw new GraphError(ls.output, { code: `GSQL-${ls.returnCode}` });
    const lines = queryLines(ls.output);
    session.out.result(lines.length > 0 ? lines.join('\n') : '(no queries)');
    return 'ok';
  },
};

export const describeCommand: MetaCommand = {
  name: 'describe',
  usage: '\\describe QUERY',
  summary: "a query's parameters, their types and defaults",
  async run(args, ctx) {
    const query = args[0];
    if (query === undefined) return usage(ctx, describeCommand);
    const session = ctx.session;
    const graph = requireGraph(session);
    const info = await session.client.call(
      'getQueryMetadata',
      { query: { graph, query } },
      { signal: ctx.signal },
    );
    // Defaults are not in the metadata; the query's endpoint lists them (installed queries).
    const endpoint = (
      await installedQueries(session.client, graph, { signal: ctx.signal }).catch(() => [])
    ).find((q) => q.name === query);
    const defaultOf = (name: string): string => {
      const spec = endpoint?.parameters[name] as { default?: unknown } | undefined;
      const value = spec?.default;
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    };
    // Entries are `{name, type}` on some releases and `{paramName: type}` on others.
    const params = info.input.map((p) => {
      const [name, type] =
        typeof p.name === 'string' && typeof p.type === 'string'
          ? [p.name, p.type]
          : (Object.entries(p)[0] ?? ['', '']);
      return { parameter: name, type: String(type), default: defaultOf(name) };
    });
    const options = session.renderOptions();
    session.out.result(
      params.length > 0
        ? renderRows(`${info.queryname} parameters`, params, options)
        : `${info.queryname}: no parameters`,
    );
    return 'ok';
  },
};
