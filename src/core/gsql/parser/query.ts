// CREATE QUERY headers and bodies, and anonymous INTERPRET QUERY () blocks.
import type { CreateQuery, InterpretBlock, Param, QueryStmt, TypeExpr } from '../ast/index.js';
import { SYNTAX_VERSIONS } from '../keywords.js';
import { rangeOf, unquote, type Token } from '../tokens.js';
import { parseCypherBody } from '../cypher/parse.js';
import { translateCypher } from '../cypher/translate.js';
import { SyntaxBail, type Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parseBody } from './query-stmts.js';
import { parseType } from './types.js';

/**
 * After CREATE [OR REPLACE] [DISTRIBUTED]: `QUERY name(params) ... { body }`, or `OPENCYPHER
 * QUERY name(params) [FOR GRAPH g] { openCypher body }`.
 */
export function parseCreateQuery(
  c: Cursor,
  start: Token,
  orReplace: boolean,
  distributed: boolean,
): CreateQuery {
  const cypher = c.eat('OPENCYPHER');
  c.expect('QUERY');
  const name = c.name('query name');
  const params = parseParams(c);
  const graph = parseForGraph(c);
  if (cypher) {
    const { body, opencypher } = parseCypherBraces(c);
    const none = { returns: null, api: null, syntax: CYPHER_SYNTAX };
    const range = c.rangeFrom(start);
    return {
      kind: 'CreateQuery',
      orReplace,
      distributed,
      name,
      params,
      graph,
      ...none,
      body,
      opencypher,
      range,
    };
  }
  let returns: TypeExpr | null = null;
  if (c.eat('RETURNS')) {
    c.expect('(');
    returns = parseType(c);
    c.expect(')');
  }
  let api: string | null = null;
  if (c.eat('API')) {
    c.expect('(');
    if (c.tok.kind !== 'string') c.fail(['string']);
    api = unquote(c.next().text);
    c.expect(')');
  }
  const syntax = parseSyntax(c);
  const body = parseBraceBody(c, syntax);
  return {
    kind: 'CreateQuery',
    orReplace,
    distributed,
    name,
    params,
    graph,
    returns,
    api,
    syntax,
    body,
    range: c.rangeFrom(start),
  };
}

/** `(type name [= default], ...)`: the parameter list of CREATE QUERY and INTERPRET QUERY. */
function parseParams(c: Cursor): Param[] {
  c.expect('(');
  const params: Param[] = [];
  if (!c.at(')')) {
    do params.push(parseParam(c));
    while (c.eat(','));
  }
  c.expect(')');
  return params;
}

/**
 * After INTERPRET QUERY: `(params) [FOR GRAPH g] [SYNTAX v] { body }`; after INTERPRET
 * OPENCYPHER QUERY: `(params) [FOR GRAPH g] { openCypher body }`.
 */
export function parseInterpretBlock(c: Cursor, start: Token, cypher = false): InterpretBlock {
  const params = parseParams(c);
  const graph = parseForGraph(c);
  if (cypher) {
    const { body, opencypher } = parseCypherBraces(c);
    const range = c.rangeFrom(start);
    return {
      kind: 'InterpretBlock',
      params,
      graph,
      syntax: CYPHER_SYNTAX,
      body,
      opencypher,
      range,
    };
  }
  const syntax = parseSyntax(c);
  const body = parseBraceBody(c, syntax);
  return { kind: 'InterpretBlock', params, graph, syntax, body, range: c.rangeFrom(start) };
}

function parseParam(c: Cursor): Param {
  const start = c.tok;
  const type = parseType(c);
  const name = c.name('parameter name');
  const defaultValue = c.eat('=') ? parseExpr(c) : null;
  return { kind: 'Param', name, type, defaultValue, range: c.rangeFrom(start) };
}

/** Optional `FOR GRAPH g`. */
export function parseForGraph(c: Cursor): string | null {
  if (!c.eat('FOR')) return null;
  c.expect('GRAPH');
  return c.name('graph name');
}

function parseSyntax(c: Cursor): string | null {
  if (!c.eat('SYNTAX')) return null;
  const version = c.name('syntax version').toLowerCase();
  checkSyntaxVersion(c, c.prev, version);
  return version;
}

/**
 * Reports (without abandoning the statement) a syntax version other than v1, v2 and v3. `_v2`
 * is accepted too: the service logs a v3 query rewritten to v2 under that name.
 */
export function checkSyntaxVersion(c: Cursor, at: Token, version: string): void {
  if ((SYNTAX_VERSIONS as readonly string[]).includes(version) || version === '_v2') return;
  c.report({
    severity: 'error',
    code: 'GSQL-SYNTAX',
    message: `unknown syntax version '${version}': expected v1, v2 or v3`,
    range: rangeOf(at, at),
    expected: [...SYNTAX_VERSIONS],
    found: `'${at.text}'`,
  });
}

/**
 * The syntax version of an openCypher query's translation: its patterns are read the v2 way, as
 * the service preprocesses openCypher patterns into V2 (the FROM-clause extension page).
 */
const CYPHER_SYNTAX = 'v2';

/** `{ openCypher clauses }`: their translation into GSQL statements, and the text as written. */
function parseCypherBraces(c: Cursor): { body: QueryStmt[]; opencypher: string } {
  const open = c.expect('{');
  let body: QueryStmt[] = [];
  try {
    body = translateCypher(parseCypherBody(c));
  } catch (e) {
    // The error is the body's: reported, and the rest of the body skipped to its closing brace
    // (its clauses are no GSQL statements to recover at).
    if (!(e instanceof SyntaxBail)) throw e;
    c.report(e.diagnostic);
    skipToClose(c);
  }
  const close = c.tok;
  c.closeBlock('}');
  return { body, opencypher: c.source.slice(open.end, close.start) };
}

/** Moves to the `}` that closes the current block (or the end of input). */
function skipToClose(c: Cursor): void {
  let depth = 0;
  while (!c.atEnd) {
    const t = c.tok;
    if (t.kind === 'op' && (t.text === '{' || t.text === '(' || t.text === '[')) depth++;
    else if (t.kind === 'op' && (t.text === '}' || t.text === ')' || t.text === ']')) {
      if (depth === 0 && t.text === '}') return;
      depth = Math.max(0, depth - 1);
    }
    c.next();
  }
}

/** `{ statements }`; a stray END or ELSE inside is reported and skipped. */
function parseBraceBody(c: Cursor, syntax: string | null): QueryStmt[] {
  c.expect('{');
  const outer = c.inSyntaxV3;
  c.inSyntaxV3 = syntax === 'v3';
  try {
    return parseBraceStatements(c);
  } finally {
    c.inSyntaxV3 = outer;
  }
}

function parseBraceStatements(c: Cursor): QueryStmt[] {
  const body: QueryStmt[] = [];
  for (;;) {
    body.push(...parseBody(c));
    if (c.at('}') || c.atEnd) break;
    const stray = c.tok;
    c.report({
      severity: 'error',
      code: 'GSQL-SYNTAX',
      message: `expected a statement or '}' but found '${stray.text}'`,
      range: c.rangeFrom(stray),
      expected: ['statement', '}'],
      found: `'${stray.text}'`,
    });
    c.next();
  }
  c.closeBlock('}');
  return body;
}
