// Runs one GSQL statement through the statements channel, as the GSQL shell would, and says what
// came of it in face-neutral terms (printed results, shell text or an error with line:column).
// Every request is a fresh shell session, so the graph in use goes first as `USE GRAPH`; line
// numbers in errors are shifted back so they point into the user's text. Shared by the REPL
// (which renders outcomes for the terminal) and the notebook (which stores them in cells).
import type { GraphClient } from '../client/index.js';
import type { SplitStatement } from '../gsql/index.js';
import { abortRunningQuery } from './abort.js';
import { messagePositions, movePositions } from './positions.js';
import { runShellHabit, shellHabit, type ShellHabit } from './shell-habits.js';
import { shellEnvelope } from './shell-envelope.js';

export type StatementOutcome =
  | { readonly kind: 'results'; readonly results: unknown[] }
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'error';
      readonly code: string;
      readonly message: string;
      readonly line?: number;
      readonly column?: number;
    };

export interface StatementRun {
  readonly outcome: StatementOutcome;
  /** The graph in use after the statement (USE GRAPH / USE GLOBAL change it). */
  readonly graph: string | undefined;
  /** The statement created, dropped or changed types, graphs or queries: refetch the schema. */
  readonly changesSchema: boolean;
}

const usingLine = /^Using graph '[^']*'\s*$/;

const schemaChanging = /^(Create|Drop|RunSchemaChange|ClearGraphStore|InstallQuery|RunJob)/;

function graphNamed(text: string): string | undefined {
  return /^\s*USE\s+GRAPH\s+([A-Za-z_]\w*)/i.exec(text)?.[1];
}

/** The first line:column a message names, shifted up by the lines of the prefix we added. */
function position(message: string, shift: number): { line?: number; column?: number } {
  const first = messagePositions(message)[0];
  if (!first) return {};
  return { line: Math.max(1, first.line - shift), column: first.column };
}

/** Every position in the message shifted up by the prefix's lines (all errors, not the first). */
function shiftMessage(message: string, shift: number): string {
  if (shift === 0) return message;
  return movePositions(message, (at) => ({
    line: Math.max(1, at.line - shift),
    column: at.column,
  }));
}

async function runHabit(
  client: GraphClient,
  graph: string | undefined,
  habit: ShellHabit,
  signal: AbortSignal | undefined,
): Promise<StatementRun> {
  if (graph === undefined) {
    const outcome: StatementOutcome = {
      kind: 'error',
      code: 'GWB-NO-GRAPH',
      message: 'no graph in use: USE GRAPH NAME first',
    };
    return { outcome, graph, changesSchema: false };
  }
  // Failures are thrown as the shell channel's are: the faces show the service's code.
  const results = await runShellHabit(client, graph, habit, signal ? { signal } : {});
  return { outcome: { kind: 'results', results }, graph, changesSchema: false };
}

export async function runStatement(
  client: GraphClient,
  graph: string | undefined,
  statement: Pick<SplitStatement, 'text' | 'kind'>,
  signal?: AbortSignal,
): Promise<StatementRun> {
  // Shell habits the faces answer through REST (named RUN QUERY arguments, built-in SELECT).
  const habit = shellHabit(statement.text);
  if (habit !== undefined) return runHabit(client, graph, habit, signal);
  const prefix = graph !== undefined && statement.kind !== 'UseGraph' ? `USE GRAPH ${graph}\n` : '';
  const shift = prefix === '' ? 0 : 1;
  let answer;
  try {
    answer = await client.gsql(prefix + statement.text, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted && /^(RunQuery|InterpretBlock)$/.test(statement.kind)) {
      await abortRunningQuery(client, graph, statement.text);
    }
    throw error;
  }
  const lines = answer.output.split('\n');
  if (prefix !== '' && usingLine.test(lines[0] ?? '')) lines.shift();
  const output = lines.join('\n').trim();
  let after = graph;
  if (answer.ok && statement.kind === 'UseGraph') after = graphNamed(statement.text);
  if (answer.ok && statement.kind === 'UseGlobal') after = undefined;
  const changesSchema = schemaChanging.test(statement.kind) || after !== graph;
  const envelope = shellEnvelope(output);
  let outcome: StatementOutcome;
  if (envelope && (envelope.error || !answer.ok)) {
    const message = envelope.message || output;
    outcome = {
      kind: 'error',
      code: envelope.code ?? 'GSQL-QUERY',
      message: shiftMessage(message, shift),
      ...position(message, shift),
    };
  } else if (envelope) {
    outcome = { kind: 'results', results: envelope.results };
  } else if (!answer.ok) {
    outcome = {
      kind: 'error',
      code: `GSQL return code ${answer.returnCode}`,
      message: shiftMessage(output, shift),
      ...position(output, shift),
    };
  } else {
    outcome = { kind: 'text', text: output };
  }
  return { outcome, graph: after, changesSchema };
}
