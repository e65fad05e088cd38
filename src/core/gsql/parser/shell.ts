// Shell commands: USE, LS, SHOW, DROP, INSTALL / RUN / INTERPRET QUERY, SHOW / IMPORT PACKAGE,
// users, roles, secrets.
import type { DropTarget, Expr, ShowTarget, Statement, UdfFile } from '../ast/index.js';
import { UDF_FILES } from '../keywords.js';
import { unquote, type Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseArgs } from './expr.js';
import { parseRunJob } from './loading.js';
import { checkSyntaxVersion, parseInterpretBlock } from './query.js';

const DROP_TARGETS: readonly DropTarget[] = [
  'GRAPH',
  'VERTEX',
  'EDGE',
  'QUERY',
  'JOB',
  'SECRET',
  'USER',
  'TUPLE',
];
/** How the names of each DROP are described (completion offers candidates by these). */
const DROP_NAMES: Readonly<Record<DropTarget, string>> = {
  GRAPH: 'graph name',
  VERTEX: 'vertex type',
  EDGE: 'edge type',
  QUERY: 'query name',
  JOB: 'job name',
  SECRET: 'secret alias',
  USER: 'user name',
  TUPLE: 'tuple name',
};
const SHOW_TARGETS: readonly ShowTarget[] = [
  'VERTEX',
  'EDGE',
  'QUERY',
  'JOB',
  'GRAPH',
  'SECRET',
  'USER',
  'ROLE',
];

/** Command-line style flags written right after a dash: `-force`, `-HARD`. */
export function parseFlags(c: Cursor): string[] {
  const flags: string[] = [];
  while (c.at('-') && c.peek().kind === 'word' && c.peek().start === c.tok.end) {
    c.next();
    flags.push(`-${c.next().text}`);
  }
  return flags;
}

function names(c: Cursor, what: string): string[] {
  const out: string[] = [];
  do out.push(c.nameOrString(what));
  while (c.eat(','));
  return out;
}

/** `names | ALL | *`: returns null for ALL and `*`. */
function namesOrAll(c: Cursor, what: string): string[] | null {
  if (c.eat('ALL') || c.eat('*')) return null;
  return names(c, what);
}

export function parseUse(c: Cursor, start: Token): Statement {
  if (c.eat('GLOBAL')) return { kind: 'UseGlobal', range: c.rangeFrom(start) };
  c.expect('GRAPH');
  const name = c.name('graph name');
  return { kind: 'UseGraph', name, range: c.rangeFrom(start) };
}

export function parseDrop(c: Cursor, start: Token): Statement {
  if (c.eat('ALL')) return { kind: 'DropAll', range: c.rangeFrom(start) };
  const what = DROP_TARGETS.find((w) => c.at(w));
  if (what === undefined) return c.fail(['ALL', ...DROP_TARGETS]);
  c.next();
  const flags = parseFlags(c);
  const described = DROP_NAMES[what];
  const list = what === 'QUERY' || what === 'JOB' ? namesOrAll(c, described) : names(c, described);
  flags.push(...parseFlags(c));
  return {
    kind: 'Drop',
    what,
    names: list ?? [],
    all: list === null,
    flags,
    range: c.rangeFrom(start),
  };
}

/** A package name: `GDBMS_ALGO` or dotted, `GDBMS_ALGO.centrality`. */
function packageName(c: Cursor): string {
  const parts = [c.name('package name')];
  while (c.eat('.')) parts.push(c.name('package name'));
  return parts.join('.');
}

/** After IMPORT: `PACKAGE name`. */
export function parseImport(c: Cursor, start: Token): Statement {
  c.expect('PACKAGE');
  return { kind: 'ImportPackage', name: packageName(c), range: c.rangeFrom(start) };
}

export function parseShow(c: Cursor, start: Token): Statement {
  if (c.eat('PACKAGE')) {
    const name = c.atName() && !c.atLineStart ? packageName(c) : null;
    return { kind: 'ShowPackage', name, range: c.rangeFrom(start) };
  }
  const what = SHOW_TARGETS.find((w) => c.at(w));
  if (what === undefined) return c.fail([...SHOW_TARGETS, 'PACKAGE']);
  c.next();
  let pattern: string | null = null;
  if (c.eat('*')) pattern = '*';
  else if (c.atName() && !c.atLineStart) pattern = c.next().text;
  return { kind: 'Show', what, pattern, range: c.rangeFrom(start) };
}

export function parseGrantRevoke(c: Cursor, start: Token, revoke: boolean): Statement {
  c.expect('ROLE');
  const roles = names(c, 'role name');
  let graph: string | null = null;
  if (c.eat('ON')) {
    if (!c.eat('GLOBAL')) {
      c.expect('GRAPH');
      graph = c.name('graph name');
    }
  }
  c.expect(revoke ? 'FROM' : 'TO');
  const users = names(c, 'user name');
  return { kind: 'RoleGrant', revoke, roles, graph, users, range: c.rangeFrom(start) };
}

export function parseInstall(c: Cursor, start: Token): Statement {
  c.expect('QUERY');
  const flags = parseFlags(c);
  const list = namesOrAll(c, 'query name');
  flags.push(...parseFlags(c));
  return {
    kind: 'InstallQuery',
    flags,
    names: list ?? [],
    all: list === null,
    range: c.rangeFrom(start),
  };
}

/** After RUN: a query, a schema-change job, or a loading job. */
export function parseRun(c: Cursor, start: Token): Statement {
  if (c.eat('QUERY')) return runQuery(c, start, false);
  const global = c.eat('GLOBAL');
  if (global || c.at('SCHEMA_CHANGE')) {
    c.expect('SCHEMA_CHANGE');
    c.expect('JOB');
    const flags = parseFlags(c);
    const name = c.name('job name');
    flags.push(...parseFlags(c));
    return { kind: 'RunSchemaChange', global, flags, name, range: c.rangeFrom(start) };
  }
  if (c.at('LOADING') || c.at('JOB')) return parseRunJob(c, start);
  return c.fail(['QUERY', 'SCHEMA_CHANGE', 'GLOBAL', 'LOADING', 'JOB']);
}

/** After INTERPRET: `QUERY () {...}` (anonymous) or `QUERY name(args)` (installed or saved). */
export function parseInterpret(c: Cursor, start: Token): Statement {
  if (c.eat('OPENCYPHER')) {
    c.expect('QUERY');
    // The reference's EBNF allows a name here; an anonymous block has no use for it.
    if (c.atName('query name') && c.peekIs(1, '(')) c.next();
    return parseInterpretBlock(c, start, true);
  }
  c.expect('QUERY');
  if (c.at('(')) return parseInterpretBlock(c, start);
  return runQuery(c, start, true);
}

function runQuery(c: Cursor, start: Token, interpret: boolean): Statement {
  const flags = parseFlags(c);
  const name = c.name('query name');
  const args: Expr[] = parseArgs(c);
  return { kind: 'RunQuery', interpret, flags, name, args, range: c.rangeFrom(start) };
}

export function parseClear(c: Cursor, start: Token): Statement {
  c.expect('GRAPH');
  c.expect('STORE');
  const flags = parseFlags(c);
  return { kind: 'ClearGraphStore', flags, range: c.rangeFrom(start) };
}

/** `SET name = value`: a session parameter; the value is a string, a word or a number. */
export function parseSet(c: Cursor, start: Token): Statement {
  const nameToken = c.tok;
  const name = c.name('parameter name').toLowerCase();
  c.expect('=');
  const t = c.tok;
  // The value is on the same line: a line break ends the shell statement.
  const onLine = !c.atLineStart;
  const described = nameToken.upper === 'SYNTAX_VERSION' ? 'syntax version' : 'value';
  c.note(described);
  if (!onLine || (t.kind !== 'string' && t.kind !== 'word' && t.kind !== 'number')) {
    c.fail([described]);
  }
  c.next();
  const quoted = t.kind === 'string';
  const value = quoted ? unquote(t.text) : t.text;
  if (described === 'syntax version') checkSyntaxVersion(c, t, value.toLowerCase());
  return { kind: 'SetParam', name, value, quoted, range: c.rangeFrom(start) };
}

/** `PUT ExprFunctions FROM "path"` / `GET ExprFunctions TO "path"` (also ExprUtil, TokenBank). */
export function parseUdfTransfer(c: Cursor, start: Token, put: boolean): Statement {
  for (const f of UDF_FILES) c.note(f);
  const file = UDF_FILES.find((f): f is UdfFile => c.tok.upper === f.toUpperCase());
  if (file === undefined) return c.fail([...UDF_FILES]);
  c.next();
  c.expect(put ? 'FROM' : 'TO');
  if (c.tok.kind !== 'string') c.fail(['file path']);
  const path = unquote(c.next().text);
  return { kind: put ? 'PutUdf' : 'GetUdf', file, path, range: c.rangeFrom(start) };
}
