// Property tests: the front end never throws, whatever the input, and formatting preserves
// meaning (generated expression trees; the corpus with its layout shuffled).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  complete,
  format,
  formatExpr,
  highlightTokens,
  inputState,
  lex,
  parse,
  parseExpression,
  splitStatements,
  withoutRanges,
  INTERVAL_UNITS,
  type BinaryOp,
  type Expr,
} from '../../../src/core/gsql/index.js';

const dir = fileURLToPath(new URL('./corpus/', import.meta.url));
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.gsql'))
  .sort()
  .map((f) => readFileSync(`${dir}${f}`, 'utf8'));

// prettier-ignore
const PIECES = [
  'CREATE', 'QUERY', 'q', '(', ')', '{', '}', ';', ',', 'SELECT', 'FROM', 'WHERE', 'ACCUM',
  'POST-ACCUM', 'IF', 'THEN', 'ELSE', 'END', 'WHILE', 'DO', 'FOREACH', 'IN', 'RANGE', '[', ']',
  '-(', ')->', ')-', '<-(', ':', 's', 't', 'E', '@@x', '@y', "'", '=', '+=', '"str"', '"open',
  '1', '2.5', '->', 'SumAccum', '<', '>', '>>', 'INT', 'PRINT', 'AND', 'OR', 'NOT', '.', '*',
  '..', '$0', '/*', '*/', '#', '\n', ' ', 'CASE', 'WHEN', 'LOAD', 'TO', 'VERTEX', 'VALUES',
  'USING', 'TYPEDEF', 'TUPLE', 'HeapAccum', 'DESC', 'TRY', 'EXCEPTION', 'RAISE', 'LIMIT',
];

const gsqlish = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join(' '));
const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  gsqlish,
);

/** Runs every entry point on a text; each must return normally. */
function exerciseAll(text: string): void {
  lex(text);
  highlightTokens(text);
  const { ast, diagnostics } = parse(text);
  format(ast);
  inputState(text);
  splitStatements(text);
  complete(text, text.length);
  complete(text, Math.floor(text.length / 2));
  for (const d of diagnostics) {
    expect(d.range.start.line).toBeGreaterThanOrEqual(1);
    expect(d.range.start.column).toBeGreaterThanOrEqual(1);
    expect(d.range.start.offset).toBeLessThanOrEqual(text.length);
  }
}

/** Cuts, repeats or splices pieces of valid GSQL. */
const mutated = fc
  .tuple(
    fc.constantFrom(...corpus),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat({ max: 40 }),
        fc.constantFrom('cut', 'dup', 'insert', 'truncate'),
        fc.constantFrom(...PIECES),
      ),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
  )
  .map(([text, edits]) =>
    edits.reduce((t, [at, len, op, piece]) => {
      const i = t.length === 0 ? 0 : at % t.length;
      switch (op) {
        case 'cut':
          return t.slice(0, i) + t.slice(i + len);
        case 'dup':
          return t.slice(0, i + len) + t.slice(i);
        case 'insert':
          return `${t.slice(0, i)} ${piece} ${t.slice(i)}`;
        default:
          return t.slice(0, i);
      }
    }, text),
  );

describe('never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(fc.property(anyText, exerciseAll), { numRuns: 400 });
  });

  it('on deeply nested input', () => {
    const deep = [
      `CREATE QUERY q() { x = ${'('.repeat(5000)}1; }`,
      `CREATE QUERY q() { x = ${'-'.repeat(5000)}1; }`,
      `CREATE QUERY q() { ${'IF x THEN '.repeat(2000)} }`,
      `CREATE QUERY q() { ${'ListAccum<'.repeat(2000)}INT @@x; }`,
      `CREATE QUERY q() { x = ${'['.repeat(3000)}${']'.repeat(3000)}; }`,
    ];
    for (const text of deep) {
      exerciseAll(text);
      expect(parse(text).diagnostics.map((d) => d.message)).toContain(
        'nesting is deeper than 256 levels',
      );
    }
  });

  it('on mutated valid GSQL', () => {
    fc.assert(fc.property(mutated, exerciseAll), { numRuns: 200 });
  });
});

/** The corpus with every gap between tokens replaced by other whitespace of the same kind. */
function reflow(text: string, rand: () => number): string {
  const tokens = lex(text, { comments: true });
  let out = '';
  let last = 0;
  for (const t of tokens) {
    const gap = text.slice(last, t.start);
    const pick = (options: string[]): string => options[Math.floor(rand() * options.length)] ?? ' ';
    if (gap.includes('\n')) out += pick(['\n', '\n\n', '\n    ', ' \t\n  ', '\r\n']);
    else if (gap.length > 0) out += pick([' ', '  ', '\t', ' \t ']);
    out += t.text;
    last = t.end;
  }
  return out;
}

describe('formatting preserves meaning', () => {
  it('for the corpus laid out differently', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.integer(), (text, seed) => {
        let state = seed;
        const rand = (): number => {
          state = (state * 1103515245 + 12345) & 0x7fffffff;
          return state / 0x80000000;
        };
        const original = parse(text).ast;
        const reflowed = parse(reflow(text, rand));
        expect(reflowed.diagnostics).toEqual([]);
        expect(withoutRanges(reflowed.ast)).toEqual(withoutRanges(original));
        expect(format(reflowed.ast)).toBe(format(original));
      }),
      { numRuns: 60 },
    );
  });

  it('for generated expression trees', () => {
    fc.assert(
      fc.property(exprArb, (e) => {
        const text = formatExpr(e);
        const back = parseExpression(text);
        expect(back.diagnostics, text).toEqual([]);
        expect(withoutRanges(back.ast), text).toEqual(withoutRanges(e));
      }),
      { numRuns: 500 },
    );
  });
});

const RANGE = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
// prettier-ignore
const BINARY_OPS: BinaryOp[] = [
  'OR', 'AND', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '<<', '>>', '&', '|',
  'UNION', 'INTERSECT', 'MINUS',
];

/** Generated nodes carry a dummy range; ranges are ignored when trees are compared. */
const at = <T extends object>(node: T): T & { range: typeof RANGE } => ({ ...node, range: RANGE });
const nameOf = (n: string): Expr => at({ kind: 'Name', name: n } as const);

const name = fc.constantFrom('a', 'b', 'total', 'x1', 'my_var');
const leaf: fc.Arbitrary<Expr> = fc.oneof(
  fc.nat({ max: 1_000_000 }).map((n) => at({ kind: 'IntLit', text: String(n), value: n } as const)),
  fc
    .constantFrom('0.5', '2.25', '1e3', '.75')
    .map((text) => at({ kind: 'FloatLit', text, value: Number(text) } as const)),
  fc.string({ maxLength: 8 }).map((value) => at({ kind: 'StringLit', value } as const)),
  fc.boolean().map((value) => at({ kind: 'BoolLit', value } as const)),
  fc.constant(at({ kind: 'NullLit' } as const)),
  name.map(nameOf),
  fc
    .tuple(name, fc.boolean())
    .map(([n, prime]) => at({ kind: 'GlobalAccum', name: n, prime } as const)),
  fc
    .tuple(name, name, fc.boolean())
    .map(([t, n, prime]) =>
      at({ kind: 'VertexAccum', target: nameOf(t), name: n, prime } as const),
    ),
);

const exprArb: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => {
  const e = tie('e');
  const list = fc.array(e, { minLength: 1, maxLength: 3 });
  const unaryOp = fc.constantFrom<'-' | 'NOT'>('-', 'NOT');
  const when = fc.tuple(e, e).map(([w, then]) => at({ kind: 'CaseWhen', when: w, then } as const));
  return {
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(fc.constantFrom(...BINARY_OPS), e, e)
        .map(([op, left, right]) => at({ kind: 'Binary', op, left, right } as const)),
      fc.tuple(unaryOp, e).map(([op, operand]) => at({ kind: 'Unary', op, operand } as const)),
      fc
        .tuple(e, e, fc.boolean())
        .map(([value, set, negated]) => at({ kind: 'In', value, set, negated } as const)),
      fc
        .tuple(e, fc.boolean())
        .map(([value, negated]) => at({ kind: 'IsNull', value, negated } as const)),
      fc
        .tuple(e, e, e, fc.boolean())
        .map(([value, low, high, negated]) =>
          at({ kind: 'Between', value, low, high, negated } as const),
        ),
      fc
        .tuple(e, e, fc.boolean())
        .map(([value, pattern, negated]) =>
          at({ kind: 'Like', value, pattern, negated, escape: null } as const),
        ),
      fc.tuple(e, name).map(([target, n]) => at({ kind: 'Attr', target, name: n } as const)),
      fc
        .tuple(e, name, fc.array(e, { maxLength: 2 }))
        .map(([target, n, args]) => at({ kind: 'MethodCall', target, name: n, args } as const)),
      fc
        .tuple(fc.constantFrom('f', 'max', 'getvid'), fc.array(e, { maxLength: 3 }), fc.boolean())
        .map(([n, args, d]) =>
          at({ kind: 'Call', name: n, args, distinct: d && args.length > 0 } as const),
        ),
      fc.tuple(e, e).map(([target, index]) => at({ kind: 'Index', target, index } as const)),
      fc.array(e, { maxLength: 3 }).map((items) => at({ kind: 'ListLit', items } as const)),
      fc
        .array(e, { minLength: 2, maxLength: 3 })
        .map((items) => at({ kind: 'TupleLit', items } as const)),
      fc.tuple(list, list).map(([keys, values]) => at({ kind: 'Arrow', keys, values } as const)),
      fc
        .tuple(
          fc.option(e, { nil: null }),
          fc.array(when, { minLength: 1, maxLength: 2 }),
          fc.option(e, { nil: null }),
        )
        .map(([subject, whens, otherwise]) =>
          at({ kind: 'CaseExpr', subject, whens, otherwise } as const),
        ),
      fc
        .tuple(e, fc.constantFrom(...INTERVAL_UNITS))
        .map(([amount, unit]) => at({ kind: 'Interval', amount, unit } as const)),
      name.map((typeName) => at({ kind: 'TypeStar', typeName } as const)),
    ),
  };
}).e;

// Generated FROM patterns: the GSQL form (with `.` composition, disjunctions and repetition) and
// the openCypher form (property maps keep a pattern in that form) print and read back the same.
const typeName = fc.constantFrom('A', 'Bee', 'c_1', '_', 'ANY');
const aliasName = fc.option(fc.constantFrom('s', 't', 'e', 'x2'), { nil: null });
const direction = fc.constantFrom<'any' | 'in' | 'out'>('any', 'in', 'out');
const repeatArb = fc.option(
  fc
    .tuple(
      fc.option(fc.nat({ max: 3 }), { nil: null }),
      fc.option(fc.nat({ max: 3 }), { nil: null }),
    )
    .filter(([min, max]) => min === null || max === null || min <= max)
    .map(([min, max]) => at({ kind: 'Repeat', min, max } as const)),
  { nil: null },
);

/** One `.`-composed edge part of the GSQL form: it names at least one edge type. */
const gsqlEdge = fc
  .tuple(fc.array(fc.tuple(typeName, direction), { minLength: 1, maxLength: 2 }), repeatArb)
  .map(([types, repeat]) =>
    at({
      kind: 'EdgeStep',
      arrow: 'none',
      types: types.map(([n, d]) => at({ kind: 'EdgeTypeRef', name: n, direction: d } as const)),
      alias: null,
      repeat,
    } as const),
  );

const vertexStep = fc
  .tuple(fc.array(typeName, { maxLength: 2 }), aliasName)
  .map(([types, alias]) => at({ kind: 'VertexStep', types, alias } as const));

const implicitStep = at({ kind: 'VertexStep', types: [], alias: null, implicit: true } as const);

const gsqlPattern = fc
  .tuple(
    vertexStep.filter((v) => v.types.length > 0 || v.alias !== null),
    fc.array(fc.tuple(fc.array(gsqlEdge, { minLength: 1, maxLength: 3 }), aliasName, vertexStep), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([source, steps]) => {
    const hops = steps.flatMap(([edges, alias, target]) =>
      edges.map((edge, i) => {
        const last = i === edges.length - 1;
        return at({
          kind: 'Hop',
          edge: last ? { ...edge, alias } : edge,
          target: last ? target : implicitStep,
        } as const);
      }),
    );
    return at({ kind: 'Pattern', source, hops } as const);
  });

const props = fc.array(
  fc
    .tuple(fc.constantFrom('name', 'id', 'from', 'two words'), leaf)
    .map(([key, value]) => at({ kind: 'PropertyCondition', key, value } as const)),
  { maxLength: 2 },
);

const cypherNode = (first: boolean) =>
  fc
    .tuple(
      aliasName,
      fc.array(fc.constantFrom('A', 'Bee', 'c_1'), { maxLength: 2 }),
      fc.option(props, { nil: undefined }),
    )
    .map(([alias, types, p]) =>
      at({
        kind: 'VertexStep',
        types: first && alias === null && types.length === 0 ? ['_'] : types,
        alias,
        ...(p === undefined ? {} : { props: p }),
      } as const),
    );

const cypherEdge = fc
  .tuple(
    aliasName,
    fc.array(fc.constantFrom('E', 'Knows'), { maxLength: 2 }),
    direction,
    repeatArb,
    fc.option(props, { nil: undefined }),
  )
  .map(([alias, names, d, repeat, p]) =>
    at({
      kind: 'EdgeStep',
      arrow: 'none',
      types: (names.length === 0 && d !== 'any' ? ['_'] : names).map((n) =>
        at({ kind: 'EdgeTypeRef', name: n, direction: d } as const),
      ),
      alias,
      repeat,
      ...(p === undefined ? {} : { props: p }),
    } as const),
  );

const cypherPattern = fc
  .tuple(
    cypherNode(true),
    props,
    fc.array(fc.tuple(cypherEdge, cypherNode(false)), { maxLength: 3 }),
  )
  .map(([source, sourceProps, steps]) =>
    at({
      kind: 'Pattern',
      // One property map keeps the pattern in the openCypher form.
      source: { ...source, props: source.props ?? sourceProps },
      hops: steps.map(([edge, target]) => at({ kind: 'Hop', edge, target } as const)),
      cypher: true,
    } as const),
  );

describe('formatting preserves patterns', () => {
  it('for generated GSQL and openCypher paths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(gsqlPattern, cypherPattern), { minLength: 1, maxLength: 2 }),
        (from) => {
          const select = at({
            kind: 'Select',
            output: 's',
            distinct: false,
            from,
            sample: null,
            where: null,
            per: null,
            accum: null,
            postAccum: [],
            having: null,
            orderBy: [],
            limit: null,
          } as const);
          const query = at({
            kind: 'CreateQuery',
            orReplace: false,
            distributed: false,
            name: 'q',
            params: [],
            graph: null,
            returns: null,
            api: null,
            syntax: 'v3',
            body: [at({ kind: 'SelectStmt', target: 'S', select } as const)],
          } as const);
          const script = at({ kind: 'Script', statements: [query] } as const);
          const text = format(script);
          const back = parse(text);
          expect(back.diagnostics, text).toEqual([]);
          expect(withoutRanges(back.ast), text).toEqual(withoutRanges(script));
        },
      ),
      { numRuns: 300 },
    );
  });
});
