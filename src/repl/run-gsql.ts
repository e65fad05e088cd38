// Runs one GSQL statement through the statements channel, as the GSQL shell would: the graph in
// use goes first as `USE GRAPH`, since every request is a fresh shell session. Query results
// (the shell prints RUN/INTERPRET answers as the JSON envelope) are rendered as result blocks,
// other output as text; a failing return code is an error with a caret where the message
// names a line:column. USE GRAPH / USE GLOBAL change the session's graph; DDL refreshes the
// completion schema.
import { parseJson } from '../core/client/index.js';
import type { SplitStatement } from '../core/gsql/index.js';
import { renderError } from './render/error.js';
import { renderResult } from './render/result.js';
import type { Session } from './session.js';
import type { StepStatus } from './status.js';
import { abortRunningQuery } from './abort.js';

const usingLine = /^Using graph '[^']*'\s*$/;

/** Kinds that change the schema, queries or graphs: completion must refetch. */
const changesSchema = (kind: string) =>
  /^(Create|Drop|RunSchemaChange|ClearGraphStore|InstallQuery|RunJob)/.test(kind);

/** A JSON envelope ({error, message, results}) printed by the shell, if the output is one. */
export function shellEnvelope(
  output: string,
): { error: boolean; message: string; results: unknown[]; code?: string } | undefined {
  const start = output.search(/^[{]/m);
  if (start < 0) return undefined;
  try {
    const value = parseJson(output.slice(start)) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || !('results' in value || 'error' in value)) {
      return undefined;
    }
    return {
      error: value.error === true,
      message: typeof value.message === 'string' ? value.message : '',
      results: Array.isArray(value.results) ? value.results : [],
      ...(typeof value.code === 'string' ? { code: value.code } : {}),
    };
  } catch {
    return undefined;
  }
}

function graphNamed(text: string): string | undefined {
  return /^\s*USE\s+GRAPH\s+([A-Za-z_]\w*)/i.exec(text)?.[1];
}

export async function runGsqlStatement(
  session: Session,
  statement: Pick<SplitStatement, 'text' | 'kind'>,
  signal: AbortSignal,
): Promise<StepStatus> {
  const graph = session.graph;
  const prefix = graph !== undefined && statement.kind !== 'UseGraph' ? `USE GRAPH ${graph}\n` : '';
  let answer;
  try {
    answer = await session.client.gsql(prefix + statement.text, { signal });
  } catch (error) {
    if (signal.aborted && /^(RunQuery|InterpretBlock)$/.test(statement.kind)) {
      await abortRunningQuery(session, statement.text);
    }
    throw error;
  }
  const lines = answer.output.split('\n');
  if (prefix !== '' && usingLine.test(lines[0] ?? '')) lines.shift();
  const output = lines.join('\n').trim();
  if (answer.ok && statement.kind === 'UseGraph') session.useGraph(graphNamed(statement.text));
  if (answer.ok && statement.kind === 'UseGlobal') session.useGraph(undefined);
  if (changesSchema(statement.kind)) session.invalidateSchema();
  const paint = session.paint;
  const envelope = shellEnvelope(output);
  if (envelope) {
    if (envelope.error || !answer.ok) {
      session.out.error(
        renderError({ message: envelope.message || output, code: envelope.code }, paint),
      );
      return 'error';
    }
    session.out.result(renderResult(envelope.results, session.renderOptions()));
    return 'ok';
  }
  if (!answer.ok) {
    const shifted = output.replace(/\b(\d+):(\d+)\b/, (m, l: string, c: string) =>
      prefix === '' ? m : `${Math.max(1, Number(l) - 1)}:${c}`,
    );
    session.out.error(
      renderError(
        { message: shifted, code: `GSQL return code ${answer.returnCode}`, source: statement.text },
        paint,
      ),
    );
    return 'error';
  }
  if (output !== '') {
    // Shell text is a result in table mode; json/csv consumers get it as a note on stderr.
    if (session.format === 'table') session.out.result(output);
    else session.out.note(output);
  }
  return 'ok';
}
