// LS and SHOW: the catalog as the GSQL shell lists it, globally or for the session's graph.
import type { Show } from '../../../core/gsql/index.js';
import { edgeDdl, graphLine, vertexDdl } from '../catalog/ddl-text.js';
import type { CatalogData } from '../catalog/types.js';
import type { StatementContext } from './context.js';
import { ShellError } from './errors.js';

function section(title: string, items: string[]): string[] {
  return [`${title}:`, ...items.map((i) => `  - ${i}`)];
}

function indentBlock(text: string): string {
  return text.split('\n').join('\n      ');
}

function graphScoped(catalog: CatalogData, graph: string) {
  const def = catalog.graphs.find((g) => g.name === graph);
  return {
    vertices: catalog.vertexTypes.filter((v) => def?.vertexTypes.includes(v.name)),
    edges: catalog.edgeTypes.filter((e) => def?.edgeTypes.includes(e.name)),
  };
}

export function ls(ctx: StatementContext): string[] {
  const c = ctx.engine.catalog;
  if (ctx.graph === null) {
    return [
      '---- Global vertices, edges, and all graphs',
      ...section('Vertex Types', c.vertexTypes.filter((v) => !v.localTo).map(vertexDdl)),
      ...section('Edge Types', c.edgeTypes.filter((e) => !e.localTo).map(edgeDdl)),
      '',
      ...section('Graphs', c.graphs.map(graphLine)),
      ...section(
        'Jobs',
        c.schemaJobs.filter((j) => j.graph === null).map((j) => indentBlock(j.text)),
      ),
      '',
      'JSON API version: v2',
      'Syntax version: v2',
    ];
  }
  const graph = ctx.graph;
  const { vertices, edges } = graphScoped(c, graph);
  const def = c.graphs.find((g) => g.name === graph);
  const jobs = [
    ...c.loadingJobs.filter((j) => j.graph === graph),
    ...c.schemaJobs.filter((j) => j.graph === graph),
  ];
  return [
    `---- Graph ${graph}`,
    ...section('Vertex Types', vertices.map(vertexDdl)),
    ...section('Edge Types', edges.map(edgeDdl)),
    '',
    ...section('Graphs', def ? [graphLine(def)] : []),
    ...section(
      'Jobs',
      jobs.map((j) => indentBlock(j.text)),
    ),
    '',
    ...section(
      'Queries',
      c.queries
        .filter((q) => q.graph === graph)
        .map((q) => `${q.name}${q.installed ? ' (installed v2)' : ' (draft)'}`),
    ),
  ];
}

function matches(pattern: string | null, name: string): boolean {
  if (pattern === null || pattern === '*') return true;
  const regex = new RegExp(
    `^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
  );
  return regex.test(name);
}

export function show(ctx: StatementContext, node: Show): string[] {
  const c = ctx.engine.catalog;
  const scoped =
    ctx.graph === null
      ? { vertices: c.vertexTypes, edges: c.edgeTypes }
      : graphScoped(c, ctx.graph);
  switch (node.what) {
    case 'VERTEX':
      return scoped.vertices
        .filter((v) => matches(node.pattern, v.name))
        .map((v) => `  - ${vertexDdl(v)}`);
    case 'EDGE':
      return scoped.edges
        .filter((e) => matches(node.pattern, e.name))
        .map((e) => `  - ${edgeDdl(e)}`);
    case 'GRAPH':
      return c.graphs
        .filter((g) => matches(node.pattern, g.name))
        .map((g) => `  - ${graphLine(g)}`);
    case 'JOB':
      return [...c.loadingJobs, ...c.schemaJobs]
        .filter(
          (j) => (ctx.graph === null || j.graph === ctx.graph) && matches(node.pattern, j.name),
        )
        .map((j) => j.text);
    case 'QUERY':
      return c.queries
        .filter(
          (q) => (ctx.graph === null || q.graph === ctx.graph) && matches(node.pattern, q.name),
        )
        .map((q) => q.text);
    case 'SECRET':
    case 'USER':
    case 'ROLE':
      throw new ShellError(`SHOW ${node.what} is not supported by the embedded service yet.`);
  }
}
