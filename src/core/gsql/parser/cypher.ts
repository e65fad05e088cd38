// openCypher patterns in a FROM clause (the SYNTAX V3 extension): `(v:VType)` reads as the GSQL
// vertex step `VType:v`, `-[e:EType]->` as the edge step `-(EType>:e)-` (`<-[..]-` as `<EType`,
// `-[..]-` undirected). Aliases and types are optional; several types are alternatives, written
// `A|B` or, for vertices, `A:B`. Edges may repeat (`-[:E*1..3]-`), and vertex and edge patterns
// may carry a property map `{key: value, ...}`, kept as PropertyCondition nodes (each meaning
// `alias.key == value`).
import type {
  EdgeStep,
  Expr,
  EdgeTypeRef,
  Hop,
  Pattern,
  PropertyCondition,
  Repeat,
  VertexStep,
} from '../ast/index.js';
import { unquote, type Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { parseRepeat } from './select.js';

const closes = (text: string) => text.startsWith(')');

/** Does an openCypher node pattern start here (and not the GSQL `(A|B):s` type list)? */
export function atCypherNode(c: Cursor): boolean {
  if (!c.at('(')) return false;
  const one = c.peek(1);
  const two = c.peek(2);
  if (one.kind === 'op' && (closes(one.text) || one.text === ':' || one.text === '{')) return true;
  if (one.kind !== 'word') return false;
  if (c.peekIs(2, ':') || c.peekIs(2, '{')) return true;
  // `(n)` alone is the GSQL type `n`; followed by an openCypher edge it is the alias `n`. In a
  // SYNTAX v3 query `(n)` alone is the openCypher pattern too (`FROM (n) WHERE ...`, the
  // openCypher pattern support page), unless a GSQL alias follows (`(T):t`).
  if (two.kind !== 'op' || !closes(two.text)) return false;
  if (two.text === ')-') return edgeRest(c, 3);
  if (two.text !== ')') return false;
  if (c.inSyntaxV3 && !c.peekIs(3, ':')) return true;
  return (
    (c.peekIs(3, '-') && edgeRest(c, 4)) || (c.peekIs(3, '<') && c.peekIs(4, '-') && edgeRest(c, 5))
  );
}

/** After an edge's first dash: its body `[`, or the rest of a bare `--` / `-->`. */
function edgeRest(c: Cursor, n: number): boolean {
  return c.peekIs(n, '[') || c.peekIs(n, '->') || c.peek(n).text.startsWith('-');
}

/** `:A|B` (and for vertices `:A:B`): the type alternatives after an alias. */
function names(c: Cursor, what: string, colonSeparated: boolean): string[] {
  const out: string[] = [];
  if (c.eat(':')) {
    // Like GSQL steps: a type, `_`, a parameter or a global accumulator holding a set.
    do out.push(c.at('_') || c.tok.kind === 'globalAccum' ? c.next().text : c.name(what));
    while (c.eat('|') || (colonSeparated && c.eat(':')));
  }
  return out;
}

/** `{key: value, ...}`; null when no map is written. */
/** Reads a property map's values: GSQL expressions in a FROM clause, openCypher ones in a body. */
type ValueReader = (c: Cursor) => Expr;

function parseProps(c: Cursor, value: ValueReader): PropertyCondition[] | null {
  if (!c.eat('{')) return null;
  const props: PropertyCondition[] = [];
  if (!c.at('}')) {
    do {
      const start = c.tok;
      c.note('property key');
      // Keys are attribute names; a reserved word may name an attribute too (`{type: t}`).
      if (start.kind !== 'string' && start.kind !== 'word') c.fail(['attribute name']);
      const key = start.kind === 'string' ? unquote(c.next().text) : c.next().text;
      c.expect(':');
      props.push({ kind: 'PropertyCondition', key, value: value(c), range: c.rangeFrom(start) });
    } while (c.eat(','));
  }
  c.expect('}');
  return props;
}

function parseNode(c: Cursor, first: boolean, value: ValueReader): VertexStep {
  const start = c.expect('(');
  const alias = c.atName('vertex alias') ? c.name('vertex alias') : null;
  const types = names(c, 'vertex type', true);
  // A pattern cannot start with an empty GSQL step: `()` is any vertex, `_`.
  if (first && alias === null && types.length === 0) types.push('_');
  const props = parseProps(c, value);
  c.expect(')');
  const range = c.rangeFrom(start);
  return { kind: 'VertexStep', types, alias, ...(props ? { props } : {}), range };
}

/** An edge pattern `-[..]-` follows, or a bare one: `--`, `-->`, `<--`. */
function atEdge(c: Cursor): boolean {
  if (c.at('-')) return edgeRest(c, 1);
  return c.at('<') && c.peekIs(1, '-') && edgeRest(c, 2);
}

function parseEdge(c: Cursor, value: ValueReader): EdgeStep {
  const start = c.tok;
  const left = c.eat('<');
  c.expect('-');
  if (!c.at('[')) return bareEdge(c, start, left);
  c.expect('[');
  const alias = c.atName('edge alias') ? c.name('edge alias') : null;
  const typeStart = c.tok;
  const typeNames = names(c, 'edge type', false);
  const repeat: Repeat | null = c.at('*') ? parseRepeat(c) : null;
  const props = parseProps(c, value);
  c.expect(']');
  const right = c.eat('->') || (c.expect('-'), c.eat('>'));
  if (left && right) c.fail([], "an edge pattern cannot point both ways ('<-[' with ']->')");
  const direction = left ? 'in' : right ? 'out' : 'any';
  if (typeNames.length === 0 && direction !== 'any') typeNames.push('_');
  const types = typeNames.map((name): EdgeTypeRef => ({
    kind: 'EdgeTypeRef',
    name,
    direction,
    range: c.rangeFrom(typeStart),
  }));
  const range = c.rangeFrom(start);
  return {
    kind: 'EdgeStep',
    arrow: 'none',
    types,
    alias,
    repeat,
    ...(props ? { props } : {}),
    range,
  };
}

/** `--`, `-->`, `<--`: any edge, as `-[]-`, `-[]->`, `<-[]-`. */
function bareEdge(c: Cursor, start: Token, left: boolean): EdgeStep {
  const right = c.eat('->') || (c.expect('-'), c.eat('>'));
  if (left && right) c.fail([], "an edge pattern cannot point both ways ('<--' with '-->')");
  const direction = left ? 'in' : right ? 'out' : 'any';
  const range = c.rangeFrom(start);
  const types: EdgeTypeRef[] =
    direction === 'any' ? [] : [{ kind: 'EdgeTypeRef', name: '_', direction, range }];
  return { kind: 'EdgeStep', arrow: 'none', types, alias: null, repeat: null, range };
}

/**
 * `(a:T)-[e:E]->(b)...`: one pattern in the GSQL representation. Property values are GSQL
 * expressions unless another reader is given (an openCypher body's own).
 */
export function parseCypherPattern(c: Cursor, value: ValueReader = parseExpr): Pattern {
  const start = c.tok;
  const source = parseNode(c, true, value);
  const hops: Hop[] = [];
  while (atEdge(c)) {
    const hopStart = c.tok;
    const edge = parseEdge(c, value);
    const target = parseNode(c, false, value);
    hops.push({ kind: 'Hop', edge, target, range: c.rangeFrom(hopStart) });
  }
  return { kind: 'Pattern', source, hops, cypher: true, range: c.rangeFrom(start) };
}
