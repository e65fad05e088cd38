// Select layer: what the FROM pattern means before it is planned. Property maps of openCypher
// patterns (`(a:Person {name: p})`, `-[e:E {w: 1}]-`) become `alias.key == value` conditions
// joined to WHERE (an unnamed step gets a hidden alias), and the syntax version's rules are
// checked: SYNTAX v1 takes one hop per FROM starting at a vertex set variable, SYNTAX v2 takes
// directions inside the parentheses (`-(E>)-`, not `-(E)->`). Queries without SYNTAX are detected from their text, as
// the real service does, so both forms are accepted there.
import {
  type EdgeStep,
  type Expr,
  type Node,
  type Pattern,
  type PropertyCondition,
  type Select,
  type VertexStep,
  walk,
} from '../../../../../core/gsql/index.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Cx } from '../context/compile-types.js';
import { patternReading } from './pattern-edges.js';

let hidden = 0;

function conditions(alias: string, props: readonly PropertyCondition[], out: Expr[]): void {
  for (const p of props) {
    const range = p.range;
    out.push({
      kind: 'Binary',
      op: '==',
      left: {
        kind: 'Attr',
        target: { kind: 'Name', name: alias, range },
        name: p.key,
        range,
      },
      right: p.value,
      range,
    });
  }
}

function vertexStep(step: VertexStep, out: Expr[]): VertexStep {
  if (!step.props || step.props.length === 0) return step;
  const alias = step.alias ?? `__prop_v${++hidden}`;
  conditions(alias, step.props, out);
  return { ...step, alias, props: [] };
}

function edgeStep(step: EdgeStep, out: Expr[]): EdgeStep {
  if (!step.props || step.props.length === 0) return step;
  const alias = step.alias ?? `__prop_e${++hidden}`;
  conditions(alias, step.props, out);
  return { ...step, alias, props: [] };
}

/** The SELECT with its property maps moved into WHERE (the same node when it has none). */
export function withPropertyConditions(sel: Select): Select {
  const extra: Expr[] = [];
  const from: Pattern[] = sel.from.map((p) => ({
    ...p,
    source: vertexStep(p.source, extra),
    hops: p.hops.map((h) => ({
      ...h,
      edge: edgeStep(h.edge, extra),
      target: vertexStep(h.target, extra),
    })),
  }));
  if (extra.length === 0) return sel;
  const where = [...extra, ...(sel.where ? [sel.where] : [])].reduce((l, r) => ({
    kind: 'Binary',
    op: 'AND',
    left: l,
    right: r,
    range: r.range,
  }));
  return { ...sel, from, where };
}

/** Every vertex alias the FROM patterns declare. */
export function vertexAliases(sel: Select): Set<string> {
  const out = new Set<string>();
  for (const p of sel.from) {
    if (p.source.alias !== null) out.add(p.source.alias);
    for (const h of p.hops) if (h.target.alias !== null) out.add(h.target.alias);
  }
  return out;
}

/** The names (identifiers, deleted aliases) the nodes use. */
export function namesIn(nodes: readonly Node[]): Set<string> {
  const found = new Set<string>();
  for (const n of nodes)
    walk(n, {
      enter(node) {
        if (node.kind === 'Name') found.add(node.name);
        if (node.kind === 'DeleteAlias') found.add(node.alias);
      },
    });
  return found;
}

/**
 * SYNTAX v2 binds each POST-ACCUM clause to one vertex alias (the multiple hop patterns page,
 * POST-ACCUM clause; the syntax versions page): a clause naming two aliases, or an alias other
 * than the one written in `POST-ACCUM (a)`, is refused.
 */
function checkPostAccumAliases(c: CompileContext, sel: Select): void {
  const aliases = vertexAliases(sel);
  sel.postAccum.forEach((stmts, i) => {
    const bound = sel.postAccumAliases?.[i] ?? null;
    const named = [...namesIn(stmts)].filter((n) => aliases.has(n));
    const all = bound === null ? named : [...new Set([bound, ...named])];
    if (all.length > 1)
      c.error(
        stmts[0] ?? sel,
        'QUERY-BAD-CLAUSE',
        `a POST-ACCUM clause uses the vertex aliases ${all.join(' and ')}: in SYNTAX v2 each ` +
          'POST-ACCUM clause works on one vertex alias (write one clause per alias)',
      );
  });
}

/**
 * openCypher patterns (`(a:T)-[e:E]->(b)`) are accepted only in queries declared SYNTAX v3; with
 * another version, or none (the default is v2), they are a syntax error (the openCypher pattern
 * support page: "using cypher patterns with V2 or V1 syntax declaration leads to syntax error").
 */
export function checkCypherPatterns(c: CompileContext, from: readonly Pattern[]): void {
  if (c.syntax === 'v3') return;
  for (const p of from)
    if (p.cypher === true)
      c.error(
        p,
        'QUERY-SYNTAX-VERSION',
        'an openCypher pattern needs SYNTAX v3 ' +
          `(the query declares ${c.syntax === null ? 'no syntax version, so v2' : `SYNTAX ${c.syntax}`})`,
      );
}

/**
 * DELETE and UPDATE statements with a FROM clause take one hop (or a vertex set alone), in every
 * syntax version, even where a SELECT may take many (the syntax versions page, data modification
 * statements).
 */
export function checkOneHop(c: CompileContext, statement: string, from: readonly Pattern[]): void {
  const p = from[0];
  if (from.length === 1 && p && p.hops.length <= 1 && p.hops.every((h) => h.edge.repeat === null))
    return;
  c.error(
    p ?? undefined,
    'QUERY-BAD-CLAUSE',
    `the FROM clause of a ${statement} statement takes one hop; use a SELECT with ` +
      `DELETE() or attribute assignments in ACCUM / POST-ACCUM for longer patterns`,
  );
}

/**
 * Comma-separated patterns form one match table by natural joins on shared vertex aliases (the
 * conjunctive pattern matching page): every pattern must share an alias with the others, directly
 * or through a chain, or the tables cannot be joined and the FROM clause is refused.
 */
function checkJoinable(c: CompileContext, sel: Select): void {
  if (sel.from.length < 2) return;
  const aliasesOf = sel.from.map((p) => {
    const out = new Set<string>();
    const src = p.source.alias ?? (p.source.types.length === 1 ? p.source.types[0] : undefined);
    if (src !== undefined) out.add(src);
    for (const h of p.hops) if (h.target.alias !== null) out.add(h.target.alias);
    return out;
  });
  const joined = new Set(aliasesOf[0]);
  const pending = aliasesOf.slice(1);
  for (let grew = true; grew && pending.length > 0;) {
    grew = false;
    for (let i = pending.length - 1; i >= 0; i--) {
      const set = pending[i] as Set<string>;
      if (![...set].some((a) => joined.has(a))) continue;
      for (const a of set) joined.add(a);
      pending.splice(i, 1);
      grew = true;
    }
  }
  if (pending.length > 0)
    c.error(
      sel,
      'QUERY-BAD-CLAUSE',
      'the FROM patterns share no vertex alias, so their matches cannot be joined: each ' +
        'comma-separated pattern must name a vertex alias of another',
    );
}

/**
 * Problems of the FROM clause: an alias on a repeated edge (a variable number of edges cannot
 * bind one alias, the reference says), and what the declared syntax version does not allow.
 */
export function checkSyntaxVersion(c: CompileContext, sel: Select, cx: Cx): void {
  checkJoinable(c, sel);
  checkCypherPatterns(c, sel.from);
  for (const p of sel.from)
    for (const h of p.hops)
      if (h.edge.repeat !== null && h.edge.alias !== null)
        c.error(
          h.edge,
          'QUERY-SYNTAX',
          `edge alias ${h.edge.alias} on a repeated edge: a repetition (*) binds no alias`,
        );
  const version = c.syntax;
  if (version === 'v1') {
    const multi =
      sel.from.length > 1 ||
      sel.from.some((p) => p.hops.length > 1 || p.hops.some((h) => h.edge.repeat !== null));
    if (multi)
      c.error(
        sel,
        'QUERY-SYNTAX-VERSION',
        'SYNTAX v1 takes a one-hop step in FROM; multi-hop patterns need SYNTAX v2',
      );
    // v1 starts a step at a vertex set declared earlier (a seed), not at a vertex type.
    for (const p of sel.from)
      for (const name of p.source.types)
        if (c.isVertexType(name) && cx.scope.lookup(name) === undefined)
          c.error(
            p.source,
            'QUERY-SYNTAX-VERSION',
            `SYNTAX v1 starts FROM at a vertex set variable, not the vertex type ${name} ` +
              `(declare one: S = {${name}.*};)`,
          );
    return;
  }
  if (!patternReading(c)) return;
  checkPostAccumAliases(c, sel);
  for (const p of sel.from)
    for (const h of p.hops)
      if (h.edge.arrow !== 'none')
        c.error(
          h.edge,
          'QUERY-SYNTAX-VERSION',
          `SYNTAX v2 takes edge directions inside the parentheses (-(E>)- or -(<E)-), not ${
            h.edge.arrow === 'right' ? '-(E)->' : '<-(E)-'
          }`,
        );
}
