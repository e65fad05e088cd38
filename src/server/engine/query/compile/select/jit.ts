// Select layer: generated JavaScript for the hot part of simple SELECT blocks: the row loop over
// the CSR arrays (one hop, or none), WHERE, ACCUM and each POST-ACCUM clause become one function
// each, built with `new Function` (factories cached by source, see jit-gen.ts build). Expressions
// of the common kinds (literals, variables, aliases, vertex and global accumulator reads,
// arithmetic, comparisons, logic, built-in calls) are written out inline (jit-gen.ts), and so are
// the statements of jit-stmts.ts (accumulator `+=` / `=`, IF, FOREACH, local variables); any
// other expression or statement calls its ordinary compiled closure (the frame slots of the
// aliases are kept up to date when one does, so closures see what they would see on the closure
// path), or the clause is not generated when such a closure could not see the generated
// function's own variables. The generated code calls the same runtime helpers as the closures, so values and
// snapshot semantics are exactly theirs. The row loop is shaped like a hand-written CSR loop:
// per-type columns and marks are locals reloaded when the far end's type changes, a range of one
// far type has a loop of its own, per-source values are computed once per range, and scans of
// many sources add SumAccum inputs into dense delta columns. Each call takes a slice of rows
// sized by time (Pace) so its caller can yield. jitSelect answers null when the SELECT has a
// shape this does not handle (the closure path runs).
import type { DmlStmt, Expr } from '../../../../../core/gsql/index.js';
import type { Cx, Scope } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run, VAcc } from '../../run.js';
import type { CompileUpper } from '../statements/statement.js';
import { build, Gen, SPARSE } from './jit-gen.js';
import { genBlock } from './jit-stmts.js';
import type { Collector, Walk } from '../context/edge-walk.js';
import type { Adjacency } from '../../../graph/adjacency.js';
import type { EdgeTable } from '../../../graph/edge-table.js';
import { VT } from '../../runtime-values.js';
import { visitFlag } from './visit-flag.js';
import type { VertexIds } from '../../vertex-ids.js';

/** What the generated row loop needs to know of the SELECT (all checked to be simple). */
export interface JitPlan {
  readonly scope: Scope;
  readonly srcSlot: number;
  /** The one hop, or null for `FROM S:s` alone. */
  readonly hop: {
    readonly targetSlot: number;
    readonly edgeSlot: number;
    /** The target filter may test vertex-set membership (else `has` is always null). */
    readonly sets: boolean;
  } | null;
  readonly where: Expr | null;
  readonly accum: readonly DmlStmt[] | null;
  /** The ACCUM clause's accumulators whose inputs apply at once (select/at-once.ts). */
  readonly atOnce: ReadonlySet<number>;
  readonly posts: readonly { readonly slot: number; readonly stmts: readonly DmlStmt[] }[];
  readonly collectSlots: readonly number[];
  /** The statement kinds of the layers above (statement.ts CompileUpper). */
  readonly upper: CompileUpper;
}

/** Rows from `ids[i]` on until a slice of them is done (see Pace); the next source index. */
export type JitScan = (
  r: Run,
  ids: VertexIds,
  i: number,
  walks: readonly Walk[],
  types: Uint8Array | null,
  has: ((id: number) => boolean) | null,
  sets: readonly Collector[],
) => number;
/** One POST-ACCUM clause over `ids[i]...`, a slice of them per call (see Pace); the next index. */
export type JitPost = (r: Run, ids: VertexIds, i: number) => number;

/** A generated scan: JitScan's arguments and the number of rows to stop after. */
type ScanFn = (...args: [...Parameters<JitScan>, number]) => number;

export interface JitSelect {
  readonly scan: JitScan;
  readonly posts: readonly JitPost[];
}

/**
 * How many rows (or POST-ACCUM vertices) a call of a generated function takes before it returns,
 * so that its caller may yield to the event loop: adjusted after each call to take between a
 * half and two milliseconds (a call costs a prologue and a clock read, so not much less; light
 * rows run 30,000 a millisecond, heavy ones calling closures far fewer).
 */
class Pace {
  limit = 4096;
  /**
   * `call(limit)` over vertices up to `n`, timed; the limit follows the time it took (it grows
   * only after a call that stopped at the limit, not at the end of the vertices).
   */
  run(n: number, call: (limit: number) => number): number {
    const t0 = performance.now();
    const next = call(this.limit);
    const ms = performance.now() - t0;
    if (ms > 2) {
      if (this.limit > 64) this.limit >>= 1;
    } else if (ms < 0.5 && next < n && this.limit < 1 << 20) this.limit *= 2;
    return next;
  }
}

/**
 * A vertex id's type index as generated code computes it: the id times 1 / VT. VT is a power of
 * two, so the product is exact and its floor is Math.floor(id / VT) (runtime-values vtypeOf),
 * without a division per vertex (a division is several times slower than a multiplication).
 */
export const typeOfCode = (id: string): string => `Math.floor(${id} * ${1 / VT})`;

/** Placeholder line of the target alias's frame write. */
const TARGET_SLOT = '/* target slot */';
/** The line counting a row of work (for the slice's limit and the source's `hit`). */
const WORK = 'work++;';

/**
 * The far ends of the delta edges of `ss` (in `adj`, the out- or in-adjacency of `table`) copied
 * into typed arrays, so the generated row loop reads them as it reads a CSR range. Rare: deltas
 * exist only between a write and the next fold or compaction.
 */
export function deltaRange(
  adj: Adjacency,
  table: EdgeTable,
  out: boolean,
  ss: number,
): { t: Uint16Array; s: Int32Array; e: Int32Array } | null {
  const list = adj.delta.get(ss);
  if (list === undefined || list.length === 0) return null;
  const n = list.length;
  const t = new Uint16Array(n);
  const s = new Int32Array(n);
  const e = new Int32Array(n);
  const ft = out ? table.dstType : table.srcType;
  const fs = out ? table.dst : table.src;
  for (let k = 0; k < n; k++) {
    const edge = list[k] as number;
    e[k] = edge;
    t[k] = ft[edge] as number;
    s[k] = fs[edge] as number;
  }
  return { t, s, e };
}

/** The arrays of a lane range before it is known (a source past the CSR). */
const EMPTY16 = new Uint16Array(0);
const EMPTY32 = new Int32Array(0);

/** One adjacency a source's rows come from: a walk in one direction from one vertex type. */
export interface Lane {
  readonly w: Walk;
  readonly table: EdgeTable;
  readonly adj: Adjacency;
  readonly out: boolean;
  /** An undirected self-loop is reported from the out side only: skip it on this side. */
  readonly loops: boolean;
}

/** The lanes of sources of vertex type `st` along `walks`, in walk order, out before in. */
export function lanesFor(walks: readonly Walk[], st: number): Lane[] {
  const lanes: Lane[] = [];
  for (const w of walks) {
    const table = w.table;
    const out = w.fwd ? table.out[st] : undefined;
    if (out) lanes.push({ w, table, adj: out, out: true, loops: false });
    const back = w.bwd ? table.in[st] : undefined;
    if (back) lanes.push({ w, table, adj: back, out: false, loops: w.fwd });
  }
  return lanes;
}

/**
 * The edges of the source (st, ss) along every lane (found when the source's type changes): the
 * CSR range, then the delta (copied by deltaRange), through one row body for ranges whose far
 * ends share a type (its per-type variables, see Gen.typed, are set once per range) and one for
 * mixed ranges (they are set again whenever the far end's type changes).
 */
function edgeLoops(
  body: string,
  one: { body: string; decl: string },
  fast: { body: string; init: string; decl: string },
  reloadTarget: string,
): string {
  const reload = `if (ft !== lt) {
          lt = ft;
          tok = types === null || types[ft] === 1;
          ${reloadTarget}
        }`;
  // One lane without deletes, delta or self-loop skips, whose far ends share a type (ONE1, set
  // with the lanes): its range is read straight from arrays kept in locals.
  return `if (ONE1 >= 0) {
  const ft = ONE1;
  ${reload}
  if (tok && ss < B1) {
    let k = OFF1[ss];
    const end = OFF1[ss + 1];
    if (k < end) {
      const table = LANE1.table;
      const w = LANE1.w;
      const flip = !LANE1.out;
      const EL = EL1;
      const FAR = FAR1;
      ${fast.init}
      ${fast.decl}
      for (; k < end; k++) {
        const fs = FAR[k];
${fast.body}
      }
    }
  }
} else
for (let li = 0; li < lanes.length; li++) {
  const lane = lanes[li];
  const adj = lane.adj;
  const table = lane.table;
  const w = lane.w;
  const loops = lane.loops;
  const flip = !lane.out;
  const alive = table.alive;
  let FTY = EMPTY16, FAR = EMPTY32, EL = EMPTY32, k = 0, end = 0, check = false, one = -1;
  if (ss < adj.built) {
    FTY = adj.farType;
    FAR = adj.far;
    EL = adj.edges;
    k = adj.offsets[ss];
    end = adj.offsets[ss + 1];
    check = adj.dead !== 0;
    one = adj.farTypeOnly;
  }
  for (let part = 0; ; part++) {
    if (one >= 0) {
      // Every far end of the range has one type: its variables are set once.
      const ft = one;
      ${reload}
      if (!tok) {
        // No row of this range passes the target's type.
      } else if (!check && !loops) {
        ${fast.init ? `if (k < end) {\n${fast.init}\n}` : ''}
        ${fast.decl}
        for (; k < end; k++) {
          const fs = FAR[k];
${fast.body}
        }
      } else {
        ${one.decl}
        for (; k < end; k++) {
          if (check && alive[EL[k]] !== 1) continue;
          const fs = FAR[k];
          if (loops && ft === st && fs === ss) continue;
${one.body}
        }
      }
    } else
      for (; k < end; k++) {
        if (check && alive[EL[k]] !== 1) continue;
        const ft = FTY[k];
        const fs = FAR[k];
        if (loops && ft === st && fs === ss) continue;
        ${reload}
        if (!tok) continue;
${body}
      }
    if (part === 1 || adj.deltaCount === 0) break;
    const d = deltaRange(adj, table, lane.out, ss);
    if (d === null) break;
    FTY = d.t;
    FAR = d.s;
    EL = d.e;
    k = 0;
    end = EL.length;
    check = true;
    one = -1;
  }
}`;
}

/** After the lanes are found: the locals of the one-lane range loop (see edgeLoops). */
const LANE1 = `ONE1 = -1;
if (lanes.length === 1) {
  LANE1 = lanes[0];
  const a = LANE1.adj;
  if (a.dead === 0 && a.deltaCount === 0 && !LANE1.loops) {
    OFF1 = a.offsets;
    FAR1 = a.far;
    EL1 = a.edges;
    B1 = a.built;
    ONE1 = a.farTypeOnly;
  }
}`;

/** The generated scan and POST-ACCUM functions, or null when the SELECT has another shape. */
export function jitSelect(c: CompileContext, plan: JitPlan): JitSelect | null {
  const before = c.problems.length;
  const cx: Cx = { scope: plan.scope, mode: 'accum', hoists: null, atOnce: plan.atOnce };
  try {
    const g = new Gen(c, cx, plan.upper);
    const hop = plan.hop;
    g.hoist = hop !== null;
    g.locals = new Map([[plan.srcSlot, { id: 'sid', t: 'st', s: 'ss' }]]);
    if (hop) g.locals.set(hop.targetSlot, { id: 'tid', t: 'ft', s: 'fs' });
    // The visited-flag idiom: the flag is the target collector's mark, and its WHERE test and
    // POST-ACCUM assignment go (see visit-flag.ts).
    const flag = hop && hop.edgeSlot < 0 ? visitFlag(c, cx, { ...plan, ...hop }) : null;
    const where = flag ? null : plan.where;
    const postClauses = flag ? flag.posts : plan.posts;
    // A row that only tests a 0/1 condition and collects (no ACCUM, no vertex-set test, no edge
    // alias, nothing in closures): its fast loops count without branches (see Gen.bit).
    const bit =
      hop && where && (plan.accum ?? []).length === 0 && !hop.sets && hop.edgeSlot < 0
        ? g.bit(where)
        : null;
    const bitLines = ['work++;', `const ok = ${bit ?? '0'};`];
    const lines: string[] = [];
    if (hop) {
      lines.push('const tid = ft * VT + fs;');
      if (hop.sets) lines.push('if (has !== null && !has(tid)) continue;');
      // Kept up to date only when a fallback closure might read it (see below).
      lines.push(TARGET_SLOT);
      if (hop.edgeSlot >= 0)
        lines.push(`f[${hop.edgeSlot}] = new EdgeRef(table, EL[k], flip, w.name);`);
    }
    lines.push(WORK);
    if (where) lines.push(`if (!${g.expr(where).c}) continue;`);
    if (plan.accum) lines.push(genBlock(g, plan.accum, 'accum'));
    // Every row counted in `work` reaches the ACCUM statements and the collection (no WHERE, no
    // vertex-set test of the target).
    const everyRow = where === null && !(hop?.sets ?? false);
    // The source is collected once after its rows when one of them got through (`hit`, or any
    // row counted when every row gets through).
    const afterSource: string[] = [];
    // Before the scan returns: the collectors' counts kept in locals.
    const epilogue: string[] = [];

    plan.collectSlots.forEach((slot, k) => {
      const at = g.locals.get(slot);
      if (!at) {
        lines.push(`sets[${k}].add(f[${slot}]);`);
        return;
      }
      // Collector.room(): room for every vertex of the graph, so a row writes its id at the
      // count with no check (the branchless loop writes one past it when nothing is new).
      g.extra.add(`const cids${k} = sets[${k}].room();`);
      g.extra.add(`let cn${k} = sets[${k}].count;`);
      epilogue.push(`sets[${k}].count = cn${k};`);
      let add: string;
      // The visited flag's column is this target's mark (see below): no collector marks.
      const flagged = flag !== null && slot === hop?.targetSlot;
      if (at.id === 'sid') {
        // A source is collected at most once: the sources of a scan are a vertex set's
        // (distinct) ids, each met once, so no mark is needed.
        add = `cids${k}[cn${k}++] = sid;`;
      } else if (flagged) {
        // The flag's column (0 / 1) is the mark; the write is listed for the column's reset at
        // the end of the run, as the POST-ACCUM assignment would list it (VAcc.noteAt).
        const va = `va${flag.acc}`;
        g.vas.add(flag.acc);
        const col = g.typed(at, (t) => `${va}.u8Col(${t})`);
        const listing = g.typed(at, (t) => `${va}.listing(${t})`);
        add = `if (${col}[${at.s}] === 0) { if (${listing}) ${va}.noteAt(${at.t}, ${at.s}); ${col}[${at.s}] = 1; cids${k}[cn${k}++] = ${at.id}; }`;
      } else {
        // Collector.addAt written out: test and set the vertex's mark, list it when new.
        const marks = g.typed(at, (t) => `sets[${k}].marksFor(${t})`);
        add = `if (${marks}[${at.s}] === 0) { ${marks}[${at.s}] = 1; cids${k}[cn${k}++] = ${at.id}; }`;
      }
      if (hop && at.id === 'sid') {
        if (afterSource.length === 0 && !everyRow) {
          lines.push('hit = true;');
          bitLines.push('hit = hit || ok === 1;');
        }
        afterSource.push(add);
      } else {
        lines.push(add);
        if (flagged) bitLines.push(`if (ok === 1) ${add}`);
        else {
          // The id is written whatever the condition; the count moves on only for a new vertex
          // that passes (the mark is set only then).
          const marks = g.typed(at, (t) => `sets[${k}].marksFor(${t})`);
          bitLines.push(`{ const m = ${marks}[${at.s}]; ${marks}[${at.s}] = m | ok;
cids${k}[cn${k}] = ${at.id}; cn${k} += ok & (1 - m); }`);
        }
      }
    });
    const bodyOf = (rows: readonly string[]) =>
      rows
        .map((l) =>
          l !== TARGET_SLOT ? l : g.readsFrame && hop ? `f[${hop.targetSlot}] = tid;` : '',
        )
        .join('\n');
    const body = bodyOf(lines);
    if (hop) {
      g.closures.push(deltaRange as unknown as (typeof g.closures)[number]);
      g.extra.add(`const deltaRange = X${g.closures.length - 1};`);
      g.closures.push(lanesFor as unknown as (typeof g.closures)[number]);
      g.extra.add(`const lanesFor = X${g.closures.length - 1};`);
      g.closures.push(EMPTY16 as unknown as (typeof g.closures)[number]);
      g.extra.add(`const EMPTY16 = X${g.closures.length - 1};`);
      g.closures.push(EMPTY32 as unknown as (typeof g.closures)[number]);
      g.extra.add(`const EMPTY32 = X${g.closures.length - 1};`);
      g.extra.add('let lanes = [];');
      g.extra.add(
        'let LANE1 = null, OFF1 = EMPTY32, FAR1 = EMPTY32, EL1 = EMPTY32, B1 = 0, ONE1 = -1;',
      );
    }
    // Within a range of one far type the per-type variables stay: constant copies (see
    // Gen.constCopies).
    const one = g.constCopies(body);
    const branchless = bit !== null && !g.readsFrame;
    const fastBody = g.constCopies(
      branchless
        ? `const tid = ft * VT + fs;\n${bitLines.join('\n')}`
        : everyRow
          ? g.withoutMemos(bodyOf(lines.filter((l) => l !== WORK)))
          : body,
    );
    // Where every row of a range gets through, the range's rows are counted at once.
    const fast = {
      body: fastBody.code,
      decl: fastBody.decl,
      init: everyRow && !branchless ? `work += end - k;\n${g.memoInit()}` : '',
    };
    const perSource = hop
      ? edgeLoops(body, { body: one.code, decl: one.decl }, fast, g.reload('tid'))
      : `do {\n${body}\n} while (false);`;
    const hitDecl =
      afterSource.length === 0 ? '' : everyRow ? 'const w0 = work;' : 'let hit = false;';
    const hitTest = everyRow ? 'work !== w0' : 'hit';
    const scanBody = `let work = 0;
let ls = -1;
let lt = -1;
let tok = false;
const n = ids.length;
while (i < n) {
  const sid = ids[i++];
  ${g.readsFrame ? `f[${plan.srcSlot}] = sid;` : ''}
  const st = ${typeOfCode('sid')};
  const ss = sid - st * VT;
  if (st !== ls) {
    ls = st;
    ${
      hop
        ? `lanes = lanesFor(walks, st);
${LANE1}`
        : ''
    }
    ${g.reload('sid')}
  }
  ${g.perSource.join('\n')}
  ${hitDecl}
  ${perSource}
  ${afterSource.length > 0 ? `if (${hitTest}) {\n${afterSource.join('\n')}\n}` : ''}
  if (work > limit) break;
}
${epilogue.join('\n')}
return i;`;
    if (!g.ok) return null;
    const params = 'r, ids, i, walks, types, has, sets, limit';
    const sparse = build(g, 'jitScan', params, scanBody.replaceAll(SPARSE, 'true')) as ScanFn;
    // With many sources the sums go to dense delta columns (VAcc.denseFor): a variant without
    // the per-row marks, used when every such accumulator takes that mode.
    const denseAccs = [...g.denseSums];
    const dense =
      denseAccs.length > 0
        ? (build(g, 'jitScan', params, scanBody.replaceAll(SPARSE, 'false')) as ScanFn)
        : null;
    const pace = new Pace();
    const scan: JitScan = (r, ids, i, walks, types, has, sets) => {
      let fn = sparse;
      if (dense !== null) {
        let all = true;
        for (const k of denseAccs) if (!(r.va[k] as VAcc).denseFor(ids.length)) all = false;
        if (all) fn = dense;
      }
      return pace.run(ids.length, (limit) => fn(r, ids, i, walks, types, has, sets, limit));
    };
    const posts = postClauses.map((p): JitPost | null => {
      // A clause whose only statement was the visited flag's assignment: nothing to run.
      if (p.stmts.length === 0) return (_r, ids) => ids.length;
      const pg = new Gen(c, { scope: plan.scope, mode: 'post', hoists: null }, plan.upper);
      pg.locals = new Map([[p.slot, { id: 'pv', t: 'pt', s: 'ps' }]]);
      const stmts = genBlock(pg, p.stmts, 'post');
      if (!pg.ok) return null;
      const postBody = `let cnt = 0;
let lp = -1;
const n = ids.length;
while (i < n) {
  const pv = ids[i++];
  ${pg.readsFrame ? `f[${p.slot}] = pv;` : ''}
  const pt = ${typeOfCode('pv')};
  const ps = pv - pt * VT;
  if (pt !== lp) {
    lp = pt;
    ${pg.reload('pv')}
  }
  ${stmts}
  if (++cnt > limit) break;
}
return i;`;
      const post = build(pg, 'jitPost', 'r, ids, i, limit', postBody) as (
        r: Run,
        ids: VertexIds,
        i: number,
        limit: number,
      ) => number;
      const postPace = new Pace();
      const paced: JitPost = (r, ids, i) =>
        postPace.run(ids.length, (limit) => post(r, ids, i, limit));
      return paced;
    });
    if (posts.some((p) => p === null) || c.problems.length > before) return null;
    if (flag) c.visitFlags++;
    return { scan, posts: posts as JitPost[] };
  } catch {
    return null;
  } finally {
    c.problems.length = before;
  }
}
