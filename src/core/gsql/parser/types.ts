// Type expressions: base types, VERTEX<T>, collections, tuples and every accumulator type.
import type {
  AccumType,
  Expr,
  Field,
  HeapOrder,
  HeapSpec,
  TypedefAccum,
  TypedefTuple,
  TypeExpr,
} from '../ast/index.js';
import { ACCUM_TYPES, BASE_TYPES } from '../keywords.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parsePrimary } from './primary.js';

const COLLECTIONS = new Set(['LIST', 'SET', 'BAG']);

/** Does a built-in type start here? (Tuple type names are told apart by the caller.) */
export function atTypeStart(c: Cursor): boolean {
  const t = c.tok;
  if (t.kind !== 'word') return false;
  if (ACCUM_TYPES.has(t.upper) || BASE_TYPES.has(t.upper)) return true;
  if ((COLLECTIONS.has(t.upper) || t.upper === 'MAP' || t.upper === 'TUPLE') && c.peekIs(1, '<'))
    return true;
  return false;
}

export function parseType(c: Cursor): TypeExpr {
  c.enter();
  try {
    return parseTypeAt(c);
  } finally {
    c.leave();
  }
}

function parseTypeAt(c: Cursor): TypeExpr {
  const start = c.tok;
  if (start.kind !== 'word') c.fail(['type']);
  const upper = start.upper;
  const accum = ACCUM_TYPES.get(upper);
  if (accum !== undefined) return parseAccumType(c);
  c.next();
  if (upper === 'VERTEX') {
    let vertexType: string | null = null;
    if (c.eat('<')) {
      vertexType = c.name('vertex type');
      c.expect('>');
    }
    return { kind: 'VertexTypeRef', vertexType, range: c.rangeFrom(start) };
  }
  if (COLLECTIONS.has(upper) && c.at('<')) {
    c.next();
    const element = parseType(c);
    c.expect('>');
    const collection = upper as 'LIST' | 'SET' | 'BAG';
    return { kind: 'CollectionType', collection, element, range: c.rangeFrom(start) };
  }
  if (upper === 'TUPLE' && c.at('<')) {
    c.next();
    const elements: TypeExpr[] = [];
    do elements.push(parseType(c));
    while (c.eat(','));
    c.expect('>');
    return { kind: 'TupleType', elements, range: c.rangeFrom(start) };
  }
  if (upper === 'MAP' && c.at('<')) {
    c.next();
    const key = parseType(c);
    c.expect(',');
    const value = parseType(c);
    c.expect('>');
    return { kind: 'MapType', key, value, range: c.rangeFrom(start) };
  }
  if (BASE_TYPES.has(upper) || upper === 'FILE') {
    const compress = upper === 'STRING' && c.eat('COMPRESS');
    return { kind: 'PrimitiveType', name: upper, compress, range: c.rangeFrom(start) };
  }
  c.pos--;
  const name = c.name('type');
  return { kind: 'NamedType', name, range: c.rangeFrom(start) };
}

function parseAccumType(c: Cursor): AccumType {
  const start = c.next();
  const accum = ACCUM_TYPES.get(start.upper);
  if (accum === undefined) c.fail(['accumulator type']);
  const typeArgs: TypeExpr[] = [];
  let groupBy: Field[] | null = null;
  let percent: Expr | null = null;
  let bits: Expr | null = null;
  if (c.eat('<')) {
    if (accum === 'PercentileContAccum') {
      percent = parsePrimary(c);
    } else if (accum === 'BitwiseAndAccum' || accum === 'BitwiseOrAccum') {
      bits = parsePrimary(c);
    } else if (accum === 'GroupByAccum') {
      groupBy = [];
      do groupBy.push(parseField(c));
      while (c.eat(','));
    } else {
      do typeArgs.push(parseType(c));
      while (c.eat(','));
    }
    c.expect('>');
  }
  let heap: HeapSpec | null = null;
  if (accum === 'HeapAccum' && c.at('(')) heap = parseHeapSpec(c);
  const range = c.rangeFrom(start);
  return { kind: 'AccumType', accum, typeArgs, groupBy, heap, percent, bits, range };
}

function parseHeapSpec(c: Cursor): HeapSpec {
  const start = c.expect('(');
  // Without a capacity the list starts with a sort key: `name ASC|DESC`, or a lone name.
  const keyFirst =
    c.tok.kind === 'word' && (c.peekIs(1, 'ASC') || c.peekIs(1, 'DESC') || c.peekIs(1, ')'));
  const capacity = keyFirst ? null : parseExpr(c);
  const order: HeapOrder[] = [];
  if (keyFirst || c.eat(','))
    do {
      const fieldStart = c.tok;
      const field = c.name('tuple field');
      const descending = c.eat('DESC') ? true : (c.eat('ASC'), false);
      order.push({ kind: 'HeapOrder', field, descending, range: c.rangeFrom(fieldStart) });
    } while (c.eat(','));
  c.expect(')');
  return { kind: 'HeapSpec', capacity, order, range: c.rangeFrom(start) };
}

/** A tuple field's size after its base type: `UINT (4)`, `STRING(20)`. */
function withSize(c: Cursor, type: TypeExpr): TypeExpr {
  if (type.kind !== 'PrimitiveType' || !c.at('(')) return type;
  c.next();
  const t = c.tok;
  if (t.kind !== 'number' || !/^\d+$/.test(t.text)) c.fail(['size']);
  c.next();
  c.expect(')');
  const start = type.range.start;
  const end = c.rangeFrom(c.prev).end;
  return { ...type, size: Number(t.text), range: { start, end } };
}

/** `type name` or `name type` (both are accepted in tuple definitions). */
export function parseField(c: Cursor): Field {
  const start = c.tok;
  const second = c.peek();
  const typeSecond = ACCUM_TYPES.has(second.upper) || BASE_TYPES.has(second.upper);
  if (!atTypeStart(c) && c.atName() && second.kind === 'word' && typeSecond) {
    const name = c.name('field name');
    const type = withSize(c, parseType(c));
    return { kind: 'Field', name, type, range: c.rangeFrom(start) };
  }
  const type = withSize(c, parseType(c));
  const name = c.name('field name');
  return { kind: 'Field', name, type, range: c.rangeFrom(start) };
}

/**
 * `TYPEDEF TUPLE <fields> name` or `TYPEDEF HeapAccum<T>(n, f DESC) name` (any accumulator
 * type), at top level or in a query body.
 */
export function parseTypedef(c: Cursor): TypedefTuple | TypedefAccum {
  const start = c.expect('TYPEDEF');
  if (c.eat('TUPLE')) {
    const fields = parseTupleFields(c);
    const name = c.name('tuple name');
    return { kind: 'TypedefTuple', name, fields, range: c.rangeFrom(start) };
  }
  if (!ACCUM_TYPES.has(c.tok.upper)) {
    for (const accum of ACCUM_TYPES.values()) c.note(accum);
    c.fail([]);
  }
  const type = parseAccumType(c);
  const name = c.name('type name');
  return { kind: 'TypedefAccum', name, type, range: c.rangeFrom(start) };
}

/** TYPEDEF TUPLE <fields> name, at top level or in a query body. */
export function parseTupleFields(c: Cursor): Field[] {
  c.expect('<');
  const fields: Field[] = [];
  do fields.push(parseField(c));
  while (c.eat(','));
  c.expect('>');
  return fields;
}
