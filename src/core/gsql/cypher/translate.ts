// openCypher bodies as GSQL statements, so that the engine's own machinery runs them: MATCH
// patterns become the FROM patterns of one SQL-like `SELECT ... INTO T` (property maps become
// WHERE conditions), WITH items are substituted into the clauses after them (a WITH that
// aggregates or is DISTINCT becomes the grouping of that SELECT, and a WHERE after it its
// HAVING), and RETURN gives the SELECT's columns, DISTINCT, ORDER BY and SKIP/LIMIT, printed
// with `PRINT T`. As the real service prints them (tigergraph/ecosys, the openCypher tutorial's
// recorded outputs): the table is named T, T_1, T_2... by how many tables the query's WITH and
// RETURN clauses make (a RETURN of exactly the previous WITH's columns makes none); a RETURN
// right after MATCH of one vertex variable prints as the vertex set VS_XXX with that variable,
// as its id, as the only attribute (aggregates beside it become attributes too). DELETE and SET
// after MATCH become one SELECT over the match whose ACCUM deletes (a vertex with its edges, as
// GSQL deletes) and sets edge properties, and whose POST-ACCUM sets vertex properties; such a
// query prints nothing. Shapes the translation cannot give the documented meaning
// are refused at the clause (GSQL-UNSUPPORTED), as the reference's list of unsupported syntax
// does (a MATCH after an aggregating WITH, path variables, ...).
import type { Expr } from '../ast/expr.js';
import type { DmlStmt, Print, PrintProjection, QueryStmt, SelectStmt } from '../ast/query.js';
import type {
  LimitClause,
  OrderItem,
  Pattern,
  TableColumn,
  TableSelect,
  VertexStep,
} from '../ast/select.js';
import { SyntaxBail } from '../parser/cursor.js';
import type { Range } from '../tokens.js';
import type { CypherDelete, CypherItem, CypherProjection, CypherQuery, CypherSet } from './ast.js';
import { and, containsAggregate, isAggregate, mapExpr } from './rewrite.js';

/** A name bound by MATCH or WITH: what it stands for, and whether that is an aggregate. */
interface Binding {
  readonly expr: Expr;
  readonly aggregate: boolean;
}

function refuse(range: Range, what: string): never {
  throw new SyntaxBail({
    severity: 'error',
    code: 'GSQL-UNSUPPORTED',
    message: `${what} is not supported in openCypher queries`,
    range,
  });
}

class Translation {
  private readonly patterns: Pattern[] = [];
  /** Every vertex and edge alias of the FROM patterns. */
  private readonly aliases = new Set<string>();
  private readonly vertexAliases = new Set<string>();
  private env = new Map<string, Binding>();
  private readonly where: Expr[] = [];
  private readonly having: Expr[] = [];
  /** The grouping keys of an aggregating or DISTINCT WITH; null before any. */
  private groupKeys: Expr[] | null = null;
  /** ORDER BY / SKIP / LIMIT of the last WITH, applied to the final rows. */
  private pending: CypherProjection | null = null;
  private lastWith: readonly string[] | null = null;
  private tables = 0;
  private fresh = 0;
  /** The ACCUM statements of DELETE and SET clauses. */
  private readonly writes: DmlStmt[] = [];
  /** The POST-ACCUM statements of SET clauses, by the vertex alias they write. */
  private readonly vertexWrites = new Map<string, DmlStmt[]>();

  constructor(private readonly query: CypherQuery) {}

  run(): QueryStmt[] {
    const out: QueryStmt[] = [];
    for (const clause of this.query.clauses) {
      switch (clause.kind) {
        case 'CypherMatch':
          if (this.groupKeys !== null) refuse(clause.range, 'a MATCH after a WITH that aggregates');
          if (this.pending !== null)
            refuse(clause.range, 'a MATCH after a WITH with ORDER BY, SKIP or LIMIT');
          for (const p of clause.patterns) {
            this.patterns.push(this.pattern(p));
            this.refuseDisconnected(p.range);
          }
          if (clause.where) this.where.push(this.bind(clause.where));
          break;
        case 'CypherWith':
          this.with(clause);
          break;
        case 'CypherReturn':
          if (this.writes.length > 0 || this.vertexWrites.size > 0)
            refuse(clause.range, 'a RETURN after SET or DELETE');
          out.push(...this.ret(clause));
          break;
        case 'CypherDelete':
        case 'CypherSet':
          this.write(clause);
          break;
      }
    }
    if (this.writes.length > 0 || this.vertexWrites.size > 0) out.push(this.writeStatement());
    return out;
  }

  /** DELETE and SET: statements of every match, run in the ACCUM of one SELECT. */
  private write(w: CypherDelete | CypherSet): void {
    if (this.groupKeys !== null || this.pending !== null || this.lastWith !== null)
      refuse(w.range, `${w.kind === 'CypherSet' ? 'SET' : 'DELETE'} after WITH`);
    if (w.kind === 'CypherDelete') {
      for (const t of w.targets) {
        const bound = this.bind(t);
        if (bound.kind !== 'Name' || !this.aliases.has(bound.name))
          refuse(t.range, 'deleting something other than a matched node or relationship');
        this.writes.push({ kind: 'DeleteAlias', alias: bound.name, range: t.range });
      }
      return;
    }
    for (const item of w.items) {
      const target = this.bind(item.target);
      if (
        target.kind !== 'Attr' ||
        target.target.kind !== 'Name' ||
        !this.aliases.has(target.target.name)
      )
        refuse(item.target.range, 'setting something other than a property of a match');
      const value = this.bind(item.value);
      const assign: DmlStmt = { kind: 'Assign', target, op: '=', value, range: item.target.range };
      const alias = target.target.name;
      if (!this.vertexAliases.has(alias)) {
        this.writes.push(assign);
        continue;
      }
      // GSQL assigns vertex attributes after the matches (POST-ACCUM), one vertex at a time:
      // the value may read that vertex and the parameters, not the rest of the match.
      const others: string[] = [];
      mapExpr(value, (x) => {
        if (x.kind === 'Name' && this.aliases.has(x.name) && x.name !== alias) others.push(x.name);
        return null;
      });
      if (others.length > 0)
        refuse(
          item.value.range,
          `setting a property of ${alias} from another variable (${others.join(', ')})`,
        );
      const clause = this.vertexWrites.get(alias) ?? [];
      clause.push(assign);
      this.vertexWrites.set(alias, clause);
    }
  }

  private writeStatement(): SelectStmt {
    const [first] = this.patterns;
    if (first === undefined) return refuse(zero, 'SET or DELETE without MATCH');
    let output = [...this.vertexAliases][0];
    if (output === undefined) {
      output = this.declare(this.freshAlias(), '', true);
      this.env.delete('');
      this.patterns[0] = { ...first, source: { ...first.source, alias: output } };
    }
    const range = this.writes[0]?.range ?? [...this.vertexWrites.values()][0]?.[0]?.range ?? zero;
    const post = [...this.vertexWrites];
    return {
      kind: 'SelectStmt',
      target: this.freshAlias(),
      select: {
        kind: 'Select',
        output,
        distinct: false,
        from: this.patterns,
        sample: null,
        where: and(this.where),
        per: null,
        accum: this.writes.length > 0 ? this.writes : null,
        postAccum: post.map(([, stmts]) => stmts),
        ...(post.length > 0 ? { postAccumAliases: post.map(([alias]) => alias) } : {}),
        having: null,
        orderBy: [],
        limit: null,
        range,
      },
      range,
    };
  }

  /**
   * Every pattern must share a vertex variable with the ones before it: the reference lists
   * disconnected pattern fragments (`MATCH (x:T), (y:T)`), and a MATCH not going on from the
   * preceding WITH's variables, as not supported.
   */
  private refuseDisconnected(at: Range): void {
    const last = this.patterns.at(-1);
    if (last === undefined || this.patterns.length === 1) return;
    const mine = vertexAliasesOf(last);
    const before = new Set(this.patterns.slice(0, -1).flatMap(vertexAliasesOf));
    if (!mine.some((a) => before.has(a)))
      refuse(at, 'a pattern that shares no node variable with the patterns before it');
  }

  /** A new alias that no name of the query uses. */
  private freshAlias(): string {
    let name: string;
    do name = `_cypher${++this.fresh}`;
    while (this.aliases.has(name) || this.env.has(name));
    return name;
  }

  /** A step's alias as the FROM clause knows it: bound names reused, new ones declared. */
  private stepAlias(alias: string | null, vertex: boolean, at: Range): string | null {
    if (alias === null) return null;
    const bound = this.env.get(alias);
    if (bound) {
      if (vertex && bound.expr.kind === 'Name' && this.vertexAliases.has(bound.expr.name))
        return bound.expr.name;
      // An edge variable named again starts a new edge (the ecosys tutorial's c12).
      if (!vertex && bound.expr.kind === 'Name' && this.aliases.has(bound.expr.name))
        return this.declare(this.freshAlias(), alias, vertex);
      refuse(at, `a pattern variable bound to a value (${alias})`);
    }
    // A name a WITH left behind is a new variable of this MATCH.
    return this.declare(this.aliases.has(alias) ? this.freshAlias() : alias, alias, vertex);
  }

  private declare(name: string, written: string, vertex: boolean): string {
    this.aliases.add(name);
    if (vertex) this.vertexAliases.add(name);
    this.env.set(written, { expr: { kind: 'Name', name, range: zero }, aggregate: false });
    return name;
  }

  /** A property map `{k: v}` as `alias.k == v` conditions. */
  private props(alias: string, props: VertexStep['props'], at: Range): void {
    for (const p of props ?? []) {
      const target: Expr = { kind: 'Name', name: alias, range: at };
      this.where.push({
        kind: 'Binary',
        op: '==',
        left: { kind: 'Attr', target, name: p.key, range: p.range },
        right: this.bind(p.value),
        range: p.range,
      });
    }
  }

  private vertexStep(s: VertexStep): VertexStep {
    let alias = this.stepAlias(s.alias, true, s.range);
    if (alias === null && s.props) alias = this.declare(this.freshAlias(), '', true);
    if (alias !== null) this.props(alias, s.props, s.range);
    if (s.alias === null && alias !== null) this.env.delete('');
    return { kind: 'VertexStep', types: s.types, alias, range: s.range };
  }

  private pattern(p: Pattern): Pattern {
    const source = this.vertexStep(p.source);
    const hops = p.hops.map((h) => {
      if (h.edge.repeat !== null && h.edge.alias !== null)
        refuse(h.edge.range, 'a variable on a variable-length relationship');
      let alias = this.stepAlias(h.edge.alias, false, h.edge.range);
      if (alias === null && h.edge.props) {
        alias = this.declare(this.freshAlias(), '', false);
        this.env.delete('');
      }
      if (alias !== null) this.props(alias, h.edge.props, h.edge.range);
      // `-[e:E]-` follows E either way; GSQL's `-(E)-` follows only an undirected E, so a typed
      // relationship without arrowhead is each type out and in (`E>|<E`; the engine walks an
      // undirected E once). Without types, `-(:e)-` already means every edge either way.
      const types = h.edge.types.flatMap((t) =>
        t.direction === 'any'
          ? [
              { ...t, direction: 'out' as const },
              { ...t, direction: 'in' as const },
            ]
          : [t],
      );
      const edge = { ...h.edge, alias, types };
      delete (edge as { props?: unknown }).props;
      return { ...h, edge, target: this.vertexStep(h.target) };
    });
    return { kind: 'Pattern', source, hops, range: p.range };
  }

  /** An expression with the names bound by MATCH and WITH replaced by what they stand for. */
  private bind(e: Expr, env: ReadonlyMap<string, Binding> = this.env): Expr {
    return mapExpr(e, (x) => {
      if (x.kind === 'ColumnRef' && typeof x.column === 'string')
        return { kind: 'Name', name: x.column, range: x.range };
      if (x.kind !== 'Name') return null;
      const b = env.get(x.name);
      if (b) return { ...b.expr, range: x.range };
      // A variable of an earlier MATCH that a WITH did not pass on is out of scope.
      if (this.aliases.has(x.name))
        throw new SyntaxBail({
          severity: 'error',
          code: 'GSQL-SYNTAX',
          message: `variable ${x.name} is not defined here (a WITH did not pass it on)`,
          range: x.range,
        });
      return null;
    });
  }

  /** Does `e` name anything a WITH bound to another expression? */
  private rebinds(e: Expr): boolean {
    let found = false;
    mapExpr(e, (x) => {
      if (x.kind !== 'Name') return null;
      const b = this.env.get(x.name);
      if (b && !(b.expr.kind === 'Name' && b.expr.name === x.name)) found = true;
      return null;
    });
    return found;
  }

  private itemName(item: CypherItem, clause: string): string {
    if (item.alias !== null) return item.alias;
    if (item.expr.kind === 'Name') return item.expr.name;
    if (clause === 'WITH')
      throw new SyntaxBail({
        severity: 'error',
        code: 'GSQL-SYNTAX',
        message: 'an expression in WITH must be aliased (use AS)',
        range: item.range,
      });
    return item.text;
  }

  private with(w: CypherProjection): void {
    if (this.patterns.length === 0) refuse(w.range, 'a WITH before any MATCH');
    if (this.groupKeys !== null) refuse(w.range, 'a WITH after a WITH that aggregates');
    if (this.pending !== null) refuse(w.range, 'a WITH after a WITH with ORDER BY, SKIP or LIMIT');
    const next = new Map<string, Binding>();
    const names: string[] = [];
    let aggregating = w.distinct;
    for (const item of w.items) {
      const expr = this.bind(item.expr);
      const aggregate = isAggregate(expr);
      if (!aggregate && containsAggregate(expr))
        refuse(item.range, 'an expression over an aggregate');
      aggregating ||= aggregate;
      const name = this.itemName(item, 'WITH');
      if (next.has(name))
        throw new SyntaxBail({
          severity: 'error',
          code: 'GSQL-SYNTAX',
          message: `WITH names ${name} twice`,
          range: item.range,
        });
      next.set(name, { expr, aggregate });
      names.push(name);
    }
    if (aggregating)
      this.groupKeys = [...next.values()].filter((b) => !b.aggregate).map((b) => b.expr);
    this.env = next;
    if (w.where) (aggregating ? this.having : this.where).push(this.bind(w.where));
    if (w.orderBy.length > 0 || w.skip !== null || w.limit !== null)
      this.pending = { ...w, orderBy: w.orderBy.map((o) => ({ ...o, expr: this.bind(o.expr) })) };
    this.tables++;
    this.lastWith = names;
  }

  private ret(r: CypherProjection): QueryStmt[] {
    if (this.patterns.length === 0) refuse(r.range, 'a RETURN without MATCH');
    const names = r.items.map((item) => this.itemName(item, 'RETURN'));
    const passThrough =
      !r.distinct &&
      this.lastWith !== null &&
      names.length === this.lastWith.length &&
      r.items.every(
        (item, i) =>
          item.expr.kind === 'Name' &&
          item.expr.name === this.lastWith?.[i] &&
          names[i] === item.expr.name,
      );
    if (!passThrough) this.tables++;
    const bound = r.items.map((item) => this.bind(item.expr));
    bound.forEach((e, i) => {
      if (!isAggregate(e) && containsAggregate(e))
        refuse((r.items[i] as CypherItem).range, 'an expression over an aggregate');
      if (
        this.groupKeys !== null &&
        isAggregate(e) &&
        this.env.get(names[i] ?? '')?.aggregate !== true
      )
        refuse((r.items[i] as CypherItem).range, 'an aggregate over a WITH that aggregates');
    });
    if (this.pending !== null && (r.orderBy.length > 0 || r.skip !== null || r.limit !== null))
      refuse(r.range, 'ORDER BY, SKIP or LIMIT in both WITH and RETURN');
    const shaping = this.pending ?? r;
    // ORDER BY may name the RETURN's columns; anything else is bound as usual.
    const returned = new Set(names);
    // (The WITH's own were bound when it was read.)
    const orderBy: OrderItem[] =
      this.pending !== null
        ? [...this.pending.orderBy]
        : r.orderBy.map((o) => ({
            ...o,
            expr: mapExpr(o.expr, (x) =>
              x.kind === 'Name' && returned.has(x.name)
                ? x
                : x.kind === 'Name'
                  ? this.bind(x)
                  : null,
            ),
          }));
    const limit = this.limit(shaping);
    const columns: TableColumn[] = r.items.map((item, i) => {
      const expr = bound[i] as Expr;
      // Unaliased, a column is named as the engine names it (an attribute by its name), unless
      // WITH names stand in it: then by the text as written.
      const alias =
        item.alias ??
        (item.expr.kind === 'Name' || this.rebinds(item.expr) ? (names[i] ?? null) : null);
      return { kind: 'TableColumn', expr, alias, range: item.range };
    });
    // Two columns of one name would print as one key: refused, as openCypher refuses them.
    const keys = new Set<string>();
    for (const col of columns) {
      const key = col.alias ?? (col.expr.kind === 'Attr' ? col.expr.name : null);
      if (key === null) continue;
      if (keys.has(key))
        throw new SyntaxBail({
          severity: 'error',
          code: 'GSQL-SYNTAX',
          message: `two returned columns are named ${key} (name one with AS)`,
          range: col.range,
        });
      keys.add(key);
    }
    const vertexSet = this.vertexSetReturn(r, bound);
    const into = vertexSet ? 'VS_XXX' : this.tables <= 1 ? 'T' : `T_${this.tables - 1}`;
    const select: TableSelect = {
      kind: 'TableSelect',
      // One vertex per row: without aggregates, a vertex matched again is the same row.
      distinct: r.distinct || (vertexSet && !bound.some(isAggregate)),
      columns,
      into,
      from: this.patterns,
      where: and(this.where),
      groupBy: this.groupKeys ?? [],
      having: and(this.having),
      orderBy,
      limit,
      range: r.range,
    };
    if (vertexSet) {
      const table: Expr = { kind: 'Name', name: into, range: r.range };
      const projection = names.map((name): PrintProjection => ({
        kind: 'PrintProjection',
        expr: { kind: 'Attr', target: table, name, range: r.range },
        alias: name,
        range: r.range,
      }));
      return [
        { ...select, columns: columns.map((c, i) => ({ ...c, alias: names[i] ?? null })) },
        print(into, projection, r.range),
      ];
    }
    return [select, print(into, null, r.range)];
  }

  private limit(p: CypherProjection): LimitClause | null {
    if (p.skip === null && p.limit === null) return null;
    const everything: Expr = {
      kind: 'IntLit',
      text: String(Number.MAX_SAFE_INTEGER),
      value: Number.MAX_SAFE_INTEGER,
      range: p.range,
    };
    return {
      kind: 'Limit',
      count: p.limit ? this.bind(p.limit) : everything,
      offset: p.skip ? this.bind(p.skip) : null,
      range: p.range,
    };
  }

  /**
   * A RETURN right after MATCH whose only item that is no aggregate is one vertex variable
   * (`RETURN a`, `RETURN b, sum(e.x) AS s`): the reference prints it as the vertex set VS_XXX,
   * that vertex (as its id) and the aggregates as each vertex's attributes.
   */
  private vertexSetReturn(r: CypherProjection, bound: readonly Expr[]): boolean {
    if (this.lastWith !== null || r.distinct) return false;
    const plain = bound.filter((e) => !isAggregate(e));
    const [only] = plain;
    return (
      plain.length === 1 &&
      only?.kind === 'Name' &&
      this.vertexAliases.has(only.name) &&
      bound[0] === only
    );
  }
}

function vertexAliasesOf(p: Pattern): string[] {
  return [p.source, ...p.hops.map((h) => h.target)].flatMap((s) =>
    s.alias === null ? [] : [s.alias],
  );
}

const zero: Range = {
  start: { offset: 0, line: 1, column: 1 },
  end: { offset: 0, line: 1, column: 1 },
};

function print(
  name: string,
  projection: Print['items'][number]['projection'],
  range: Range,
): Print {
  return {
    kind: 'Print',
    items: [
      { kind: 'PrintItem', expr: { kind: 'Name', name, range }, projection, alias: null, range },
    ],
    where: null,
    toCsv: null,
    range,
  };
}

/** The GSQL statements that compute and print what an openCypher body returns. */
export function translateCypher(q: CypherQuery): QueryStmt[] {
  return new Translation(q).run();
}
