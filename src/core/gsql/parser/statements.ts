// Top level of a script: the statements of the GSQL shell, one after another, each ended by
// `;`, a line break or the end of input.
import type { Script, Statement } from '../ast/index.js';
import { SHELL_STATEMENT_KEYWORDS } from '../keywords.js';
import type { Token } from '../tokens.js';
import {
  parseAlter,
  parseCreateRole,
  parseCreateUser,
  parseDropRole,
  parsePrivilegeGrant,
  parseShowPrivilege,
} from './access.js';
import { SyntaxBail, type Cursor } from './cursor.js';
import {
  parseCreateEdge,
  parseCreateGraph,
  parseCreateVertex,
  parseSchemaChangeJob,
} from './ddl.js';
import { parseCreateLoadingJob } from './loading.js';
import { parseCreateQuery } from './query.js';
import { guarded, type SyncPoint } from './recovery.js';
import {
  parseClear,
  parseDrop,
  parseGrantRevoke,
  parseImport,
  parseInstall,
  parseInterpret,
  parseRun,
  parseSet,
  parseShow,
  parseUdfTransfer,
  parseUse,
} from './shell.js';
import { parseTypedef } from './types.js';

const startsShellStatement: SyncPoint = (t) =>
  t.kind === 'word' && SHELL_STATEMENT_KEYWORDS.has(t.upper);

export function parseScript(c: Cursor): Script {
  const first = c.tok;
  const statements: Statement[] = [];
  for (;;) {
    while (c.eat(';'));
    for (const w of SHELL_STATEMENT_KEYWORDS) c.note(w);
    if (c.atEnd) break;
    if (atMultilineMarker(c)) {
      c.next();
      continue;
    }
    statements.push(guarded(c, () => parseStatement(c), startsShellStatement));
    if (!c.eat(';') && !c.atEnd && !c.atLineStart) reportMissingSeparator(c);
  }
  const range = statements.length > 0 ? c.rangeFrom(first) : c.rangeFrom(c.tok);
  return { kind: 'Script', statements, range };
}

/**
 * `BEGIN` or `END` alone on a line: the GSQL shell's multi-line mode markers (GSQL 101, define a
 * schema and load data). They only tell an interactive shell to read lines up to END as one
 * statement; a script is read whole, so they mark nothing and are skipped.
 */
function atMultilineMarker(c: Cursor): boolean {
  const t = c.tok;
  if (t.kind !== 'word' || (t.upper !== 'BEGIN' && t.upper !== 'END') || !c.atLineStart)
    return false;
  const next = c.peek(1);
  return next.kind === 'eof' || next.line > t.line;
}

/** Two statements on one line: reported, and the second one is still read. */
function reportMissingSeparator(c: Cursor): void {
  try {
    c.fail([';', 'new line']);
  } catch (e) {
    if (!(e instanceof SyntaxBail)) throw e;
    c.report(e.diagnostic);
  }
}

function parseStatement(c: Cursor): Statement {
  const start = c.tok;
  for (const w of SHELL_STATEMENT_KEYWORDS) c.note(w);
  if (start.kind !== 'word') return c.fail(['statement']);
  c.next();
  switch (start.upper) {
    case 'CREATE':
      return parseCreate(c, start);
    case 'USE':
      return parseUse(c, start);
    case 'DROP':
      return c.at('ROLE') ? parseDropRole(c, start) : parseDrop(c, start);
    case 'ALTER':
      return parseAlter(c, start);
    case 'LS':
      return { kind: 'Ls', range: c.rangeFrom(start) };
    case 'SHOW':
      return c.at('PRIVILEGE') ? parseShowPrivilege(c, start) : parseShow(c, start);
    case 'IMPORT':
      return parseImport(c, start);
    case 'GRANT':
    case 'REVOKE':
      return c.at('ROLE')
        ? parseGrantRevoke(c, start, start.upper === 'REVOKE')
        : parsePrivilegeGrant(c, start, start.upper === 'REVOKE');
    case 'CLEAR':
      return parseClear(c, start);
    case 'INSTALL':
      return parseInstall(c, start);
    case 'RUN':
      return parseRun(c, start);
    case 'INTERPRET':
      return parseInterpret(c, start);
    case 'TYPEDEF':
      c.pos--;
      return parseTypedef(c);
    case 'SET':
      return parseSet(c, start);
    case 'PUT':
    case 'GET':
      return parseUdfTransfer(c, start, start.upper === 'PUT');
    default:
      c.pos--;
      return c.fail(['statement']);
  }
}

function parseCreate(c: Cursor, start: Token): Statement {
  const orReplace = c.at('OR') && c.peekIs(1, 'REPLACE');
  if (orReplace) {
    c.next();
    c.next();
  }
  const distributed = c.eat('DISTRIBUTED');
  if (orReplace || distributed || c.at('QUERY') || c.at('OPENCYPHER'))
    return parseCreateQuery(c, start, orReplace, distributed);
  if (c.at('VERTEX')) return parseCreateVertex(c, start);
  if (c.at('DIRECTED') || c.at('UNDIRECTED') || c.at('EDGE')) return parseCreateEdge(c, start);
  if (c.at('GRAPH')) return parseCreateGraph(c, start);
  if (c.at('GLOBAL') && c.peekIs(1, 'ROLE')) {
    c.next();
    return parseCreateRole(c, start, true);
  }
  if (c.at('ROLE')) return parseCreateRole(c, start, false);
  if (c.eat('GLOBAL')) return parseSchemaChangeJob(c, start, true);
  if (c.at('SCHEMA_CHANGE')) return parseSchemaChangeJob(c, start, false);
  if (c.at('LOADING') || c.at('ONLINE_POST')) return parseCreateLoadingJob(c, start);
  if (c.eat('SECRET')) {
    const alias = c.atName() && !c.atLineStart ? c.next().text : null;
    return { kind: 'CreateSecret', alias, range: c.rangeFrom(start) };
  }
  if (c.eat('USER')) return parseCreateUser(c, start);
  return c.fail([]);
}
