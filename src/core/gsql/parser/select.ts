// SELECT blocks and FROM patterns, for both the classic (v1) and the pattern (v2) syntax.
// Arrows arrive as one token (`-(`, `)->`) from the lexer's FROM mode, or split in pieces when
// spaced out; both spellings are accepted.
import type {
  EdgeStep,
  EdgeTypeRef,
  Expr,
  Hop,
  LimitClause,
  OrderItem,
  Pattern,
  Repeat,
  SampleClause,
  Select,
  TableColumn,
  TableSelect,
  VertexStep,
} from '../ast/index.js';
import type { Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { BINARY_PRECEDENCE, parseExpr } from './expr.js';
import { atCypherNode, parseCypherPattern } from './cypher.js';
import { parseDmlList } from './query-stmts.js';

/** Parses `SELECT ...` up to (not including) the terminating `;`. */
export function parseSelect(c: Cursor): Select {
  const start = c.expect('SELECT');
  const distinct = c.eat('DISTINCT');
  const output = c.name('vertex alias');
  c.expect('FROM');
  const from = parsePatterns(c);
  const sample = c.at('SAMPLE') ? parseSample(c) : null;
  const where = c.eat('WHERE') ? parseExpr(c) : null;
  let per: string[] | null = null;
  if (c.eat('PER')) {
    c.expect('(');
    per = [];
    do per.push(c.name('alias'));
    while (c.eat(','));
    c.expect(')');
  }
  const accum = c.eat('ACCUM') ? parseDmlList(c) : null;
  const postAccum = [];
  const aliases: (string | null)[] = [];
  while (c.eat('POST-ACCUM')) {
    // `POST-ACCUM (s)` binds the clause to one vertex alias.
    const bound = c.at('(') && c.peek().kind === 'word' && c.peekIs(2, ')');
    aliases.push(bound ? (c.next(), c.name('vertex alias')) : null);
    if (bound) c.expect(')');
    postAccum.push(parseDmlList(c));
  }
  const having = c.eat('HAVING') ? parseExpr(c) : null;
  const orderBy = c.at('ORDER') ? parseOrderBy(c) : [];
  const limit = c.at('LIMIT') ? parseLimit(c) : null;
  return {
    kind: 'Select',
    output,
    distinct,
    from,
    sample,
    where,
    per,
    accum,
    postAccum,
    ...(aliases.some((a) => a !== null) ? { postAccumAliases: aliases } : {}),
    having,
    orderBy,
    limit,
    range: c.rangeFrom(start),
  };
}

/** The SQL-like `SELECT cols INTO T FROM ...` of syntax v2. */
export function parseTableSelect(c: Cursor): TableSelect {
  const start = c.expect('SELECT');
  const distinct = c.eat('DISTINCT');
  const columns: TableColumn[] = [];
  do {
    const columnStart = c.tok;
    const expr = parseExpr(c);
    const alias = c.eat('AS') ? c.name('column name') : null;
    columns.push({ kind: 'TableColumn', expr, alias, range: c.rangeFrom(columnStart) });
  } while (c.eat(','));
  c.expect('INTO');
  const into = c.name('table name');
  c.expect('FROM');
  const from = parsePatterns(c);
  const where = c.eat('WHERE') ? parseExpr(c) : null;
  const groupBy: Expr[] = [];
  if (c.eat('GROUP')) {
    c.expect('BY');
    do groupBy.push(parseExpr(c));
    while (c.eat(','));
  }
  const having = c.eat('HAVING') ? parseExpr(c) : null;
  const orderBy = c.at('ORDER') ? parseOrderBy(c) : [];
  const limit = c.at('LIMIT') ? parseLimit(c) : null;
  const range = c.rangeFrom(start);
  return {
    kind: 'TableSelect',
    distinct,
    columns,
    into,
    from,
    where,
    groupBy,
    having,
    orderBy,
    limit,
    range,
  };
}

export function parsePatterns(c: Cursor): Pattern[] {
  const patterns: Pattern[] = [];
  do patterns.push(parsePattern(c));
  while (c.eat(','));
  return patterns;
}

function parsePattern(c: Cursor): Pattern {
  const start = c.tok;
  if (atCypherNode(c)) return parseCypherPattern(c);
  const source = parseVertexStep(c, true);
  const hops: Hop[] = [];
  while (atArrowOpen(c)) {
    const hopStart = c.tok;
    const edge = parseEdgeStep(c);
    const target = parseVertexStep(c, false);
    hops.push({ kind: 'Hop', edge, target, range: c.rangeFrom(hopStart) });
  }
  return { kind: 'Pattern', source, hops, range: c.rangeFrom(start) };
}

function atArrowOpen(c: Cursor): boolean {
  if (c.atAny('-(', '<-(')) return true;
  if (c.at('-')) return c.peekIs(1, '(');
  return c.at('<') && c.peekIs(1, '-') && c.peekIs(2, '(');
}

/** A type name inside a step: a word, `_`, `ANY` or a global accumulator `@@set`. */
function stepName(c: Cursor, what: string): string {
  const t = c.tok;
  if (t.kind === 'globalAccum') return c.next().text;
  if (t.kind === 'word' && (t.upper === '_' || t.upper === 'ANY')) return c.next().text;
  return c.name(what);
}

function atStepName(c: Cursor, what: string): boolean {
  return c.tok.kind === 'globalAccum' || c.atName(what) || c.at('_') || c.at('ANY');
}

function parseVertexStep(c: Cursor, first: boolean): VertexStep {
  const start = c.tok;
  const types: string[] = [];
  if (c.eat('(')) {
    do types.push(stepName(c, 'vertex type'));
    while (c.eat('|'));
    c.expect(')');
  } else if ((first && !c.at(':')) || atStepName(c, 'vertex type')) {
    types.push(stepName(c, first ? 'vertex set' : 'vertex type'));
    while (c.eat('|')) types.push(stepName(c, 'vertex type'));
  }
  const alias = c.eat(':') ? c.name('alias') : null;
  return {
    kind: 'VertexStep',
    types,
    alias,
    range: stepRange(c, start, types.length + (alias ? 1 : 0)),
  };
}

/** Range of a step that may be empty (`-(E)- ` followed by nothing). */
function stepRange(c: Cursor, start: Token, parts: number): VertexStep['range'] {
  if (parts > 0) return c.rangeFrom(start);
  const at = { offset: start.start, line: start.line, column: start.column };
  return { start: at, end: at };
}

function parseEdgeStep(c: Cursor): EdgeStep {
  const start = c.tok;
  let left = false;
  if (c.eat('<-(')) left = true;
  else if (!c.eat('-(')) {
    left = c.eat('<');
    c.expect('-');
    c.expect('(');
  }
  const types: EdgeTypeRef[] = [];
  if (c.eat('(')) {
    do types.push(parseEdgeTypeRef(c));
    while (c.eat('|'));
    c.expect(')');
  } else if (c.at('<') || atStepName(c, 'edge type')) {
    do types.push(parseEdgeTypeRef(c));
    while (c.eat('|'));
  }
  const repeat = c.at('*') ? parseRepeat(c) : null;
  const alias = c.eat(':') ? c.name('edge alias') : null;
  let right = false;
  if (c.eat(')->')) right = true;
  else if (!c.eat(')-')) {
    c.expect(')');
    if (c.eat('->')) right = true;
    else c.expect('-');
  }
  if (left && right) c.fail([], "an edge step cannot point both ways ('<-(' with ')->')");
  const arrow = left ? 'left' : right ? 'right' : 'none';
  return { kind: 'EdgeStep', arrow, types, alias, repeat, range: c.rangeFrom(start) };
}

function parseEdgeTypeRef(c: Cursor): EdgeTypeRef {
  const start = c.tok;
  const incoming = c.eat('<');
  const name = stepName(c, 'edge type');
  const outgoing = !incoming && c.eat('>');
  const direction = incoming ? 'in' : outgoing ? 'out' : 'any';
  return { kind: 'EdgeTypeRef', name, direction, range: c.rangeFrom(start) };
}

function parseRepeat(c: Cursor): Repeat {
  const start = c.expect('*');
  const int = (): number | null => (c.tok.kind === 'number' ? Number(c.next().text) : null);
  const min = int();
  let max = min;
  if (c.eat('..')) max = int();
  else if (min === null) max = null;
  return { kind: 'Repeat', min, max, range: c.rangeFrom(start) };
}

function parseSample(c: Cursor): SampleClause {
  const start = c.expect('SAMPLE');
  // The size is a simple operand: a following `%` means percent, not modulo.
  const size: Expr = parseExpr(c, BINARY_PRECEDENCE['%']);
  const percent = c.eat('%');
  const on = c.eat('TARGET') ? 'TARGET' : (c.expect('EDGE'), 'EDGE');
  const pinned = c.eat('PINNED');
  c.expect('WHEN');
  const when = parseExpr(c);
  return { kind: 'Sample', size, percent, on, pinned, when, range: c.rangeFrom(start) };
}

function parseOrderBy(c: Cursor): OrderItem[] {
  c.expect('ORDER');
  c.expect('BY');
  const items: OrderItem[] = [];
  do {
    const start = c.tok;
    const expr = parseExpr(c);
    const direction = c.eat('ASC') ? 'ASC' : c.eat('DESC') ? 'DESC' : null;
    items.push({ kind: 'OrderItem', expr, direction, range: c.rangeFrom(start) });
  } while (c.eat(','));
  return items;
}

function parseLimit(c: Cursor): LimitClause {
  const start = c.expect('LIMIT');
  const first = parseExpr(c);
  if (c.eat(',')) {
    const count = parseExpr(c);
    return { kind: 'Limit', count, offset: first, range: c.rangeFrom(start) };
  }
  const offset = c.eat('OFFSET') ? parseExpr(c) : null;
  return { kind: 'Limit', count: first, offset, range: c.rangeFrom(start) };
}
