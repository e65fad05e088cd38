// Select layer: SELECT blocks, the FROM pattern (classic and pattern forms, multi-hop, `*min..max`
// repeats), WHERE, ACCUM with its snapshot semantics (inputs deferred to the end of the clause),
// POST-ACCUM per distinct vertex of one alias, HAVING, ORDER BY and LIMIT. Rows are enumerated
// straight off the adjacency arrays; the loop yields to the event loop when its time slice is used
// up.
import { type Expr, type Node, type Select, walk } from '../../../../../core/gsql/index.js';
import { Scope, type Cx, type SyncStmt } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import { EdgeRef, num, VSet, vid, vslotOf, vtypeOf } from '../../runtime-values.js';
import {
  reachable,
  literalType,
  sourceOf,
  type TargetFilter,
  targetFilter,
  targetHasSets,
} from './sources.js';
import { jitSelect, type JitSelect } from './jit.js';
import { atOnceAccums } from './at-once.js';
import { orderAndLimit } from './order-limit.js';
import { checkClauseRules } from './clause-rules.js';
import { checkSyntaxVersion, withPropertyConditions } from './pattern-rules.js';
import { inferredSource, stepWalks } from './pattern-edges.js';
import { checkPer, perGate } from './per.js';
import { withTypeGuards } from './type-guards.js';
import { aliasSteps, whereStages } from './where-stages.js';
import { type Walk, type Visit, walkEdges, Collector } from '../context/edge-walk.js';
import { EDGE, type T } from '../../types.js';
import { noIds, type VertexIds } from '../../vertex-ids.js';
import { compileExpr } from '../expressions/expr.js';
import { compileBlock, type CompileUpper } from '../statements/statement.js';

interface PatternPlan {
  readonly source: ReturnType<typeof sourceOf>;
  readonly srcSlot: number;
  /** The source alias was bound by an earlier pattern. */
  readonly srcBound: boolean;
  readonly hops: HopPlan[];
}

interface HopPlan {
  readonly walks: (r: Run) => Walk[];
  readonly filter: (r: Run) => TargetFilter;
  /** The filter may test membership in a vertex set (targetHasSets). */
  readonly sets: boolean;
  readonly targetSlot: number;
  /** The target alias was bound earlier: the far end must be that vertex. */
  readonly targetBound: boolean;
  readonly edgeSlot: number;
  readonly repeat: { min: number; max: number } | null;
}

function namesIn(nodes: readonly (Node | null | undefined)[]): Set<string> {
  const found = new Set<string>();
  for (const n of nodes) {
    if (!n) continue;
    walk(n, {
      enter(node) {
        if (node.kind === 'Name') found.add(node.name);
        if (node.kind === 'DeleteAlias') found.add(node.alias);
      },
    });
  }
  return found;
}

export interface SelectOptions {
  /** DELETE / UPDATE: the output alias may be any alias; the result is not needed. */
  readonly statement?: boolean;
  /**
   * The SQL-like SELECT (table-select.ts): `exprs` are evaluated on every matched row (after
   * WHERE) and handed to `row`; their static types are pushed to `types` as they compile.
   */
  readonly rows?: {
    readonly exprs: readonly Expr[];
    readonly types: T[];
    readonly row: (r: Run, values: unknown[]) => void;
  };
}

/** A compiled SELECT: run to completion, or run yielding to the event loop. */
export interface SelectRunner {
  readonly sync: (r: Run) => VSet;
  readonly async: (r: Run) => Promise<VSet>;
}

export function compileSelect(
  c: CompileContext,
  sel: Select,
  cx: Cx,
  upper: CompileUpper,
): SelectRunner {
  return compileSelectCore(c, sel, cx, {}, upper);
}

/** Drives a SELECT generator: it yields every few thousand rows. */
function runners(gen: (r: Run) => Generator<undefined, VSet, undefined>): SelectRunner {
  return {
    sync(r) {
      const g = gen(r);
      for (let x = g.next(); ; x = g.next()) {
        if (x.done) return x.value;
        r.check();
      }
    },
    async async(r) {
      const g = gen(r);
      for (let x = g.next(); ; x = g.next()) {
        if (x.done) return x.value;
        if (r.overBudget()) await r.pause();
      }
    },
  };
}

export function compileSelectCore(
  c: CompileContext,
  written: Select,
  cx: Cx,
  opts: SelectOptions,
  upper: CompileUpper,
): SelectRunner {
  checkSyntaxVersion(c, written, cx);
  checkPer(c, written);
  checkClauseRules(c, written, opts.statement ? "an UPDATE statement's SET clause" : undefined);
  const sel = withTypeGuards(c, withPropertyConditions(written));
  const scope = new Scope(cx.scope);
  const aliasSlots = new Map<string, number>();
  const vertexAliases = new Set<string>();
  const bindAlias = (name: string | null, t: T): number => {
    const known = name ? aliasSlots.get(name) : undefined;
    if (known !== undefined) return known;
    const slot = c.slot();
    if (name) {
      scope.map.set(name, { kind: 'alias', slot, t });
      aliasSlots.set(name, slot);
      if (t.k === 'vertex') vertexAliases.add(name);
    }
    return slot;
  };

  const used = namesIn([
    sel.where,
    ...(sel.accum ?? []),
    ...sel.postAccum.flat(),
    sel.having,
    ...sel.orderBy,
    ...(opts.rows?.exprs ?? []),
  ]);

  // Each comma-separated pattern in turn; an alias named again in a later pattern must be the
  // vertex it was bound to (a join on that alias).
  const plans: PatternPlan[] = sel.from.map((pattern) => {
    const src = pattern.source;
    const srcAlias = src.alias ?? (src.types.length === 1 ? (src.types[0] as string) : null);
    const srcBound = srcAlias !== null && aliasSlots.has(srcAlias);
    const source = sourceOf(c, src, cx);
    const srcSlot = bindAlias(srcAlias, { k: 'vertex', vt: literalType(c, src) });
    const hops: HopPlan[] = pattern.hops.map((hop) => {
      const edge = hop.edge;
      const walks = stepWalks(c, edge, cx);
      const edgeSlot = edge.alias && used.has(edge.alias) ? bindAlias(edge.alias, EDGE) : -1;
      if (edge.alias && edgeSlot < 0) bindAlias(edge.alias, EDGE);
      const filter = targetFilter(c, hop.target, cx);
      const sets = targetHasSets(c, hop.target, cx);
      const targetBound = hop.target.alias !== null && aliasSlots.has(hop.target.alias);
      const targetSlot = bindAlias(hop.target.alias, {
        k: 'vertex',
        vt: literalType(c, hop.target),
      });
      // `E*` and `E*..n` repeat from zero times (the reference's "repeating a pattern" page).
      const repeat = edge.repeat
        ? { min: edge.repeat.min ?? 0, max: edge.repeat.max ?? Infinity }
        : null;
      return { walks, filter, sets, targetSlot, targetBound, edgeSlot, repeat };
    });
    // An untyped source starts where the first edge step can (pattern-edges.ts).
    const first = hops[0];
    if (src.types.length === 0 && first)
      return { source: inferredSource(c, first.walks), srcSlot, srcBound, hops };
    return { source, srcSlot, srcBound, hops };
  });
  const first = plans[0] as PatternPlan;
  const source = first.source;
  const srcSlot = first.srcSlot;
  // Every hop of every pattern, in order, with where it leads.
  const flat: { hop: HopPlan; pattern: number; last: boolean }[] = [];
  const firstHop: number[] = [];
  plans.forEach((p, pi) => {
    firstHop.push(p.hops.length > 0 ? flat.length : -1);
    p.hops.forEach((hop, i) => flat.push({ hop, pattern: pi, last: i + 1 === p.hops.length }));
  });
  const hops = flat.map((x) => x.hop);

  const atOnce = atOnceAccums(c, sel.where, sel.accum);
  const inner: Cx = { scope, mode: 'accum', hoists: null, atOnce };
  // One pattern: each WHERE condition is tested at the first step binding its aliases.
  const stages =
    plans.length === 1 && !sel.sample
      ? whereStages(
          sel.where,
          aliasSteps(aliasSlots, srcSlot, hops),
          hops.length,
          (e) => compileExpr(c, e, { ...inner, mode: 'post' }).f,
        )
      : null;
  const where = stages
    ? (stages[hops.length] ?? null)
    : sel.where
      ? compileExpr(c, sel.where, { ...inner, mode: 'post' }).f
      : null;
  // SAMPLE n[%] EDGE|TARGET WHEN cond (SELECT page, SAMPLE): a source vertex meeting cond walks
  // at most n (or n%, rounded up) of the first hop's edges that match the whole FROM step (edge
  // type and target type); with TARGET, at most n of its distinct targets, each with every edge
  // to it. A source not meeting cond walks all its edges. The first ones in adjacency order are
  // taken, so runs are repeatable (the real service picks them at random); the documented
  // guarantees (sizes, a subset of the FROM's edges) hold either way.
  const sample = sel.sample
    ? {
        size: compileExpr(c, sel.sample.size, { ...inner, mode: 'post' }).f,
        when: compileExpr(c, sel.sample.when, { ...inner, mode: 'post' }).f,
        percent: sel.sample.percent,
        targets: sel.sample.on === 'TARGET',
      }
    : null;
  if (sample && first.hops.length === 0)
    c.error(sel, 'QUERY-UNSUPPORTED', 'SAMPLE needs an edge in the FROM pattern');
  const accum = sel.accum ? compileBlock(c, sel.accum, inner, upper) : null;
  const rows = opts.rows;
  const rowExprs = rows
    ? rows.exprs.map((e) => {
        const x = compileExpr(c, e, { ...inner, mode: 'post' });
        rows.types.push(x.t);
        return x.f;
      })
    : null;
  const emit =
    rows && rowExprs
      ? (r: Run) => {
          const values = rowExprs.map((e) => e(r));
          rows.row(r, values);
        }
      : null;
  const accumSync = accum?.sync ?? null;

  const outputSlot = aliasSlots.get(sel.output);
  if (outputSlot === undefined || (!opts.statement && !vertexAliases.has(sel.output)))
    c.error(
      sel,
      'QUERY-UNKNOWN-VARIABLE',
      `SELECT ${sel.output}: not a vertex alias of the FROM clause`,
    );

  // Each POST-ACCUM clause runs once per distinct vertex of one alias: the one written in
  // `POST-ACCUM (a)`, else the vertex alias the clause names, else the SELECT's output. A clause
  // whose statements name different aliases (the classic syntax allows it, e.g.
  // `POST_ACCUM s.@x.clear(), t.@y = 1`) runs as one pass per run of statements on one alias.
  const aliasOf = (refs: Set<string>) => [...vertexAliases].find((a) => refs.has(a));
  const groups = sel.postAccum.flatMap((stmts, i) => {
    const bound = sel.postAccumAliases?.[i] ?? null;
    if (bound !== null && !vertexAliases.has(bound))
      c.error(
        stmts[0] ?? sel,
        'QUERY-UNKNOWN-VARIABLE',
        `POST-ACCUM (${bound}): not a vertex alias of the FROM clause`,
      );
    if (bound !== null) return [{ alias: bound, stmts }];
    const out: { alias: string; stmts: typeof stmts }[] = [];
    for (const stmt of stmts) {
      const alias = aliasOf(namesIn([stmt])) ?? out.at(-1)?.alias ?? aliasOf(namesIn(stmts));
      const last = out.at(-1);
      if (last && (alias === undefined || last.alias === alias)) last.stmts = [...last.stmts, stmt];
      else out.push({ alias: alias ?? sel.output, stmts: [stmt] });
    }
    return out;
  });
  const posts = groups.map((g) => {
    const body = compileBlock(c, g.stmts, { scope, mode: 'post', hoists: null }, upper);
    return { slot: aliasSlots.get(g.alias) ?? -1, body: body.sync, stmts: g.stmts };
  });
  const bodyCx: Cx = { scope, mode: 'post', hoists: null };
  // HAVING tests the selected vertices only (the real service: "The SELECT block selects src,
  // but the HAVING clause uses tgt", SEM-50).
  if (sel.having) {
    const other = [...namesIn([sel.having])].find((n) => aliasSlots.has(n) && n !== sel.output);
    if (other !== undefined)
      c.error(
        sel.having,
        'QUERY-BAD-CLAUSE',
        `the SELECT selects ${sel.output}, but the HAVING clause uses ${other}`,
      );
  }
  const having = sel.having ? compileExpr(c, sel.having, bodyCx).f : null;
  const order = sel.orderBy.map((o) => ({
    key: compileExpr(c, o.expr, bodyCx).f,
    desc: o.direction === 'DESC',
  }));
  // An offset needs a known order (SELECT page, LIMIT: OFFSET without ORDER BY is a compile error).
  if (sel.limit?.offset && sel.orderBy.length === 0)
    c.error(sel.limit, 'QUERY-BAD-CLAUSE', 'LIMIT with an offset needs an ORDER BY clause');
  const limit = sel.limit ? compileExpr(c, sel.limit.count, bodyCx).f : null;
  const offset = sel.limit?.offset ? compileExpr(c, sel.limit.offset, bodyCx).f : null;
  // A LIMIT that nothing after the matching could tell from a shorter matching (no ACCUM,
  // POST-ACCUM, ORDER BY, HAVING, PER, table rows or SAMPLE): the matching stops once that many
  // vertices are selected, which are the first ones the slice at the end keeps anyway. A query
  // that takes one vertex of a big set then costs one vertex, not the set.
  const stopEarly =
    limit !== null &&
    offset === null &&
    accum === null &&
    posts.length === 0 &&
    order.length === 0 &&
    having === null &&
    emit === null &&
    sample === null &&
    sel.per === null;

  // Which alias columns need their distinct vertices collected.
  const collect = new Set<number>();
  if (outputSlot !== undefined) collect.add(outputSlot);
  for (const p of posts) if (p.slot >= 0) collect.add(p.slot);
  const collectSlots = [...collect];
  const outSlot = outputSlot ?? -1;
  // PER (a, b): ACCUM once per distinct binding of those aliases (per.ts).
  const perSlots = sel.per ? sel.per.map((a) => aliasSlots.get(a) ?? -1) : null;
  const nHops = hops.length;
  const hop0 = first.hops[0];
  const jit: JitSelect | null =
    c.env.generatedCode !== false &&
    perSlots === null &&
    rowExprs === null &&
    plans.length === 1 &&
    first.hops.length <= 1 &&
    !sample &&
    source.filter === null &&
    (!hop0 || (!hop0.repeat && !hop0.targetBound))
      ? jitSelect(c, {
          scope,
          srcSlot,
          hop: hop0
            ? {
                targetSlot: hop0.targetSlot,
                edgeSlot: hop0.edgeSlot,
                sets: hop0.sets,
              }
            : null,
          where: sel.where,
          accum: sel.accum,
          atOnce,
          posts: posts.map((p) => ({ slot: p.slot, stmts: p.stmts })),
          collectSlots,
          upper,
        })
      : null;

  if (jit) c.selectTiers.generated++;
  else c.selectTiers.closures++;

  return runners(function* (r: Run): Generator<undefined, VSet, undefined> {
    const f = r.f;
    for (const i of c.primedV) r.va[i]?.snapshot();
    for (const i of c.primedG) {
      const acc = r.g[i];
      if (acc) {
        const v = acc.value();
        r.gPrev[i] = v === acc ? acc.copy() : v;
      }
    }
    const sets = collectSlots.map(() => new Collector(r));
    const per = perSlots ? perGate(perSlots) : null;
    const row = (): void => {
      if (where && !where(r)) return;
      if (per && !per(f)) return;
      if (emit) emit(r);
      if (accumSync) accumSync(r);
      for (let i = 0; i < collectSlots.length; i++)
        (sets[i] as Collector).add(f[collectSlots[i] as number] as number);
    };
    let work = 0;
    let quota = Infinity;
    let taken = 0;
    // SAMPLE ... TARGET: the targets chosen for the current source.
    const chosen = new Set<number>();
    const hopRt = hops.map((h) => ({ walks: h.walks(r), filter: h.filter(r) }));
    const cur: (Walk | undefined)[] = new Array<Walk | undefined>(nHops);
    // Sources of the later patterns (those not starting at an alias bound before).
    const later = plans.map((p, pi) => (pi === 0 || p.srcBound ? noIds : p.source.ids(r)));
    const startPattern = (pi: number): void => {
      if (pi === plans.length) {
        row();
        return;
      }
      const p = plans[pi] as PatternPlan;
      if (p.srcBound) {
        beginHops(pi, f[p.srcSlot] as number);
        return;
      }
      for (const id of later[pi] as VertexIds) {
        f[p.srcSlot] = id;
        beginHops(pi, id);
      }
    };
    const beginHops = (pi: number, id: number): void => {
      const g = firstHop[pi] as number;
      if (g < 0) startPattern(pi + 1);
      else expand(g, id);
    };
    const single = plans.length === 1;
    const visitors: Visit[] = hops.map((h, i) => {
      const { types, has } = hopRt[i]?.filter ?? { types: null, has: null };
      const tSlot = h.targetSlot;
      const tBound = h.targetBound;
      const eSlot = h.edgeSlot;
      const step = flat[i] as { pattern: number; last: boolean };
      const next = step.pattern + 1;
      const after: (() => void) | null = step.last
        ? single
          ? row
          : () => startPattern(next)
        : null;
      const isFirst = i === 0;
      const test = stages !== null && i + 1 < hops.length ? (stages[i + 1] ?? null) : null;
      return (e, ft, fs, flip) => {
        if (types !== null && types[ft] !== 1) return;
        const id = vid(ft, fs);
        if (has !== null && !has(id)) return;
        if (isFirst && quota !== Infinity) {
          if (sample?.targets) {
            if (!chosen.has(id)) {
              if (chosen.size >= quota) return;
              chosen.add(id);
            }
          } else if (taken++ >= quota) return;
        }
        if (tBound) {
          if (f[tSlot] !== id) return;
        } else f[tSlot] = id;
        if (eSlot >= 0) {
          const w = cur[i] as Walk;
          f[eSlot] = new EdgeRef(w.table, e, flip, w.name);
        }
        work++;
        if (test !== null && !test(r)) return;
        if (after) after();
        else expand(i + 1, id);
      };
    });
    const expand = (i: number, from: number): void => {
      const h = hops[i] as HopPlan;
      const rt = hopRt[i] as { walks: Walk[] };
      const visit = visitors[i] as Visit;
      const t = vtypeOf(from);
      const s = vslotOf(from);
      if (h.repeat) {
        // Each shortest path to a vertex is a match of its own.
        for (const [far, paths] of reachable(rt.walks, from, h.repeat.min, h.repeat.max))
          for (let n = 0; n < paths; n++) visit(-1, vtypeOf(far), vslotOf(far), false);
        return;
      }
      for (const w of rt.walks) {
        cur[i] = w;
        walkEdges(w, t, s, visit);
      }
    };
    // With stopEarly: the output's collector, and how many vertices end the matching.
    const outSet = stopEarly ? (sets[collectSlots.indexOf(outSlot)] ?? null) : null;
    const stopAt = outSet && limit ? Math.max(0, num(limit(r))) : Infinity;
    if (jit) {
      const ids = source.ids(r);
      const rt = hopRt[0];
      const walks = rt?.walks ?? [];
      const types = rt?.filter.types ?? null;
      const has = rt?.filter.has ?? null;
      for (let i = 0; i < ids.length && !(outSet && outSet.count >= stopAt);) {
        i = jit.scan(r, ids, i, walks, types, has, sets);
        if (i < ids.length) yield;
      }
    }
    const srcFilter = source.filter;
    const pre = stages !== null && hops.length > 0 ? (stages[0] ?? null) : null;
    if (!jit)
      for (const id of source.ids(r)) {
        if (outSet && outSet.count >= stopAt) break;
        if (srcFilter && !srcFilter(r, id)) continue;
        f[srcSlot] = id;
        if (pre !== null && !pre(r)) continue;
        if (sample) {
          taken = 0;
          chosen.clear();
          quota = Infinity;
          if (sample.when(r)) {
            const n = num(sample.size(r));
            if (sample.percent) {
              // The population: this source's edges (or distinct targets) the FROM step matches.
              const rt0 = hopRt[0] as (typeof hopRt)[number];
              const { types, has } = rt0.filter;
              let edges = 0;
              const ends = new Set<number>();
              const count: Visit = (_e, ft, fs) => {
                if (types !== null && types[ft] !== 1) return;
                const far = vid(ft, fs);
                if (has !== null && !has(far)) return;
                edges++;
                if (sample.targets) ends.add(far);
              };
              for (const w of rt0.walks) walkEdges(w, vtypeOf(id), vslotOf(id), count);
              const population = sample.targets ? ends.size : edges;
              quota = Math.ceil((population * n) / 100);
            } else quota = n;
          }
        }
        if (first.hops.length === 0) {
          work++;
          if (single) row();
          else startPattern(1);
        } else expand(0, id);
        if (work > 2048) {
          work = 0;
          yield;
        }
      }
    for (const set of sets) set.release();
    r.flush();
    for (let p = 0; p < posts.length; p++) {
      const post = posts[p] as { slot: number; body: SyncStmt | null };
      const body = post.body;
      const k = collectSlots.indexOf(post.slot);
      const ids = k >= 0 ? (sets[k] as Collector).ids : noIds;
      const jp = jit?.posts[p];
      if (body && jp) {
        for (let i = 0; i < ids.length;) {
          i = jp(r, ids, i);
          if (i < ids.length) yield;
        }
      } else if (body) {
        let n = 0;
        for (const id of ids) {
          f[post.slot] = id;
          body(r);
          if (++n > 2048) {
            n = 0;
            yield;
          }
        }
      }
      r.flush();
    }
    const k = collectSlots.indexOf(outSlot);
    // The collector is done with: its list becomes the result's.
    let ids: VertexIds = k >= 0 ? (sets[k] as Collector).ids : noIds;
    if (having) {
      ids = ids.filter((id) => {
        f[outSlot] = id;
        return Boolean(having(r));
      });
    }
    const window = () =>
      limit
        ? {
            start: offset ? Math.max(0, num(offset(r))) : 0,
            count: Math.max(0, num(limit(r))),
          }
        : null;
    if (order.length > 0)
      ids = orderAndLimit(
        ids,
        order.length,
        (id, into) => {
          f[outSlot] = id;
          for (let i = 0; i < order.length; i++) into[i] = (order[i] as (typeof order)[0]).key(r);
        },
        order.map((o) => o.desc),
        window,
      );
    else {
      const w = window();
      if (w) ids = ids.slice(w.start, w.start + w.count);
    }
    return new VSet(ids);
  });
}
