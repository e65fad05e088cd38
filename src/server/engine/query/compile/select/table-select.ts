// Select layer: the SQL-like SELECT (the SQL-like SELECT statement page), `SELECT [DISTINCT]
// col [AS name], ... INTO T FROM patterns [WHERE] [GROUP BY] [HAVING] [ORDER BY] [LIMIT]`. It
// fills the table T, a list of rows keyed by column name (PRINT T prints them; a vertex prints as
// its id). The FROM/WHERE match runs as an ordinary SELECT that hands every matched row's inputs
// here; then, as in SQL: rows are grouped (by GROUP BY, or implicitly by the columns that are not
// aggregated when some are: COUNT, SUM, AVG, MIN, MAX, each optionally DISTINCT; COUNT(*) counts
// rows), HAVING keeps groups, DISTINCT drops repeated rows, ORDER BY sorts, LIMIT cuts. HAVING
// and ORDER BY may name columns by their names, aggregate again, or use the FROM aliases (the
// group's first row). percentileCont(x, p) aggregates too (the aggregation-functions page's
// SELECT percentileCont(p.id, 0.4) INTO T, and openCypher's percentileCont), and collect(x),
// the list of a group's values, which only the openCypher translation writes (the ecosys
// openCypher tutorial's c15: COLLECT(e.amount) AS amounts). Only SYNTAX v2
// (and v3) has it; ACCUM and POST-ACCUM are not part of it.
import type {
  Call,
  Expr,
  Node,
  Pattern,
  Select,
  TableSelect,
} from '../../../../../core/gsql/index.js';
import { formatExpr } from '../../../../../core/gsql/index.js';
import { BUILTINS } from '../../functions.js';
import type { Run } from '../../run.js';
import { cmp, EdgeRef, num } from '../../runtime-values.js';
import { DOUBLE, INT, type T } from '../../types.js';
import type { CompileContext } from '../context/compile-context.js';
import { bothStmt, type Fn, NEXT, type CS, type Cx, Scope } from '../context/compile-types.js';
import { exprKey } from '../context/print-key.js';
import { compileExpr } from '../expressions/expr.js';
import type { CompileUpper } from '../statements/statement.js';
import { compileSelectCore, type SelectRunner } from './select.js';

/** Aggregate functions by name, with the number of arguments they take. */
const AGGREGATES = new Map([
  ['count', 1],
  ['sum', 1],
  ['avg', 1],
  ['min', 1],
  ['max', 1],
  ['percentilecont', 2],
  ['collect', 1],
]);

/** `COUNT(x)`, `sum(DISTINCT x)`, `count(*)`...: an aggregated column or HAVING/ORDER BY term. */
function aggregateOf(e: Node): Call | null {
  return e.kind === 'Call' && AGGREGATES.get(e.name.toLowerCase()) === e.args.length ? e : null;
}

/**
 * An aggregate: the row input it folds (-1: COUNT(*)), DISTINCT, its function, and the
 * arguments after the folded one (percentileCont's percent), evaluated once per group.
 */
interface Aggregate {
  readonly input: number;
  readonly distinct: boolean;
  readonly name: string;
  readonly extra: readonly Fn[];
}

/** A value HAVING and ORDER BY read: a column, an aggregate, or a row input of the group. */
type Leaf =
  | { readonly kind: 'column'; readonly index: number }
  | { readonly kind: 'aggregate'; readonly agg: Aggregate }
  | { readonly kind: 'row'; readonly input: number };

/** Every vertex and edge alias the FROM patterns declare. */
function fromAliases(from: readonly Pattern[]): Set<string> {
  const out = new Set<string>();
  for (const p of from) {
    const src = p.source.alias ?? (p.source.types.length === 1 ? p.source.types[0] : undefined);
    if (src !== undefined) out.add(src);
    for (const h of p.hops) {
      if (h.edge.alias !== null) out.add(h.edge.alias);
      if (h.target.alias !== null) out.add(h.target.alias);
    }
  }
  return out;
}

function mentions(e: Node, names: ReadonlySet<string>): boolean {
  if (e.kind === 'Name' && names.has(e.name)) return true;
  return childNodes(e).some((n) => mentions(n, names));
}

function hasAggregate(e: Node): boolean {
  return aggregateOf(e) !== null || childNodes(e).some(hasAggregate);
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && 'kind' in v && 'range' in v;
}

function childNodes(e: Node): Node[] {
  const out: Node[] = [];
  for (const [k, v] of Object.entries(e)) {
    if (k === 'range') continue;
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) for (const x of v) if (isNode(x)) out.push(x);
  }
  return out;
}

/** A copy of `e` with the nodes `swap` answers for replaced (it sees each node before its kids). */
function rewrite(e: Node, swap: (n: Node) => Node | null): Node {
  const done = swap(e);
  if (done) return done;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === 'range') copy[k] = v;
    else if (isNode(v)) copy[k] = rewrite(v, swap);
    else if (Array.isArray(v))
      copy[k] = (v as unknown[]).map((x) => (isNode(x) ? rewrite(x, swap) : x));
    else copy[k] = v;
  }
  return copy as unknown as Node;
}

/** A grouping key for one value. */
function keyOf(v: unknown): string {
  if (v instanceof EdgeRef) return `e:${v.name}:${v.slot}`;
  if (typeof v === 'object' && v !== null)
    return `o:${JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))}`;
  return `${typeof v}:${String(v)}`;
}

const rowKey = (vs: readonly unknown[]) => vs.map(keyOf).join('\u0001');

/** An aggregate's fold of a group's inputs. */
type Fold = (xs: unknown[], r: Run) => unknown;

export function compileTableSelect(
  c: CompileContext,
  s: TableSelect,
  cx: Cx,
  upper: CompileUpper,
): CS {
  if (c.syntax === 'v1')
    c.error(
      s,
      'QUERY-SYNTAX-VERSION',
      'the SQL-like SELECT ... INTO needs SYNTAX v2; this query declares v1',
    );
  const aliases = fromAliases(s.from);

  // The expressions evaluated on every matched row, each once.
  const inputs: Expr[] = [];
  const inputAt = new Map<string, number>();
  const input = (e: Expr): number => {
    const text = formatExpr(e);
    let i = inputAt.get(text);
    if (i === undefined) {
      i = inputs.length;
      inputs.push(e);
      inputAt.set(text, i);
    }
    return i;
  };
  const aggregateFor = (call: Call): Aggregate => {
    const arg = call.args[0] as Expr;
    return {
      input: arg.kind === 'Wildcard' ? -1 : input(arg),
      distinct: call.distinct,
      name: call.name.toLowerCase(),
      extra: call.args.slice(1).map((x) => compileExpr(c, x, cx).f),
    };
  };

  const columns = s.columns.map((col) => {
    const call = aggregateOf(col.expr);
    const name = col.alias ?? (col.expr.kind === 'Attr' ? col.expr.name : exprKey(col.expr));
    return call
      ? { name, agg: aggregateFor(call), input: -1 }
      : { name, agg: null, input: input(col.expr) };
  });
  const grouped = s.groupBy.length > 0 || columns.some((col) => col.agg !== null);
  // GROUP BY, or (implied) the columns that are not aggregated, left to right.
  const keys =
    s.groupBy.length > 0
      ? s.groupBy.map(input)
      : columns.filter((col) => col.agg === null).map((col) => col.input);

  // HAVING and ORDER BY read columns, aggregates and row inputs through synthetic variables.
  const leaves: Leaf[] = [];
  const leafName = (leaf: Leaf, at: Node): Expr => {
    leaves.push(leaf);
    return { kind: 'Name', name: `__table_${leaves.length - 1}`, range: at.range };
  };
  const columnNames = new Map(columns.map((col, i) => [col.name, i]));
  const withLeaves = (e: Expr): Expr =>
    rewrite(e, (n) => {
      const call = aggregateOf(n);
      if (call) return leafName({ kind: 'aggregate', agg: aggregateFor(call) }, n);
      if (n.kind === 'Name' && !aliases.has(n.name)) {
        const i = columnNames.get(n.name);
        if (i !== undefined) return leafName({ kind: 'column', index: i }, n);
      }
      if (mentions(n, aliases) && !hasAggregate(n))
        return leafName({ kind: 'row', input: input(n as Expr) }, n);
      return null;
    }) as Expr;
  const havingExpr = s.having ? withLeaves(s.having) : null;
  const orderExprs = s.orderBy.map((o) => ({
    expr: withLeaves(o.expr),
    desc: o.direction === 'DESC',
  }));

  // The match: an ordinary SELECT over the FROM patterns, handing each row's inputs here.
  const k = c.cacheSlot();
  const output = fromAliases(s.from.slice(0, 1)).values().next().value ?? '';
  const sel: Select = {
    kind: 'Select',
    range: s.range,
    output,
    distinct: false,
    from: s.from,
    sample: null,
    where: s.where,
    per: null,
    accum: null,
    postAccum: [],
    having: null,
    orderBy: [],
    limit: null,
  };
  const types: T[] = [];
  const match: SelectRunner = compileSelectCore(
    c,
    sel,
    cx,
    {
      statement: true,
      rows: { exprs: inputs, types, row: (r, values) => (r.cache[k] as unknown[][]).push(values) },
    },
    upper,
  );

  const aggType = (agg: Aggregate): T => {
    if (agg.name === 'count') return INT;
    if (agg.name === 'collect') return { k: 'list', el: types[agg.input] ?? INT };
    const b = BUILTINS.get(agg.name);
    const el = agg.input >= 0 ? (types[agg.input] ?? INT) : INT;
    return b ? b.type([{ k: 'list', el }, ...agg.extra.map(() => DOUBLE)]) : el;
  };
  const aggFn = (agg: Aggregate): Fold => {
    const b = BUILTINS.get(agg.name);
    const el = agg.input >= 0 ? (types[agg.input] ?? INT) : INT;
    const fn = b ? (b.forTypes?.([{ k: 'list', el }]) ?? b.fn) : null;
    return (xs, r) => {
      let vals = xs;
      if (agg.distinct) {
        const seen = new Set<string>();
        vals = xs.filter((x) => (seen.has(keyOf(x)) ? false : (seen.add(keyOf(x)), true)));
      }
      if (agg.name === 'count') return vals.length;
      if (agg.name === 'collect') return vals.slice();
      return fn ? fn([vals, ...agg.extra.map((f) => f(r))], r) : null;
    };
  };
  const colTypes = columns.map((col) => (col.agg ? aggType(col.agg) : (types[col.input] ?? INT)));

  // The table variable: declared query-wide by its first SELECT INTO (a loop may fill it again).
  const table: T = {
    k: 'list',
    el: {
      k: 'tuple',
      name: s.into,
      fields: columns.map((col, i) => ({ name: col.name, type: colTypes[i] as T })),
    },
  };
  let slot: number;
  const known = cx.scope.lookup(s.into);
  if (
    known?.kind === 'var' &&
    known.t.k === 'list' &&
    known.t.el.k === 'tuple' &&
    known.t.el.name === s.into
  )
    slot = known.slot;
  else {
    if (known) c.error(s, 'QUERY-DUPLICATE', `${s.into} is already declared`);
    slot = c.slot();
    c.root.map.set(s.into, { kind: 'var', slot, t: table, row: false });
  }

  // HAVING and ORDER BY over the synthetic variables.
  const leafScope = new Scope(cx.scope);
  const leafSlots = leaves.map((leaf, i) => {
    const t =
      leaf.kind === 'column'
        ? (colTypes[leaf.index] as T)
        : leaf.kind === 'aggregate'
          ? aggType(leaf.agg)
          : (types[leaf.input] ?? INT);
    const at = c.slot();
    leafScope.map.set(`__table_${i}`, { kind: 'var', slot: at, t, row: false });
    return at;
  });
  const leafCx: Cx = { scope: leafScope, mode: cx.mode, hoists: null };
  const having: Fn | null = havingExpr ? compileExpr(c, havingExpr, leafCx).f : null;
  const order = orderExprs.map((o) => ({ key: compileExpr(c, o.expr, leafCx).f, desc: o.desc }));
  const limit = s.limit ? compileExpr(c, s.limit.count, cx).f : null;
  const offset = s.limit?.offset ? compileExpr(c, s.limit.offset, cx).f : null;
  const colAggs = columns.map((col) => (col.agg ? aggFn(col.agg) : null));
  const leafAggs = leaves.map((leaf) => (leaf.kind === 'aggregate' ? aggFn(leaf.agg) : null));

  /** A group (or, ungrouped, one row): its first row and every row. */
  type Group = { first: unknown[]; rows: unknown[][] };
  const folded = (r: Run, g: Group, agg: Aggregate, fn: Fold) =>
    fn(agg.input < 0 ? g.rows.map(() => 1) : g.rows.map((row) => row[agg.input]), r);

  const finish = (r: Run): void => {
    const rows = (r.cache[k] as unknown[][]) ?? [];
    r.cache[k] = undefined;
    let groups: Group[];
    if (grouped) {
      const byKey = new Map<string, Group>();
      for (const row of rows) {
        const key = rowKey(keys.map((i) => row[i]));
        const g = byKey.get(key);
        if (g) g.rows.push(row);
        else byKey.set(key, { first: row, rows: [row] });
      }
      groups = [...byKey.values()];
    } else groups = rows.map((row) => ({ first: row, rows: [row] }));
    let out = groups.map((g) => {
      const values = columns.map((col, i) =>
        col.agg ? folded(r, g, col.agg, colAggs[i] as Fold) : g.first[col.input],
      );
      return { g, values };
    });
    const bind = (x: { g: Group; values: unknown[] }): void => {
      leaves.forEach((leaf, i) => {
        r.f[leafSlots[i] as number] =
          leaf.kind === 'column'
            ? x.values[leaf.index]
            : leaf.kind === 'aggregate'
              ? folded(r, x.g, leaf.agg, leafAggs[i] as Fold)
              : x.g.first[leaf.input];
      });
    };
    if (having)
      out = out.filter((x) => {
        bind(x);
        return Boolean(having(r));
      });
    if (s.distinct) {
      const seen = new Set<string>();
      out = out.filter((x) => {
        const key = rowKey(x.values);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }
    if (order.length > 0) {
      const keyed = out.map((x) => {
        bind(x);
        return { x, keys: order.map((o) => o.key(r)) };
      });
      keyed.sort((a, b) => {
        for (let i = 0; i < order.length; i++) {
          const d = cmp(a.keys[i], b.keys[i]);
          if (d !== 0) return order[i]?.desc ? -d : d;
        }
        return 0;
      });
      out = keyed.map((y) => y.x);
    }
    if (limit) {
      const start = offset ? Math.max(0, num(offset(r))) : 0;
      out = out.slice(start, start + Math.max(0, num(limit(r))));
    }
    r.f[slot] = out.map((x) => {
      const o: Record<string, unknown> = {};
      columns.forEach((col, i) => {
        o[col.name] = x.values[i];
      });
      return o;
    });
  };
  return bothStmt(
    (r) => {
      r.cache[k] = [];
      match.sync(r);
      finish(r);
      return NEXT;
    },
    async (r) => {
      r.cache[k] = [];
      await match.async(r);
      finish(r);
      return NEXT;
    },
  );
}
