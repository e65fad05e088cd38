// A GSQL shell session: runs a script statement by statement the way the GSQL shell does (USE
// GRAPH persists for the session) and answers with the shell's text and a return code. A script
// with syntax errors runs nothing; a failing statement stops the script.
import { formatDiagnostic, parse, type Statement } from '../../../core/gsql/index.js';
import { CatalogError } from '../catalog/errors.js';
import { putLoadingJob } from '../catalog/jobs.js';
import { queryStatement } from '../queries/shell.js';
import type { Engine } from '../engine.js';
import { EngineError } from '../errors.js';
import { compileJobText } from '../loading/index.js';
import { LoadingJobError } from '../loading/errors.js';
import { QueryCompileError, QueryRuntimeError } from '../query/index.js';
import type { ShellServices, StatementContext } from './context.js';
import { requireGraph } from './context.js';
import { accessStatement, checkStatementPrivilege, isAccessTarget } from './access.js';
import * as ddl from './ddl.js';
import { ShellError } from './errors.js';
import { ls, show } from './listing.js';
import { getUdf, putUdf } from './udf-statements.js';
import { importPackage, showPackage } from './packages.js';
import { sessionSyntax, withSessionSyntax } from './session-syntax.js';
import { accumFromTypedef, accumStore, addAccums } from '../../udt/accums.js';

export interface ShellResult {
  readonly lines: string[];
  /** 0 on success, 1 when a statement failed (the __GSQL__RETURN__CODE__ of the real shell). */
  readonly returnCode: number;
  /** The stable code of the failure (a diagnostic's or an error class's), when returnCode is 1. */
  readonly errorCode?: string;
}

export class ShellSession {
  graph: string | null;
  /** `SET syntax_version`: the SYNTAX of query blocks that declare none (session-syntax.ts). */
  private syntaxVersion: string | null = null;

  private readonly services: ShellServices;

  /** Query statements are served by the engine's query service unless `services` says otherwise. */
  constructor(
    private readonly engine: Engine,
    services: ShellServices = {},
    graph: string | null = null,
  ) {
    this.services = {
      queries: queryStatement,
      checkLoadingJob: (graph, text) => void compileJobText(text, engine.catalog, graph),
      ...services,
    };
    this.graph = graph;
  }

  async run(script: string): Promise<ShellResult> {
    const { ast, diagnostics } = parse(script);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      return {
        lines: errors.map((d) => `Syntax error at ${formatDiagnostic(d)}`),
        returnCode: 1,
        errorCode: errors[0]?.code ?? 'GSQL-SYNTAX',
      };
    }
    const lines: string[] = [];
    for (const written of ast.statements) {
      const { statement, text } = withSessionSyntax(
        written,
        script.slice(written.range.start.offset, written.range.end.offset),
        this.syntaxVersion,
      );
      const ctx: StatementContext = {
        engine: this.engine,
        statement,
        text,
        script: ast.statements,
        services: this.services,
        graph: this.graph,
      };
      try {
        checkStatementPrivilege(ctx, statement);
        lines.push(...(await this.execute(ctx, statement)));
        this.graph = ctx.graph;
      } catch (error) {
        lines.push(failureText(statement, error));
        return { lines, returnCode: 1, errorCode: errorCodeOf(error) };
      }
    }
    return { lines, returnCode: 0 };
  }

  private async execute(ctx: StatementContext, s: Statement): Promise<string[]> {
    switch (s.kind) {
      case 'CreateVertex':
        return ddl.createVertex(ctx, s);
      case 'CreateEdge':
        return ddl.createEdge(ctx, s);
      case 'CreateGraph':
        return ddl.createGraphStatement(ctx, s);
      case 'TypedefTuple':
        return ddl.typedefTuple(ctx, s);
      case 'CreateSchemaChangeJob':
        return ddl.createSchemaJob(ctx, s);
      case 'RunSchemaChange':
        return ddl.runSchemaJob(ctx, s);
      case 'Drop':
        return isAccessTarget(s) ? accessStatement(ctx, s) : ddl.drop(ctx, s);
      case 'DropAll':
        return ddl.dropAllStatement(ctx);
      case 'ClearGraphStore':
        return ddl.clearGraphStore(ctx);
      case 'UseGraph':
        if (!this.engine.catalog.graphs.some((g) => g.name === s.name)) {
          throw new ShellError(`Graph ${s.name} does not exist.`);
        }
        ctx.graph = s.name;
        return [`Using graph '${s.name}'`];
      case 'UseGlobal':
        ctx.graph = null;
        return [];
      case 'Ls':
        return ls(ctx);
      case 'Show':
        return isAccessTarget(s) ? accessStatement(ctx, s) : show(ctx, s);
      case 'ShowPackage':
        return showPackage(s);
      case 'ImportPackage':
        return importPackage(s);
      case 'CreateLoadingJob':
        return this.createLoadingJob(ctx, s);
      case 'RunJob': {
        const graph = requireGraph(ctx, 'RUN LOADING JOB');
        if (!this.services.runLoadingJob)
          throw new ShellError('RUN LOADING JOB is not supported by the embedded service yet.');
        return this.services.runLoadingJob(graph, s, ctx.text);
      }
      case 'CreateQuery':
      case 'InterpretBlock':
      case 'InstallQuery':
      case 'RunQuery': {
        const answer = this.services.queries?.(ctx);
        if (!answer) throw new ShellError('Queries are not supported by the embedded service yet.');
        return answer;
      }
      case 'SetParam':
        // syntax_version applies to the query blocks after it; the others are accepted as set.
        if (s.name.toLowerCase() === 'syntax_version') this.syntaxVersion = sessionSyntax(s.value);
        return [];
      case 'PutUdf':
        return putUdf(ctx, s);
      case 'GetUdf':
        return getUdf(ctx, s);
      case 'TypedefAccum': {
        // A top-level accumulator typedef: the store of /gsql/v1/udt/accum.
        const accum = accumFromTypedef(s);
        await accumStore(ctx.engine).update((current) => ({
          next: addAccums(current, [accum]),
          result: undefined,
        }));
        return [`Successfully created accumulator: [${accum.name}].`];
      }
      case 'CreateSecret':
      case 'CreateUser':
      case 'RoleGrant':
      case 'AlterPassword':
      case 'CreateRole':
      case 'DropRole':
      case 'PrivilegeGrant':
      case 'ShowPrivilege':
        return accessStatement(ctx, s);
      case 'Error':
        throw new ShellError(`Cannot read the statement: ${s.text}`);
    }
  }

  private async createLoadingJob(
    ctx: StatementContext,
    s: Statement & { kind: 'CreateLoadingJob' },
  ): Promise<string[]> {
    const graph = s.graph ?? requireGraph(ctx, 'CREATE LOADING JOB');
    this.services.checkLoadingJob?.(graph, ctx.text);
    await this.engine.changeSchema((c) =>
      putLoadingJob(c, { graph, name: s.name, text: ctx.text }),
    );
    return [`Successfully created loading jobs: [${s.name}].`];
  }
}

/** The shell's text for a failed statement: semantic errors carry the statement's line:column. */
/** The `code` every error class of the engine carries; INTERNAL for anything else. */
function errorCodeOf(error: unknown): string {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : 'INTERNAL';
}

function failureText(statement: Statement, error: unknown): string {
  const { line, column } = statement.range.start;
  if (error instanceof ShellError) return error.message;
  if (error instanceof CatalogError) {
    return /^\d+:\d+: /.test(error.message)
      ? `Semantic Check Fails: ${error.message}`
      : `Semantic Check Fails: ${line}:${column}: ${error.message}`;
  }
  if (error instanceof LoadingJobError) return loadingJobFailure(statement, error);
  if (error instanceof EngineError) return `${line}:${column}: ${error.message}`;
  if (error instanceof QueryCompileError) return `Semantic Check Fails: ${error.message}`;
  if (error instanceof QueryRuntimeError) return `Runtime Error: ${error.message}`;
  return `${line}:${column}: internal error: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * A loading job's error as the shell prints it: a bad CREATE LOADING JOB is a semantic check
 * failure at the script's line:column. The job compiler places its problems in the job's own text
 * (`loading job "j" (line L:C): ...`, counted from the CREATE); they are moved to the script.
 */
function loadingJobFailure(statement: Statement, error: LoadingJobError): string {
  const start = statement.range.start;
  const place = /^(loading job "[^"]*") \(line (\d+):(\d+)\): /.exec(error.message);
  let at = `${start.line}:${start.column}`;
  let message = error.message;
  if (place) {
    const line = Number(place[2]);
    const column = Number(place[3]);
    at = `${start.line + line - 1}:${line === 1 ? start.column + column - 1 : column}`;
    message = `${place[1]}: ${error.message.slice(place[0].length)}`;
  }
  const prefix = statement.kind === 'CreateLoadingJob' ? 'Semantic Check Fails: ' : '';
  return `${prefix}${at}: ${message}`;
}
