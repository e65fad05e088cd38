// Loading jobs (CREATE LOADING JOB, legacy CREATE ONLINE_POST JOB) and RUN [LOADING] JOB.
import type { CreateLoadingJob, Expr, LoadTarget, LoadingStmt, RunJob } from '../ast/index.js';
import { unquote, type Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseArgs, parseExpr } from './expr.js';
import { parseOptions } from './ddl.js';
import { parseForGraph } from './query.js';
import { guarded } from './recovery.js';
import { parseFlags } from './shell.js';

/** After CREATE: `LOADING JOB j FOR GRAPH g { ... }` or `ONLINE_POST JOB j ...`. */
export function parseCreateLoadingJob(c: Cursor, start: Token): CreateLoadingJob {
  const jobType = c.eat('ONLINE_POST') ? 'ONLINE_POST' : (c.expect('LOADING'), 'LOADING');
  c.expect('JOB');
  const name = c.name('job name');
  const graph = parseForGraph(c);
  c.expect('{');
  const body: LoadingStmt[] = [];
  for (;;) {
    while (c.eat(';'));
    if (c.at('}') || c.atEnd) break;
    const stmt = guarded(
      c,
      () => {
        const parsed = parseLoadingStmt(c);
        c.expect(';');
        return parsed;
      },
      (t) => t.kind === 'word' && (t.upper === 'LOAD' || t.upper === 'DEFINE'),
    );
    if (stmt.kind !== 'Error') body.push(stmt);
  }
  c.closeBlock('}');
  return { kind: 'CreateLoadingJob', jobType, name, graph, body, range: c.rangeFrom(start) };
}

function parseLoadingStmt(c: Cursor): LoadingStmt {
  const start = c.tok;
  if (c.eat('DEFINE')) {
    if (c.eat('HEADER')) {
      const name = c.name('header name');
      c.expect('=');
      const columns: string[] = [];
      do columns.push(stringValue(c));
      while (c.eat(','));
      return { kind: 'DefineHeader', name, columns, range: c.rangeFrom(start) };
    }
    c.expect('FILENAME');
    const name = c.name('filename variable');
    const path = c.eat('=') ? stringValue(c) : null;
    return { kind: 'DefineFilename', name, path, range: c.rangeFrom(start) };
  }
  c.expect('LOAD');
  let source: Expr | null = null;
  if (!c.at('TO')) source = parseExpr(c);
  const targets: LoadTarget[] = [];
  do targets.push(parseLoadTarget(c));
  while (c.eat(','));
  const using = c.eat('USING') ? parseOptions(c) : [];
  return { kind: 'Load', source, targets, using, range: c.rangeFrom(start) };
}

function stringValue(c: Cursor): string {
  if (c.tok.kind !== 'string') c.fail(['string']);
  return unquote(c.next().text);
}

function parseLoadTarget(c: Cursor): LoadTarget {
  const start = c.expect('TO');
  const what = c.eat('VERTEX')
    ? 'VERTEX'
    : c.eat('EDGE')
      ? 'EDGE'
      : (c.expect('TEMP_TABLE'), 'TEMP_TABLE');
  const name = c.name(what === 'EDGE' ? 'edge type' : 'vertex type');
  c.expect('VALUES');
  const values = parseArgs(c);
  const where = c.eat('WHERE') ? parseExpr(c) : null;
  return { kind: 'LoadTarget', what, name, values, where, range: c.rangeFrom(start) };
}

/** After RUN: `LOADING JOB [-flags] j [USING ...]` or legacy `JOB j [USING ...]`. */
export function parseRunJob(c: Cursor, start: Token): RunJob {
  const loading = c.eat('LOADING');
  c.expect('JOB');
  const flags = parseFlags(c);
  const name = c.name('job name');
  const using = c.eat('USING') ? parseOptions(c) : [];
  return { kind: 'RunJob', loading, flags, name, using, range: c.rangeFrom(start) };
}
