// Schema statements of the shell: CREATE VERTEX/EDGE/GRAPH, TYPEDEF TUPLE, schema-change jobs,
// DROP, DROP ALL and CLEAR GRAPH STORE, answered with the GSQL shell's messages.
import type {
  CreateEdge,
  CreateGraph,
  CreateSchemaChangeJob,
  CreateVertex,
  Drop,
  RunSchemaChange,
  TypedefTuple,
} from '../../../core/gsql/index.js';
import { parse } from '../../../core/gsql/index.js';
import {
  addEdgeType,
  addTuple,
  addVertexType,
  createGraph,
  dropAll,
  dropEdgeTypes,
  dropGraph,
  dropVertexTypes,
} from '../catalog/catalog.js';
import {
  at,
  applySchemaChange,
  edgeDefFromAst,
  tupleFromAst,
  vertexDefFromAst,
} from '../catalog/from-ast.js';
import { dropLoadingJob, dropQuery } from '../catalog/jobs.js';
import { requireGraph, type StatementContext } from './context.js';
import { ShellError } from './errors.js';

export async function createVertex(ctx: StatementContext, node: CreateVertex): Promise<string[]> {
  await ctx.engine.changeSchema((c) => at(node, () => addVertexType(c, vertexDefFromAst(c, node))));
  return [`Successfully created vertex types: [${node.name}].`];
}

export async function createEdge(ctx: StatementContext, node: CreateEdge): Promise<string[]> {
  await ctx.engine.changeSchema((c) => at(node, () => addEdgeType(c, edgeDefFromAst(c, node))));
  return [`Successfully created edge types: [${node.name}].`];
}

export async function createGraphStatement(
  ctx: StatementContext,
  node: CreateGraph,
): Promise<string[]> {
  await ctx.engine.changeSchema((c) =>
    at(node, () => {
      const vertices = node.allTypes
        ? c.vertexTypes.filter((v) => !v.localTo).map((v) => v.name)
        : node.types.filter((t) => c.vertexTypes.some((v) => v.name === t));
      // A reverse edge (WITH REVERSE_EDGE) may be listed by its own name: it comes with its
      // forward edge type, which holds it in the catalog.
      const forward = (t: string) =>
        c.edgeTypes.find((e) => e.name === t || e.reverseEdge === t)?.name;
      const edges = node.allTypes
        ? c.edgeTypes.filter((e) => !e.localTo).map((e) => e.name)
        : [...new Set(node.types.map(forward).filter((t): t is string => t !== undefined))];
      const unknown = node.types.filter((t) => !vertices.includes(t) && forward(t) === undefined);
      if (unknown.length > 0)
        throw new ShellError(
          `The graph ${node.name} could not be created! Unknown types: ${unknown.join(', ')}`,
        );
      return createGraph(c, node.name, vertices, edges);
    }),
  );
  ctx.graph = node.name;
  return [`The graph ${node.name} is created.`];
}

export async function typedefTuple(ctx: StatementContext, node: TypedefTuple): Promise<string[]> {
  await ctx.engine.changeSchema((c) => at(node, () => addTuple(c, tupleFromAst(c, node))));
  return [`Successfully created tuples: [${node.name}].`];
}

export async function createSchemaJob(
  ctx: StatementContext,
  node: CreateSchemaChangeJob,
): Promise<string[]> {
  const graph = node.global ? null : (node.graph ?? requireGraph(ctx, 'CREATE SCHEMA_CHANGE JOB'));
  await ctx.engine.changeSchema((c) => {
    if (c.schemaJobs.some((j) => j.name === node.name && j.graph === graph)) {
      throw new ShellError(`The schema change job ${node.name} already exists.`);
    }
    // Check the changes now against the current schema, so a bad job is refused when created.
    at(node, () => node.changes.reduce((acc, change) => applySchemaChange(acc, change, graph), c));
    return {
      ...c,
      version: c.version + 1,
      schemaJobs: [...c.schemaJobs, { graph, name: node.name, text: ctx.text }],
    };
  });
  return [`Successfully created ${node.global ? 'global ' : ''}schema change job: [${node.name}].`];
}

export async function runSchemaJob(
  ctx: StatementContext,
  node: RunSchemaChange,
): Promise<string[]> {
  const graph = node.global ? null : requireGraph(ctx, 'RUN SCHEMA_CHANGE JOB');
  await ctx.engine.changeSchema((c) => {
    const job = c.schemaJobs.find((j) => j.name === node.name && j.graph === graph);
    if (!job) throw new ShellError(`The schema change job ${node.name} does not exist.`);
    const parsed = parse(job.text).ast.statements[0];
    if (parsed?.kind !== 'CreateSchemaChangeJob')
      throw new ShellError(`The schema change job ${node.name} cannot be read.`);
    return parsed.changes.reduce((acc, change) => applySchemaChange(acc, change, graph), c);
  });
  return [`${graph === null ? 'Global' : 'Local'} schema change succeeded.`];
}

function dropNames(node: Drop, all: () => string[]): string[] {
  return node.all ? all() : [...node.names];
}

export async function drop(ctx: StatementContext, node: Drop): Promise<string[]> {
  let dropped: string[] = [];
  await ctx.engine.changeSchema((c) =>
    at(node, () => {
      switch (node.what) {
        case 'VERTEX':
          dropped = dropNames(node, () => c.vertexTypes.map((v) => v.name));
          return dropVertexTypes(c, dropped);
        case 'EDGE':
          dropped = dropNames(node, () => c.edgeTypes.map((e) => e.name));
          return dropEdgeTypes(c, dropped);
        case 'GRAPH': {
          dropped = dropNames(node, () => c.graphs.map((g) => g.name));
          let next = c;
          for (const g of dropped) {
            next = dropGraph(next, g);
            next = {
              ...next,
              loadingJobs: next.loadingJobs.filter((j) => j.graph !== g),
              queries: next.queries.filter((q) => q.graph !== g),
              schemaJobs: next.schemaJobs.filter((j) => j.graph !== g),
            };
          }
          return next;
        }
        case 'JOB': {
          const graph = requireGraph(ctx, 'DROP JOB');
          dropped = dropNames(node, () => [
            ...c.loadingJobs.filter((j) => j.graph === graph).map((j) => j.name),
            ...c.schemaJobs.filter((j) => j.graph === graph).map((j) => j.name),
          ]);
          let next = c;
          for (const name of dropped) {
            if (next.schemaJobs.some((j) => j.graph === graph && j.name === name)) {
              next = {
                ...next,
                version: next.version + 1,
                schemaJobs: next.schemaJobs.filter((j) => !(j.graph === graph && j.name === name)),
              };
            } else next = dropLoadingJob(next, graph, name);
          }
          return next;
        }
        case 'QUERY': {
          const graph = requireGraph(ctx, 'DROP QUERY');
          dropped = dropNames(node, () =>
            c.queries.filter((q) => q.graph === graph).map((q) => q.name),
          );
          return dropped.reduce((acc, name) => dropQuery(acc, graph, name), c);
        }
        case 'TUPLE':
          dropped = dropNames(node, () => c.tuples.map((t) => t.name));
          return {
            ...c,
            version: c.version + 1,
            tuples: c.tuples.filter((t) => !dropped.includes(t.name)),
          };
        case 'SECRET':
        case 'USER':
          throw new ShellError(`DROP ${node.what} is not supported by the embedded service yet.`);
      }
    }),
  );
  const noun: Record<Drop['what'], string> = {
    VERTEX: 'vertex types',
    EDGE: 'edge types',
    GRAPH: 'graphs',
    JOB: 'jobs',
    QUERY: 'queries',
    TUPLE: 'tuples',
    SECRET: 'secrets',
    USER: 'users',
  };
  if (node.what === 'GRAPH' && ctx.graph !== null && dropped.includes(ctx.graph)) ctx.graph = null;
  return [`Successfully dropped ${noun[node.what]}: [${dropped.join(', ')}].`];
}

export async function dropAllStatement(ctx: StatementContext): Promise<string[]> {
  await ctx.engine.write(() => ({ mutations: [{ k: 'clear' }] }));
  await ctx.engine.changeSchema((c) => dropAll(c));
  ctx.graph = null;
  return ['Successfully dropped all.'];
}

export async function clearGraphStore(ctx: StatementContext): Promise<string[]> {
  await ctx.engine.write(() => ({ mutations: [{ k: 'clear' }] }));
  return ['Successfully cleared graph store.'];
}
