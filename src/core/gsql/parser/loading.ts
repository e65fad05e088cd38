// Loading jobs (CREATE LOADING JOB, legacy CREATE ONLINE_POST JOB) and RUN [LOADING] JOB. A LOAD
// reads a file or a TEMP_TABLE and writes vertices, edges (ends optionally typed: `$0 Person`)
// and temp-table rows; DELETE statements live in loading-delete.ts.
import type { CreateLoadingJob, Expr, LoadTarget, LoadingStmt, RunJob } from '../ast/index.js';
import { unquote, type Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parseOptions } from './ddl.js';
import { parseEndType, parseLoadDelete } from './loading-delete.js';
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
  c.inLoadingJob = true;
  try {
    parseJobBody(c, body);
  } finally {
    c.inLoadingJob = false;
  }
  c.closeBlock('}');
  return { kind: 'CreateLoadingJob', jobType, name, graph, body, range: c.rangeFrom(start) };
}

function parseJobBody(c: Cursor, body: LoadingStmt[]): void {
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
      (t) => t.kind === 'word' && ['LOAD', 'DEFINE', 'DELETE'].includes(t.upper),
    );
    if (stmt.kind !== 'Error') body.push(stmt);
  }
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
  if (c.eat('DELETE')) return parseLoadDelete(c, start);
  c.expect('LOAD');
  let source: Expr | null = null;
  const tempTable = c.eat('TEMP_TABLE');
  if (tempTable) {
    const at = c.tok;
    source = { kind: 'Name', name: c.name('temp table name'), range: c.rangeFrom(at) };
  } else if (!c.at('TO')) source = parseExpr(c);
  const targets: LoadTarget[] = [];
  do targets.push(parseLoadTarget(c));
  while (c.eat(','));
  const using = c.eat('USING') ? parseOptions(c) : [];
  return { kind: 'Load', source, tempTable, targets, using, range: c.rangeFrom(start) };
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
  const described =
    what === 'EDGE' ? 'edge type' : what === 'VERTEX' ? 'vertex type' : 'temp table name';
  // Only a type name can follow, so a reserved word is one too (`TO VERTEX Order`).
  const reservedName = !c.atName(described) && c.tok.kind === 'word' && c.peekIs(1, 'VALUES');
  const name = reservedName ? c.next().text : c.name(described);
  const columns: string[] = [];
  if (what === 'TEMP_TABLE') {
    c.expect('(');
    do columns.push(c.name('column name'));
    while (c.eat(','));
    c.expect(')');
  }
  c.expect('VALUES');
  c.expect('(');
  const values: Expr[] = [];
  let fromType: Expr | null = null;
  let toType: Expr | null = null;
  if (!c.at(')')) {
    do {
      values.push(parseExpr(c));
      // An edge end's vertex type follows its id: `$0 Person` or `$0 $1`.
      if (what === 'EDGE' && values.length <= 2 && !c.at(',') && !c.at(')')) {
        if (values.length === 1) fromType = parseEndType(c);
        else toType = parseEndType(c);
      }
    } while (c.eat(','));
  }
  c.expect(')');
  const where = c.eat('WHERE') ? parseExpr(c) : null;
  const range = c.rangeFrom(start);
  return { kind: 'LoadTarget', what, name, columns, values, fromType, toType, where, range };
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
