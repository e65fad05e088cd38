// DELETE statements of a loading job: `DELETE VERTEX T (PRIMARY_ID id) FROM f [WHERE cond]` and
// `DELETE EDGE E|* (FROM id [type] [, TO id [type]] [, DISCRIMINATOR (v, ...)]) FROM f
// [WHERE cond]`, and the vertex type written after an edge end's id (shared with LOAD).
import type { Expr, LoadDelete } from '../ast/index.js';
import type { Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseOptions } from './ddl.js';
import { parseExpr } from './expr.js';
import { parsePrimary } from './primary.js';

/** The vertex type after an edge end's id: a type name, or a column (`$1`) holding one. */
export function parseEndType(c: Cursor): Expr {
  if (c.tok.kind === 'column') return parsePrimary(c);
  const start = c.tok;
  const name = c.name('vertex type');
  return { kind: 'Name', name, range: c.rangeFrom(start) };
}

/** An id, then its vertex type unless the list goes on or ends. */
function parseEnd(c: Cursor): { id: Expr; type: Expr | null } {
  const id = parseExpr(c);
  const type = c.at(',') || c.at(')') ? null : parseEndType(c);
  return { id, type };
}

/** After DELETE (already consumed, `start` is its token). */
export function parseLoadDelete(c: Cursor, start: Token): LoadDelete {
  const what = c.eat('VERTEX') ? 'VERTEX' : (c.expect('EDGE'), 'EDGE');
  const name = what === 'EDGE' && c.eat('*') ? '*' : c.name(`${what.toLowerCase()} type`);
  c.expect('(');
  let id: Expr;
  let fromType: Expr | null = null;
  let to: Expr | null = null;
  let toType: Expr | null = null;
  const discriminator: Expr[] = [];
  if (what === 'VERTEX') {
    c.expect('PRIMARY_ID');
    id = parseExpr(c);
  } else {
    c.expect('FROM');
    ({ id, type: fromType } = parseEnd(c));
    while (c.eat(',')) {
      if (to === null && c.eat('TO')) ({ id: to, type: toType } = parseEnd(c));
      else {
        c.expect('DISCRIMINATOR');
        c.expect('(');
        do discriminator.push(parseExpr(c));
        while (c.eat(','));
        c.expect(')');
        break;
      }
    }
  }
  c.expect(')');
  c.expect('FROM');
  const source = parseExpr(c);
  const where = c.eat('WHERE') ? parseExpr(c) : null;
  const using = c.eat('USING') ? parseOptions(c) : [];
  return {
    kind: 'LoadDelete',
    what,
    name,
    id,
    fromType,
    to,
    toType,
    discriminator,
    source,
    using,
    where,
    range: c.rangeFrom(start),
  };
}
