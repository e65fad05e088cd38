// The clauses of an openCypher query body, from after its `{` to (not including) its `}`:
// MATCH patterns [WHERE], WITH [DISTINCT] items [ORDER BY] [SKIP] [LIMIT] [WHERE], and a final
// RETURN [DISTINCT] items [ORDER BY] [SKIP] [LIMIT], or writing clauses instead of the RETURN:
// [DETACH] DELETE vars, SET var.prop = value, .... Patterns are read by the SYNTAX v3 pattern
// reader (parser/cypher.ts); clauses the reference lists as not supported are refused at their
// keyword with GSQL-UNSUPPORTED.
import type { Expr } from '../ast/expr.js';
import type { OrderItem, Pattern } from '../ast/select.js';
import type { Cursor } from '../parser/cursor.js';
import { parseCypherPattern } from '../parser/cypher.js';
import type { CypherClause, CypherItem, CypherProjection, CypherQuery } from './ast.js';
import { parseCypherExpr, unsupported } from './expr.js';
import { CYPHER_UNSUPPORTED_CLAUSES } from './facts.js';

/** The body's clauses; the cursor stops at the closing `}`. */
export function parseCypherBody(c: Cursor): CypherQuery {
  const start = c.tok;
  const clauses: CypherClause[] = [];
  while (!c.at('}') && !c.atEnd) {
    const clause = parseClause(c);
    clauses.push(clause);
    while (c.eat(';'));
    // RETURN ends the query (UNION, which would go on, is refused at its keyword).
    if (clause.kind === 'CypherReturn' && !c.at('}') && !c.atEnd) {
      if (c.at('UNION')) unsupported(c.tok, 'the UNION clause');
      c.fail(['}']);
    }
  }
  const last = clauses.at(-1);
  if (
    last?.kind !== 'CypherReturn' &&
    last?.kind !== 'CypherDelete' &&
    last?.kind !== 'CypherSet'
  ) {
    c.note('RETURN');
    c.fail(['RETURN'], 'an openCypher query ends with a RETURN clause (or DELETE or SET)');
  }
  return { kind: 'CypherQuery', clauses, range: c.rangeFrom(start) };
}

function parseClause(c: Cursor): CypherClause {
  const clauseWords = ['MATCH', 'WITH', 'RETURN', 'DELETE', 'DETACH', 'SET'];
  for (const w of clauseWords) c.note(w);
  const t = c.tok;
  if (c.at('MATCH')) return parseMatch(c);
  if (c.at('WITH')) return parseProjection(c, 'CypherWith');
  if (c.at('RETURN')) return parseProjection(c, 'CypherReturn');
  if (c.at('DELETE') || c.at('DETACH')) return parseDelete(c);
  if (c.at('SET')) return parseSet(c);
  const what = t.kind === 'word' ? CYPHER_UNSUPPORTED_CLAUSES.get(t.upper) : undefined;
  if (what !== undefined) return unsupported(t, `the ${what} clause`);
  return c.fail(clauseWords);
}

function parseDelete(c: Cursor): CypherClause {
  const start = c.tok;
  const detach = c.eat('DETACH');
  c.expect('DELETE');
  const targets: Expr[] = [];
  do {
    const t = c.tok;
    const name = c.name('variable');
    targets.push({ kind: 'Name', name, range: c.rangeFrom(t) });
  } while (c.eat(','));
  return { kind: 'CypherDelete', detach, targets, range: c.rangeFrom(start) };
}

function parseSet(c: Cursor): CypherClause {
  const start = c.expect('SET');
  const items: { target: Expr; value: Expr }[] = [];
  do {
    const t = c.tok;
    const name = c.name('variable');
    if (c.at(':')) unsupported(c.tok, 'setting a label');
    if (c.at('=') || c.at('+=')) unsupported(c.tok, 'setting all properties from a map');
    c.expect('.');
    c.note('property name');
    if (c.tok.kind !== 'word') c.fail(['property name']);
    const prop = c.next().text;
    const target: Expr = {
      kind: 'Attr',
      target: { kind: 'Name', name, range: c.rangeFrom(t) },
      name: prop,
      range: c.rangeFrom(t),
    };
    c.expect('=');
    items.push({ target, value: parseCypherExpr(c) });
  } while (c.eat(','));
  return { kind: 'CypherSet', items, range: c.rangeFrom(start) };
}

function parseMatch(c: Cursor): CypherClause {
  const start = c.expect('MATCH');
  const patterns: Pattern[] = [];
  do {
    if (c.tok.kind === 'word' && c.peekIs(1, '=')) unsupported(c.tok, 'a path variable');
    c.note('node pattern');
    if (!c.at('(')) c.fail(['node pattern']);
    patterns.push(parseCypherPattern(c, parseCypherExpr));
  } while (c.eat(','));
  const where = c.eat('WHERE') ? parseCypherExpr(c) : null;
  return { kind: 'CypherMatch', patterns, where, range: c.rangeFrom(start) };
}

function parseProjection(c: Cursor, kind: 'CypherWith' | 'CypherReturn'): CypherProjection {
  const start = c.next();
  const distinct = c.eat('DISTINCT');
  if (c.at('*')) unsupported(c.tok, `${start.upper} *`);
  const items: CypherItem[] = [];
  do items.push(parseItem(c));
  while (c.eat(','));
  const orderBy: OrderItem[] = [];
  if (c.eat('ORDER')) {
    c.expect('BY');
    do orderBy.push(parseOrderItem(c));
    while (c.eat(','));
  }
  const skip = c.eat('SKIP') ? parseCypherExpr(c) : null;
  const limit = c.eat('LIMIT') ? parseCypherExpr(c) : null;
  const where = kind === 'CypherWith' && c.eat('WHERE') ? parseCypherExpr(c) : null;
  const base = { distinct, items, orderBy, skip, limit, where, range: c.rangeFrom(start) };
  return kind === 'CypherWith' ? { kind, ...base } : { kind, ...base };
}

function parseItem(c: Cursor): CypherItem {
  const start = c.tok;
  const expr: Expr = parseCypherExpr(c);
  const text = c.source.slice(start.start, c.prev.end);
  const alias = c.eat('AS') ? c.name('alias') : null;
  return { kind: 'CypherItem', expr, alias, text, range: c.rangeFrom(start) };
}

function parseOrderItem(c: Cursor): OrderItem {
  const start = c.tok;
  const expr = parseCypherExpr(c);
  let direction: 'ASC' | 'DESC' | null = null;
  if (c.eat('ASC') || c.eat('ASCENDING')) direction = 'ASC';
  else if (c.eat('DESC') || c.eat('DESCENDING')) direction = 'DESC';
  return { kind: 'OrderItem', expr, direction, range: c.rangeFrom(start) };
}
