// Query statements with effects: PRINT, LOG, RETURN, RAISE and the data modifications
// INSERT, DELETE and UPDATE.
import type { InsertValue, PrintItem, PrintProjection, QueryStmt } from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseArgs, parseExpr } from './expr.js';
import { parseSeed } from './primary.js';
import { parseDmlList, type Mode } from './query-stmts.js';
import { parsePatterns } from './select.js';

export function parseAction(c: Cursor, mode: Mode): QueryStmt | null {
  const t = c.tok;
  for (const w of ['PRINT', 'LOG', 'RETURN', 'RAISE', 'INSERT', 'DELETE', 'UPDATE']) c.note(w);
  if (t.kind !== 'word') return null;
  switch (t.upper) {
    case 'PRINT':
      return parsePrint(c);
    case 'LOG': {
      c.next();
      const args = parseArgs(c);
      const [cond, ...rest] = args;
      if (cond === undefined) c.fail(['condition']);
      return { kind: 'Log', cond, args: rest, range: c.rangeFrom(t) };
    }
    case 'RETURN': {
      c.next();
      const value =
        c.at(';') || (mode === 'dml' && (c.at(',') || c.at('END'))) ? null : parseExpr(c);
      return { kind: 'Return', value, range: c.rangeFrom(t) };
    }
    case 'RAISE': {
      c.next();
      const name = c.name('exception name');
      let message = null;
      if (c.eat('(')) {
        message = parseExpr(c);
        c.expect(')');
      }
      return { kind: 'Raise', name, message, range: c.rangeFrom(t) };
    }
    case 'INSERT':
      return parseInsert(c);
    case 'DELETE': {
      c.next();
      if (c.eat('(')) {
        const alias = c.name('alias');
        c.expect(')');
        return { kind: 'DeleteAlias', alias, range: c.rangeFrom(t) };
      }
      const alias = c.name('alias');
      c.expect('FROM');
      const from = parsePatterns(c);
      const where = c.eat('WHERE') ? parseExpr(c) : null;
      return { kind: 'Delete', alias, from, where, range: c.rangeFrom(t) };
    }
    case 'UPDATE': {
      c.next();
      const alias = c.name('alias');
      c.expect('FROM');
      const from = parsePatterns(c);
      c.expect('SET');
      const set = parseDmlList(c);
      const where = c.eat('WHERE') ? parseExpr(c) : null;
      return { kind: 'Update', alias, from, set, where, range: c.rangeFrom(t) };
    }
    default:
      return null;
  }
}

function parsePrint(c: Cursor): QueryStmt {
  const start = c.expect('PRINT');
  const items: PrintItem[] = [];
  do items.push(parsePrintItem(c));
  while (c.eat(','));
  const where = c.eat('WHERE') ? parseExpr(c) : null;
  const toCsv = c.eat('TO_CSV') ? parseExpr(c) : null;
  return { kind: 'Print', items, where, toCsv, range: c.rangeFrom(start) };
}

function parsePrintItem(c: Cursor): PrintItem {
  const start = c.tok;
  let projection: PrintProjection[] | null = null;
  let expr;
  if (c.atName() && c.peekIs(1, '[')) {
    const name = c.next().text;
    expr = { kind: 'Name' as const, name, range: c.rangeFrom(start) };
    c.expect('[');
    projection = [];
    do {
      const itemStart = c.tok;
      // `S.*` prints every attribute, as an unprojected vertex set does.
      const value = parseSeed(c);
      const alias = c.eat('AS') ? c.nameOrString('output name') : null;
      projection.push({
        kind: 'PrintProjection',
        expr: value,
        alias,
        range: c.rangeFrom(itemStart),
      });
    } while (c.eat(','));
    c.expect(']');
  } else {
    expr = parseExpr(c);
  }
  const alias = c.eat('AS') ? c.nameOrString('output name') : null;
  return { kind: 'PrintItem', expr, projection, alias, range: c.rangeFrom(start) };
}

function parseInsert(c: Cursor): QueryStmt {
  const start = c.expect('INSERT');
  c.expect('INTO');
  const edgeKeyword = c.at('EDGE') && c.peek().kind === 'word' && !c.peekIs(1, 'VALUES');
  if (edgeKeyword) c.next();
  const target = c.name('vertex or edge type');
  let columns: string[] | null = null;
  if (c.eat('(')) {
    columns = [];
    do columns.push(c.next().text);
    while (c.eat(','));
    c.expect(')');
  }
  c.expect('VALUES');
  c.expect('(');
  const values: InsertValue[] = [];
  do {
    const valueStart = c.tok;
    const value = parseExpr(c);
    const vertexType = c.atName() ? c.next().text : null;
    values.push({ kind: 'InsertValue', value, vertexType, range: c.rangeFrom(valueStart) });
  } while (c.eat(','));
  c.expect(')');
  return { kind: 'Insert', target, edgeKeyword, columns, values, range: c.rangeFrom(start) };
}
