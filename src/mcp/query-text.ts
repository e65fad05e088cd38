// The text of an installed or template query, and the read-only guard built on it. The text comes
// from the service itself (SHOW QUERY through the statements channel; a template query's
// definition from the library endpoint), is parsed with src/core/gsql, and the tree decides.
// When the text cannot be read or parsed, the query is not run in read-only mode: unknown is not
// read-only.
import type { CallOptions, GraphClient } from '../core/client/index.js';
import { queryCalls, type CreateQuery, type Node } from '../core/gsql/index.js';
import { ToolRefusal } from './refusal.js';
import { writesWithArguments } from './argument-writes.js';
import { createQueries, findWrites, formatProblems, type WriteFinding } from './write-check.js';

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A GSQL identifier: the only form of a name that may be put into a GSQL script. */
export function isIdentifier(value: string): boolean {
  return identifier.test(value);
}

/** SHOW QUERY output with whatever the shell prints before the first CREATE line left out. */
function fromCreate(output: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /^\s*CREATE\b/i.test(line));
  return start < 0 ? '' : lines.slice(start).join('\n');
}

export interface InstalledQueryText {
  readonly text: string;
  readonly query: CreateQuery | undefined;
}

/** The stored text of an installed query (empty when the service shows none). */
export async function installedQueryText(
  client: GraphClient,
  graph: string,
  name: string,
  options: CallOptions = {},
): Promise<InstalledQueryText> {
  // The names go into a GSQL script: anything but an identifier could smuggle in a statement.
  if (!isIdentifier(graph) || !isIdentifier(name)) {
    throw new ToolRefusal(`Refused: "${graph}" and "${name}" must be plain GSQL names.`);
  }
  const shell = await client.gsql(`USE GRAPH ${graph}\nSHOW QUERY ${name}`, options);
  if (!shell.ok) return { text: '', query: undefined };
  const text = fromCreate(shell.output);
  const query = createQueries(text).queries.find((q) => q.name === name);
  return { text, query };
}

export function refuseWrites(what: string, writes: readonly WriteFinding[]): never {
  const where = writes.map((w) => `${w.line}:${w.column} ${w.what}`).join('; ');
  throw new ToolRefusal(
    `Refused: ${what} writes to the graph (${where}). The MCP server is read-only; ` +
      'start it with --allow-writes to run queries that change data.',
    { writes },
  );
}

/** More called queries than this are not followed: the query is refused instead. */
const maxCalled = 32;

/**
 * Refuses when a query called from `root` writes: a query can call other installed queries, and
 * their writes are its writes. A called name that is no installed query (a user function) has no
 * text to show and cannot write to the graph, so it is passed over.
 */
export async function ensureCalledQueriesReadOnly(
  client: GraphClient,
  graph: string,
  root: Node,
  options: CallOptions = {},
  seen: Set<string> = new Set(),
): Promise<void> {
  for (const { name } of queryCalls(root)) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (seen.size > maxCalled) {
      throw new ToolRefusal('Refused: the query calls too many other queries to check them all.');
    }
    const { query } = await installedQueryText(client, graph, name, options);
    if (query === undefined) continue;
    const writes = findWrites(query);
    if (writes.length > 0) refuseWrites(`query ${name} (called as a subquery)`, writes);
    await ensureCalledQueriesReadOnly(client, graph, query, options, seen);
  }
}

/**
 * Refuses argument names the query does not declare: a misspelt name would be dropped by the
 * service and the parameter's default used instead (a type filter counting every type).
 */
export function ensureKnownArguments(
  what: string,
  query: CreateQuery,
  args: Record<string, unknown>,
): void {
  const declared = query.params.map((p) => p.name);
  const unknownNames = Object.keys(args).filter((name) => !declared.includes(name));
  if (unknownNames.length === 0) return;
  throw new ToolRefusal(
    `Refused: ${what} has no parameter ${unknownNames.map((n) => `"${n}"`).join(', ')}; its ` +
      `parameters are: ${declared.join(', ') || '(none)'} [GWB-MCP-UNKNOWN-ARGUMENT]`,
    { unknown: unknownNames, parameters: declared },
  );
}

/**
 * With writes allowed, an installed query's text is read only to check the argument names; a
 * text that cannot be read leaves them to the service (nothing is refused for safety here).
 */
export async function checkInstalledQueryArguments(
  client: GraphClient,
  graph: string,
  name: string,
  options: CallOptions,
  args: Record<string, unknown>,
): Promise<void> {
  const { query } = await installedQueryText(client, graph, name, options);
  if (query !== undefined) ensureKnownArguments(`query ${name}`, query, args);
}

/** The template query's definition, parsed, with what kept it from parsing. */
async function templateQuery(client: GraphClient, name: string, options: CallOptions) {
  const [info] = await client.call(
    'getTemplateInfo',
    { path: { functionName: name } },
    { ...options },
  );
  const { queries, problems } = createQueries(info?.query ?? '');
  return { query: queries[0], problems };
}

/** With writes allowed, a template's definition is read only to check the argument names. */
export async function checkTemplateArguments(
  client: GraphClient,
  name: string,
  options: CallOptions,
  args: Record<string, unknown>,
): Promise<void> {
  const { query } = await templateQuery(client, name, options);
  if (query !== undefined) ensureKnownArguments(`template query ${name}`, query, args);
}

/** The writes that can happen: with the arguments given, those their conditions allow. */
function writesFor(query: CreateQuery, args: Record<string, unknown> | undefined) {
  return args === undefined ? findWrites(query) : writesWithArguments(query, args);
}

/**
 * Throws a refusal unless the installed query is shown by its text to make no writes (with
 * `args`: no writes these arguments can reach).
 */
export async function ensureInstalledQueryReadOnly(
  client: GraphClient,
  graph: string,
  name: string,
  options: CallOptions = {},
  args?: Record<string, unknown>,
): Promise<void> {
  const { query } = await installedQueryText(client, graph, name, options);
  if (query === undefined) {
    throw new ToolRefusal(
      `Refused: the text of query ${name} on graph ${graph} could not be read, so it cannot be ` +
        'shown to be read-only (check the name with list_queries).',
    );
  }
  if (args !== undefined) ensureKnownArguments(`query ${name}`, query, args);
  const writes = writesFor(query, args);
  if (writes.length > 0) refuseWrites(`query ${name}`, writes);
  await ensureCalledQueriesReadOnly(client, graph, query, options, new Set([name]));
}

/**
 * Throws a refusal unless the template query's definition makes no writes (with `args`: none
 * these arguments can reach; a template that writes only when asked runs when not asked).
 */
export async function ensureTemplateReadOnly(
  client: GraphClient,
  name: string,
  options: CallOptions = {},
  args?: Record<string, unknown>,
): Promise<void> {
  const { query, problems } = await templateQuery(client, name, options);
  if (query === undefined) {
    const why = problems.length > 0 ? `:\n${formatProblems(problems)}` : '';
    throw new ToolRefusal(
      `Refused: the definition of template query ${name} could not be read${why}, so it cannot ` +
        'be shown to be read-only.',
    );
  }
  if (args !== undefined) ensureKnownArguments(`template query ${name}`, query, args);
  const writes = writesFor(query, args);
  if (writes.length > 0) refuseWrites(`template query ${name}`, writes);
}
