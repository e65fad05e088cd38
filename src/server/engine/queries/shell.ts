// Query statements of the GSQL shell: CREATE [OR REPLACE] QUERY (checked by compiling, then
// stored as text), INSTALL QUERY, RUN QUERY name(args), INTERPRET QUERY name(args) and anonymous
// INTERPRET QUERY blocks, printing results as the shell does: the JSON answer of the run.
import type { CreateQuery, Statement } from '../../../core/gsql/index.js';
import { putQuery } from '../catalog/jobs.js';
import { ShellError } from '../shell/errors.js';
import { requireGraph, type StatementContext } from '../shell/context.js';
import { runArguments } from '../shell/run-args.js';
import { stringifyResult } from '../query/index.js';
import { installQueries } from './install.js';
import { installedQueryUrl, interpretUrl, queryService } from './service.js';
import { runQuery, storedQueryAst } from './snapshot.js';

let runCounter = 0;

function answerText(results: unknown[], warnings: readonly string[] = []): string[] {
  return [
    stringifyResult(
      {
        error: false,
        message: warnings.join('\n'),
        version: { edition: 'enterprise', api: 'v2', schema: 0 },
        results,
      },
      2,
    ),
  ];
}

/**
 * A query the script creates after the current statement, in the same graph: a CREATE QUERY may
 * call it (queries created together call each other; INSTALL compiles them in any order).
 */
function laterQuery(ctx: StatementContext, graph: string, name: string): CreateQuery | undefined {
  const script = ctx.script ?? [];
  const after = script.indexOf(ctx.statement);
  let current = ctx.graph;
  for (const [i, s] of script.entries()) {
    if (s.kind === 'UseGraph') current = s.name;
    if (i <= after || s.kind !== 'CreateQuery' || s.name !== name) continue;
    if ((s.graph ?? current) === graph) return s;
  }
  return undefined;
}

/**
 * The roles of the user running the script on the graph, when the service gives them to queries
 * (REST++ authentication on): the context functions (current_roles) see them, as through REST++.
 */
function callerRoles(ctx: StatementContext, graph: string): { roles?: readonly string[] } {
  const roles = ctx.services.queryRoles?.(graph);
  return roles ? { roles } : {};
}

/** The shell's handling of query statements; undefined for any other statement. */
export function queryStatement(ctx: StatementContext): Promise<string[]> | undefined {
  const s: Statement = ctx.statement;
  switch (s.kind) {
    case 'CreateQuery':
      return (async () => {
        const graph = s.graph ?? requireGraph(ctx, 'CREATE QUERY');
        queryService(ctx.engine).compile(graph, s, {
          later: (name) => laterQuery(ctx, graph, name),
        });
        await ctx.engine.changeSchema((c) =>
          putQuery(c, { graph, name: s.name, text: ctx.text, installed: false }, s.orReplace),
        );
        return [`Successfully created queries: [${s.name}].`];
      })();
    case 'InstallQuery':
      return (async () => {
        const graph = graphOf(ctx, s.all ? [] : s.names, 'INSTALL QUERY');
        const status = await installQueries(ctx.engine, graph, s.all ? ['*'] : s.names);
        if (status.state === 'FAILURE') throw new ShellError(status.message);
        const failed = status.queries.filter((q) => q.state === 'FAILED');
        if (failed.length > 0)
          throw new ShellError(
            failed.map((q) => `Query ${q.name} failed to install: ${q.error ?? ''}`).join('\n'),
          );
        return [
          'Start installing queries, about 1 minute ...',
          ...status.queries.map((q) => `Query installation finished: ${q.name}.`),
        ];
      })();
    case 'RunQuery':
      return (async () => {
        const graph = graphOf(ctx, [s.name], s.interpret ? 'INTERPRET QUERY' : 'RUN QUERY');
        const service = queryService(ctx.engine);
        const compiled = s.interpret
          ? service.interpretedQuery(graph, queryText(ctx, graph, s.name))
          : service.requireInstalled(graph, s.name);
        const ast = storedQueryAst(ctx.engine, graph, s.name);
        const output = await runQuery(ctx.engine, compiled, ast, {
          graph,
          args: runArguments(ctx.engine, graph, compiled.params, s),
          requestId: `${++runCounter}.GSQL_SHELL.${Date.now()}`,
          url: installedQueryUrl(graph, s.name),
          timeoutMs: 16_000,
          allowedFileDirs: ctx.services.fileDirs ?? [],
          ...callerRoles(ctx, graph),
        });
        return answerText(output.results, output.warnings);
      })();
    case 'InterpretBlock':
      return (async () => {
        const graph = s.graph ?? requireGraph(ctx, 'INTERPRET QUERY');
        const service = queryService(ctx.engine);
        const compiled = service.compile(graph, s);
        const output = await runQuery(ctx.engine, compiled, () => s, {
          graph,
          args: {},
          requestId: `${++runCounter}.GSQL_SHELL.${Date.now()}`,
          url: interpretUrl,
          timeoutMs: 16_000,
          allowedFileDirs: ctx.services.fileDirs ?? [],
          ...callerRoles(ctx, graph),
        });
        return answerText(output.results, output.warnings);
      })();
    case 'AlterPassword':
    case 'ClearGraphStore':
    case 'CreateEdge':
    case 'CreateGraph':
    case 'CreateLoadingJob':
    case 'CreateRole':
    case 'CreateSchemaChangeJob':
    case 'CreateSecret':
    case 'CreateUser':
    case 'CreateVertex':
    case 'Drop':
    case 'DropAll':
    case 'DropRole':
    case 'Error':
    case 'GetUdf':
    case 'ImportPackage':
    case 'Ls':
    case 'PrivilegeGrant':
    case 'PutUdf':
    case 'RoleGrant':
    case 'RunJob':
    case 'RunSchemaChange':
    case 'SetParam':
    case 'Show':
    case 'ShowPackage':
    case 'ShowPrivilege':
    case 'TypedefAccum':
    case 'TypedefTuple':
    case 'UseGlobal':
    case 'UseGraph':
      return undefined;
  }
}

/**
 * The session's graph; without one (a script that created its queries with FOR GRAPH and never
 * ran USE GRAPH), the one graph that holds every named query, when exactly one does.
 */
function graphOf(ctx: StatementContext, names: readonly string[], what: string): string {
  if (ctx.graph !== null || names.length === 0) return requireGraph(ctx, what);
  const graphs = new Set(
    ctx.engine.catalog.queries.filter((q) => names.includes(q.name)).map((q) => q.graph),
  );
  const [only] = graphs;
  const holdsAll = (g: string) =>
    names.every((n) => ctx.engine.catalog.queries.some((q) => q.graph === g && q.name === n));
  if (graphs.size === 1 && only !== undefined && holdsAll(only)) return only;
  return requireGraph(ctx, what);
}

/** The stored text of a (possibly not installed) query, for INTERPRET QUERY name(args). */
function queryText(ctx: StatementContext, graph: string, name: string): string {
  const def = ctx.engine.catalog.queries.find((q) => q.graph === graph && q.name === name);
  if (!def) throw new ShellError(`Query ${name} does not exist in graph ${graph}.`);
  return def.text;
}
