// Runs one GSQL statement for the REPL through the core's shell-channel runner and renders what
// came of it: query results as result blocks, shell text as text, errors with a caret where the
// message names a line:column. USE GRAPH / USE GLOBAL change the session's graph; DDL refreshes
// the completion schema.
import { runStatement } from '../core/session/index.js';
import type { SplitStatement } from '../core/gsql/index.js';
import { renderError, type ScriptOrigin } from './render/error.js';
import { renderResult } from './render/result.js';
import type { Session } from './session.js';
import type { StepStatus } from './status.js';

export async function runGsqlStatement(
  session: Session,
  statement: Pick<SplitStatement, 'text' | 'kind'>,
  signal: AbortSignal,
  /** Where the statement starts in its script, so errors name the script's lines. */
  origin?: ScriptOrigin,
): Promise<StepStatus> {
  const before = session.graph;
  const run = await runStatement(session.client, before, statement, signal);
  if (run.graph !== before) session.useGraph(run.graph);
  else if (run.changesSchema) session.invalidateSchema();
  const outcome = run.outcome;
  switch (outcome.kind) {
    case 'results':
      session.out.result(renderResult(outcome.results, session.renderOptions()));
      return 'ok';
    case 'text':
      // Shell text is a result in table mode; json/csv consumers get it as a note on stderr.
      if (outcome.text === '') return 'ok';
      if (session.format === 'table') session.out.result(outcome.text);
      else session.out.note(outcome.text);
      return 'ok';
    case 'error': {
      const withCaret = outcome.code.startsWith('GSQL return code');
      session.out.error(
        renderError(
          {
            message: outcome.message,
            code: outcome.code,
            ...(withCaret ? { source: statement.text } : {}),
            origin,
          },
          session.paint,
        ),
      );
      return 'error';
    }
  }
}
