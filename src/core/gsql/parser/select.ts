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
import { rangeOf, type Range, type Token } from '../tokens.js';
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
  // A pattern may start at its first edge: `FROM -(Likes>:e)- :msg` (any source vertex).
  const source = atArrowOpen(c) ? emptyStep(c.tok) : parseVertexStep(c, true);
  const hops: Hop[] = [];
  while (atArrowOpen(c)) {
    const hopStart = c.tok;
    const edges = parseEdgeSteps(c);
    // `.`-composed edge patterns become hops joined by unwritten (implicit) vertex steps.
    edges.forEach(({ edge, dot }, i) => {
      if (i < edges.length - 1) {
        const target = implicitStep(dot ?? c.prev);
        hops.push({ kind: 'Hop', edge, target, range: spanOf(edge.range, target.range) });
      }
    });
    const last = edges[edges.length - 1];
    if (last === undefined) break;
    const target = parseVertexStep(c, false);
    const range = spanOf(last.edge.range, c.rangeFrom(hopStart));
    hops.push({ kind: 'Hop', edge: last.edge, target, range });
  }
  return { kind: 'Pattern', source, hops, range: c.rangeFrom(start) };
}

/** The range from the start of one range to the end of another. */
function spanOf(first: Range, last: Range): Range {
  return { start: first.start, end: last.end };
}

/** A written-empty vertex step before `at`: no types, no alias, an empty range. */
function emptyStep(at: Token): VertexStep {
  const point = { offset: at.start, line: at.line, column: at.column };
  return { kind: 'VertexStep', types: [], alias: null, range: { start: point, end: point } };
}

/** The vertex step a `.` stands for: no types, no alias, an empty range at the dot. */
function implicitStep(dot: Token): VertexStep {
  const at = { offset: dot.start, line: dot.line, column: dot.column };
  return {
    kind: 'VertexStep',
    types: [],
    alias: null,
    implicit: true,
    range: { start: at, end: at },
  };
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

/** One `.`-separated element of an edge pattern, before its alias and arrow are known. */
interface EdgePart {
  readonly start: Token;
  /** The part's last token (its start when nothing was written, as in `-(:e)-`). */
  readonly end: Token;
  readonly types: readonly EdgeTypeRef[];
  readonly repeat: Repeat | null;
  /** The `.` after this part, when another part follows. */
  dot: Token | null;
}

/**
 * `-( pathEdgePattern [:alias] )-` (and the classic arrows): edge patterns composed with `.`,
 * each a disjunction `A>|<B|C` with an optional repetition, parenthesized groups flattened.
 * The alias belongs to the last part; every part gets the arrow of the whole step.
 */
function parseEdgeSteps(c: Cursor): { edge: EdgeStep; dot: Token | null }[] {
  const start = c.tok;
  let left = false;
  if (c.eat('<-(')) left = true;
  else if (!c.eat('-(')) {
    left = c.eat('<');
    c.expect('-');
    c.expect('(');
  }
  const parts = parseEdgeParts(c, 0);
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
  return parts.map((part, i) => {
    const last = i === parts.length - 1;
    const from = i === 0 ? start : part.start;
    const range = last ? c.rangeFrom(from) : rangeOf(from, part.end);
    const edge: EdgeStep = {
      kind: 'EdgeStep',
      arrow,
      types: part.types,
      alias: last ? alias : null,
      repeat: part.repeat,
      range,
    };
    return { edge, dot: part.dot };
  });
}

/** `part (. part)*` inside an edge step or a parenthesized group. */
function parseEdgeParts(c: Cursor, depth: number): EdgePart[] {
  const parts: EdgePart[] = [];
  do {
    const previous = parts[parts.length - 1];
    if (previous !== undefined) previous.dot = c.prev;
    // Only a whole step may omit its types (`-(:e)-`); a composed or grouped part names edges.
    const named = c.at('(') || c.at('<') || atStepName(c, 'edge type');
    if ((parts.length > 0 || depth > 0) && !named) c.fail([]);
    parts.push(...parseEdgePart(c, depth));
  } while (c.eat('.'));
  return parts;
}

function parseEdgePart(c: Cursor, depth: number): EdgePart[] {
  const start = c.tok;
  if (c.at('(')) {
    if (depth >= 16) c.fail([], 'edge pattern groups nest too deeply');
    c.next();
    const inner = parseEdgeParts(c, depth + 1);
    c.expect(')');
    const only = inner[0];
    // A repetition applies to a group of one disjunction: `(A>|B)*1..3`.
    if (inner.length === 1 && only !== undefined && only.repeat === null && c.at('*')) {
      const repeat = parseRepeat(c);
      return [{ start, end: c.prev, types: only.types, repeat, dot: null }];
    }
    const close = c.prev;
    return inner.map((p, i) => ({
      ...p,
      start: i === 0 ? start : p.start,
      end: i === inner.length - 1 ? close : p.end,
    }));
  }
  const types: EdgeTypeRef[] = [];
  if (c.at('<') || atStepName(c, 'edge type')) {
    do types.push(parseEdgeTypeRef(c));
    while (c.eat('|'));
  }
  const repeat = c.at('*') ? parseRepeat(c) : null;
  const end = c.pos > 0 && c.prev.start >= start.start ? c.prev : start;
  return [{ start, end, types, repeat, dot: null }];
}

function parseEdgeTypeRef(c: Cursor): EdgeTypeRef {
  const start = c.tok;
  const incoming = c.eat('<');
  const name = stepName(c, 'edge type');
  const outgoing = !incoming && c.eat('>');
  const direction = incoming ? 'in' : outgoing ? 'out' : 'any';
  return { kind: 'EdgeTypeRef', name, direction, range: c.rangeFrom(start) };
}

export function parseRepeat(c: Cursor): Repeat {
  const start = c.expect('*');
  const int = (): number | null => {
    if (c.tok.kind !== 'number') return null;
    // `*0..1.<E`: the lexer read `1.` as a number; the dot composes the next edge pattern.
    if (c.tok.text.endsWith('.')) c.splitToken(c.tok.text.length - 1);
    if (!/^\d+$/.test(c.tok.text)) c.fail(['repetition bound']);
    return Number(c.next().text);
  };
  const min = int();
  let max = min;
  if (c.eat('..')) max = int();
  else if (min === null) max = null;
  if (min !== null && max !== null && max < min) {
    c.fail([], `repetition bounds are reversed: *${min}..${max}`);
  }
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
