// What a shell statement handler sees: the engine, the session's current graph, the statement's
// source text, and the services the shell delegates to (loading, queries, users) as they land.
import type { Statement } from '../../../core/gsql/index.js';
import type { Engine } from '../engine.js';
import type { ShellAccess } from './access.js';
import { ShellError } from './errors.js';

/** Services beyond the schema that statements reach; absent ones answer "not supported". */
export interface ShellServices {
  /** CREATE LOADING JOB: checks a job against the schema (throws with line:column if bad). */
  readonly checkLoadingJob?: (graph: string, text: string) => void;
  /** RUN LOADING JOB j USING f="path": runs and answers the shell's report lines. */
  readonly runLoadingJob?: (
    graph: string,
    statement: Statement & { kind: 'RunJob' },
    text: string,
  ) => Promise<string[]>;
  /** Query statements (CREATE/INSTALL/RUN/INTERPRET QUERY): lines to print. */
  readonly queries?: (ctx: StatementContext) => Promise<string[]> | undefined;
  /** Users, roles and secrets, and who runs the script: privileges are checked per statement. */
  readonly access?: ShellAccess;
  /**
   * The roles of the user running the script on a graph, for the context functions of the queries
   * it runs (current_roles); absent when the service gives queries no user (REST++ authentication
   * off: the context-functions page says they then fail, from the shell too).
   */
  readonly queryRoles?: (graph: string) => readonly string[];
  /** Folders the queries a script runs may read and write files in (LOADACCUM, FILE objects). */
  readonly fileDirs?: readonly string[];
  /** Files PUT reads and GET writes (UDF files), on the service's machine; throw when refused. */
  readonly files?: {
    read(path: string): Promise<string>;
    write(path: string, text: string): Promise<void>;
  };
}

export interface StatementContext {
  readonly engine: Engine;
  readonly statement: Statement;
  /** The statement's own source text. */
  readonly text: string;
  /** Every statement of the script (CREATE QUERY may call a query created later in it). */
  readonly script?: readonly Statement[];
  readonly services: ShellServices;
  /** The session's graph (USE GRAPH), or null at global scope. */
  graph: string | null;
}

/** The session's graph, or an error naming the statement that needs one. */
export function requireGraph(ctx: StatementContext, what: string): string {
  if (ctx.graph === null)
    throw new ShellError(`${what} needs a graph: run USE GRAPH first, or add FOR GRAPH.`);
  return ctx.graph;
}
