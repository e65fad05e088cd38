// Select layer: generated JavaScript for the hot part of simple SELECT blocks: the row loop over
// the CSR arrays (one hop, or none), WHERE, ACCUM and each POST-ACCUM clause become one function
// each, built with `new Function` once per query text. Expressions and statements of the common
// kinds (literals, variables, aliases, vertex and global accumulator reads, arithmetic,
// comparisons, logic, accumulator `+=` / `=`) are written out inline; any other expression or
// assignment calls its ordinary compiled closure (the frame slots of the aliases are kept up to
// date, so closures see what they would see on the closure path). The generated code calls the same
// runtime helpers as the closures, so values and snapshot semantics are exactly theirs. jitSelect
// answers null when the SELECT has a shape this does not handle (the closure path runs).
import type { DmlStmt, Expr } from '../../../../../core/gsql/index.js';
import type { Cx, Scope } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import type { CompileUpper } from '../statements/statement.js';
import { build, Gen } from './jit-gen.js';
import type { Collector, Walk } from '../context/edge-walk.js';

/** What the generated row loop needs to know of the SELECT (all checked to be simple). */
export interface JitPlan {
  readonly scope: Scope;
  readonly srcSlot: number;
  /** The one hop, or null for `FROM S:s` alone. */
  readonly hop: { readonly targetSlot: number; readonly edgeSlot: number } | null;
  readonly where: Expr | null;
  readonly accum: readonly DmlStmt[] | null;
  readonly posts: readonly { readonly slot: number; readonly stmts: readonly DmlStmt[] }[];
  readonly collectSlots: readonly number[];
  /** The statement kinds of the layers above (statement.ts CompileUpper). */
  readonly upper: CompileUpper;
}

/** Rows from `ids[i]` on until about 2048 rows are done; answers the next source index. */
export type JitScan = (
  r: Run,
  ids: readonly number[],
  i: number,
  walks: readonly Walk[],
  types: Uint8Array | null,
  has: ((id: number) => boolean) | null,
  sets: readonly Collector[],
) => number;
/** One POST-ACCUM clause over `ids[i]...`, about 2048 vertices per call; the next index. */
export type JitPost = (r: Run, ids: readonly number[], i: number) => number;

export interface JitSelect {
  readonly scan: JitScan;
  readonly posts: readonly JitPost[];
}

/** Placeholder line of the target alias's frame write. */
const TARGET_SLOT = '/* target slot */';

/** The edge loops of one walk direction: CSR range (far ends read in order), then the delta. */
function edgeLoops(dir: 'out' | 'in', body: string, edge: boolean): string {
  const far = dir === 'out' ? ['table.dstType', 'table.dst'] : ['table.srcType', 'table.src'];
  const loop = dir === 'in' ? 'if (w.fwd && ft === st && fs === ss) continue;' : '';
  const row = `${loop}
const flip = ${dir === 'in'};
do {
${body}
} while (false);`;
  return `{
const adj = table.${dir}[st];
if (adj !== undefined) {
  if (ss < adj.built) {
    const EL = adj.edges;
    const FTY = adj.farType;
    const FAR = adj.far;
    const dirty = adj.dead !== 0;
    const end = adj.offsets[ss + 1];
    for (let k = adj.offsets[ss]; k < end; k++) {
      ${edge ? 'const e = EL[k];' : ''}
      if (dirty && alive[EL[k]] !== 1) continue;
      const ft = FTY[k];
      const fs = FAR[k];
${row}
    }
  }
  if (adj.deltaCount > 0) {
    const FT = ${far[0]};
    const FS = ${far[1]};
    const EL = adj.delta.get(ss);
    if (EL !== undefined)
      for (let k = 0; k < EL.length; k++) {
        const e = EL[k];
        if (alive[e] !== 1) continue;
        const ft = FT[e];
        const fs = FS[e];
${row}
      }
  }
}
}`;
}

/** The generated scan and POST-ACCUM functions, or null when the SELECT has another shape. */
export function jitSelect(c: CompileContext, plan: JitPlan): JitSelect | null {
  const before = c.problems.length;
  const cx: Cx = { scope: plan.scope, mode: 'accum', hoists: null };
  try {
    const g = new Gen(c, cx, plan.upper);
    const hop = plan.hop;
    g.hoist = hop !== null;
    g.locals = new Map([[plan.srcSlot, { id: 'sid', t: 'st', s: 'ss' }]]);
    if (hop) g.locals.set(hop.targetSlot, { id: 'tid', t: 'ft', s: 'fs' });
    const lines: string[] = [];
    if (hop) {
      lines.push('if (types !== null && types[ft] !== 1) continue;');
      lines.push('const tid = ft * VT + fs;');
      lines.push('if (has !== null && !has(tid)) continue;');
      // Kept up to date only when a fallback closure might read it (see below).
      lines.push(TARGET_SLOT);
      if (hop.edgeSlot >= 0)
        lines.push(`f[${hop.edgeSlot}] = new EdgeRef(table, e, flip, w.name);`);
    }
    lines.push('work++;');
    if (plan.where) lines.push(`if (!${g.expr(plan.where).c}) continue;`);
    for (const s of plan.accum ?? []) lines.push(g.stmt(s, 'accum'));
    plan.collectSlots.forEach((slot, k) => {
      const at = g.locals.get(slot);
      lines.push(
        at ? `sets[${k}].addAt(${at.id}, ${at.t}, ${at.s});` : `sets[${k}].add(f[${slot}]);`,
      );
    });
    const body = lines
      .map((l) =>
        l !== TARGET_SLOT ? l : g.readsFrame && hop ? `f[${hop.targetSlot}] = tid;` : '',
      )
      .join('\n');
    const perSource = hop
      ? `for (let wi = 0; wi < walks.length; wi++) {
  const w = walks[wi];
  const table = w.table;
  const alive = table.alive;
  if (w.fwd) ${edgeLoops('out', body, hop.edgeSlot >= 0)}
  if (w.bwd) ${edgeLoops('in', body, hop.edgeSlot >= 0)}
}`
      : `do {\n${body}\n} while (false);`;
    const scanBody = `let work = 0;
const n = ids.length;
while (i < n) {
  const sid = ids[i++];
  f[${plan.srcSlot}] = sid;
  const st = Math.floor(sid / VT);
  const ss = sid % VT;
  ${g.perSource.join('\n')}
  ${perSource}
  if (work > 2048) break;
}
return i;`;
    if (!g.ok) return null;
    const scan = build(g, 'jitScan', 'r, ids, i, walks, types, has, sets', scanBody) as JitScan;
    const posts = plan.posts.map((p) => {
      const pg = new Gen(c, { scope: plan.scope, mode: 'post', hoists: null }, plan.upper);
      pg.locals = new Map([[p.slot, { id: 'pv', t: 'pt', s: 'ps' }]]);
      const stmts = p.stmts.map((s) => pg.stmt(s, 'post')).join('\n');
      if (!pg.ok) return null;
      const postBody = `let cnt = 0;
const n = ids.length;
while (i < n) {
  const pv = ids[i++];
  f[${p.slot}] = pv;
  const pt = Math.floor(pv / VT);
  const ps = pv % VT;
  ${stmts}
  if (++cnt > 2048) break;
}
return i;`;
      return build(pg, 'jitPost', 'r, ids, i', postBody) as JitPost;
    });
    if (posts.some((p) => p === null) || c.problems.length > before) return null;
    return { scan, posts: posts as JitPost[] };
  } catch {
    return null;
  } finally {
    c.problems.length = before;
  }
}
