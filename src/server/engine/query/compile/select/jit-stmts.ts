// Select layer: the statements of the generated SELECT code (jit.ts, expressions in jit-gen.ts):
// accumulator `+=` / `=`, IF / ELSE, local variable declarations and assignments, FOREACH loops
// with BREAK / CONTINUE, mirroring the closures of statements/statement.ts, assign.ts and
// control.ts (same runtime helpers, same deferral of ACCUM inputs, same scopes). Clause variables
// (declared in the clause, FOREACH loop variables) are JavaScript variables of the generated
// function, copied to their frame slots only when some closure of it may read the frame
// (frameCopy); a statement written as its compiled closure may therefore not assign one, nor
// BREAK or CONTINUE a generated loop: such a clause is not generated (Gen.ok).
import {
  type DmlStmt,
  type Expr,
  type Foreach,
  type If,
  type QueryStmt,
  type VarDecl,
  walk,
} from '../../../../../core/gsql/index.js';
import { Scope } from '../context/compile-types.js';
import { declare } from '../context/symbols.js';
import { toVarValue } from '../context/runtime-helpers.js';
import { converter, VT } from '../../runtime-values.js';
import {
  accumValueType,
  isFloatType,
  isNumeric,
  type AccSpec,
  type HeapKey,
  type T,
} from '../../types.js';
import { slotOf } from '../expressions/expr.js';
import { typeOf } from '../expressions/typing.js';
import { compileStmt } from '../statements/statement.js';
import { foreachVars } from '../statements/control.js';
import { frameCopy, type Gen, SPARSE } from './jit-gen.js';

type Mode = 'accum' | 'post';

/** Statements of one block (a clause, an IF branch): a scope of their own, as compileBlock. */
export function genBlock(g: Gen, stmts: readonly DmlStmt[], mode: Mode): string {
  return withScope(g, () => stmts.map((s) => genStmt(g, s, mode)).join('\n'));
}

function withScope<R>(g: Gen, body: () => R): R {
  const outer = g.cx;
  g.cx = { ...outer, scope: new Scope(outer.scope) };
  try {
    return body();
  } finally {
    g.cx = outer;
  }
}

/** One statement of an ACCUM ('accum') or POST-ACCUM ('post') clause. */
function genStmt(g: Gen, s: DmlStmt, mode: Mode): string {
  switch (s.kind) {
    case 'If':
      return branches(g, s, mode);
    case 'Assign':
      return assign(g, s, mode);
    case 'VarDecl':
      return varDecl(g, s);
    case 'Foreach':
      return foreach(g, s, mode);
    case 'Break':
    case 'Continue':
      if (g.loops === 0) return refuse(g);
      return s.kind === 'Break' ? 'break;' : 'continue;';
    case 'ExprStmt':
    case 'CaseStmt':
    case 'While':
    case 'Insert':
    case 'DeleteAlias':
    case 'Log':
    case 'Try':
      return closureStmt(g, s, mode);
    case 'TypedefTuple':
    case 'TypedefAccum':
    case 'AccumDecl':
    case 'FileDecl':
    case 'ExceptionDecl':
    case 'SelectStmt':
    case 'TableSelect':
    case 'VertexSetDecl':
    case 'Return':
    case 'Print':
    case 'Delete':
    case 'Update':
    case 'Raise':
    case 'Error':
      return refuse(g);
  }
}

/** A statement this tier does not write: the SELECT runs as closures. */
function refuse(g: Gen): string {
  g.ok = false;
  return '';
}

/**
 * A statement as its compiled closure, unless it would assign a clause variable (the generated
 * code holds those) or end a generated loop (BREAK / CONTINUE / RETURN it would report).
 */
function closureStmt(g: Gen, s: QueryStmt, mode: Mode): string {
  let unsafe = false;
  walk(s, {
    enter(node) {
      if (node.kind === 'Break' || node.kind === 'Continue' || node.kind === 'Return')
        unsafe = true;
      if (node.kind === 'Assign' && node.target.kind === 'Name') {
        const sym = g.cx.scope.lookup(node.target.name);
        if (sym && sym.kind === 'var' && g.rowVars.has(sym.slot)) unsafe = true;
      }
    },
  });
  if (unsafe) return refuse(g);
  g.readsFrame = true;
  const cs = compileStmt(g.c, s, { ...g.cx, scope: new Scope(g.cx.scope), mode }, g.upper);
  g.closures.push(cs.sync);
  return `X${g.closures.length - 1}(r);`;
}

/**
 * IF / ELSE IF / ELSE in a clause: each condition tested per row as the closure tier tests it
 * (the first true branch runs), each branch's statements written as the clause's own.
 */
function branches(g: Gen, s: If, mode: Mode): string {
  g.inBranch++;
  try {
    const arms = s.branches.map(
      (b, i) =>
        `${i === 0 ? 'if' : 'else if'} (${g.expr(b.cond).c}) {\n${genBlock(g, b.body, mode)}\n}`,
    );
    if (s.otherwise) arms.push(`else {\n${genBlock(g, s.otherwise, mode)}\n}`);
    return arms.join(' ');
  } finally {
    g.inBranch--;
  }
}

/**
 * `value` converted to a variable of type t as the closure tier converts it (toVarValue), with
 * no call where it would change nothing (a DOUBLE, BOOL or STRING of its own type, an integer
 * literal of an INT or a non-negative one of a UINT).
 */
function varValue(g: Gen, t: T, value: { c: string; t: T }): string {
  const same = value.t.k === t.k;
  if (same && (t.k === 'double' || t.k === 'bool' || t.k === 'string')) return value.c;
  const lit = /^\((-?\d+)\)$/.exec(value.c);
  if (lit && value.t.k === 'int' && (t.k === 'int' || (t.k === 'uint' && Number(lit[1]) >= 0)))
    return value.c;
  const conv = converter(t);
  return `${g.constant((v: unknown) => toVarValue(t, conv, v))}(${value.c})`;
}

/** `TYPE name [= init], ...`: a JavaScript variable per name, in the block's scope. */
function varDecl(g: Gen, s: VarDecl): string {
  const t = typeOf(g.c, s.type);
  return s.vars
    .map((v) => {
      // The initializer does not see the name it declares (statement.ts compiles it first).
      const init = v.init ? varValue(g, t, g.expr(v.init)) : null;
      const slot = g.c.slot();
      declare(g.c, g.cx, v.name, { kind: 'var', slot, t, row: true }, s);
      const name = `v${slot}`;
      g.rowVars.set(slot, name);
      // A fresh default per row (a list or set default is an object of its own).
      const value = init ?? `defaultValueOf(${g.constant(t)})`;
      return `let ${name} = ${value};${frameCopy(slot, name)}`;
    })
    .join('\n');
}

/** The assignments: accumulators (vertex, global), clause variables, others as closures. */
function assign(g: Gen, s: QueryStmt & { kind: 'Assign' }, mode: Mode): string {
  const tg = s.target;
  if (tg.kind === 'VertexAccum' && tg.target) {
    const code = vertexAccumAssign(g, s, tg.name, tg.target, mode);
    if (code !== null) return code;
  }
  if (tg.kind === 'GlobalAccum') {
    const info = g.c.gaccs.get(tg.name);
    if (info && s.op === '+=' && s.value.kind === 'Arrow') {
      const code = arrowAdd(g, info.index, info.spec, s.value);
      if (code !== null) return code;
    }
    if (info) {
      const v = g.expr(s.value);
      g.gps.add(info.index);
      if (s.op === '+=' && (isFloatType(v.t) || v.t.k === 'int'))
        return `gp${info.index}.addNumber(${v.c});`;
      const m = s.op === '=' ? 'assign' : 'add';
      const add = `gp${info.index}.${m}(snapshotValue(${v.c}));`;
      return s.op === '+=' ? (heapAdd(g, info.index, info.spec, s.value, add) ?? add) : add;
    }
  }
  if (tg.kind === 'Name') {
    const sym = g.cx.scope.lookup(tg.name);
    const name = sym && sym.kind === 'var' ? g.rowVars.get(sym.slot) : undefined;
    if (sym && sym.kind === 'var' && name !== undefined) {
      // A loop variable cannot be assigned (the closure tier reports it).
      if (sym.loopVar !== undefined) return refuse(g);
      // `x += v` is `x = x + v`, as assign.ts computes it (numbers here).
      const value =
        s.op === '='
          ? g.expr(s.value)
          : g.expr({ kind: 'Binary', op: '+', left: tg, right: s.value, range: s.range });
      if (s.op === '+=' && !(isNumeric(sym.t) && isNumeric(value.t))) return refuse(g);
      return `${name} = ${varValue(g, sym.t, value)};${frameCopy(sym.slot, name)}`;
    }
  }
  // Any other assignment (a query variable's, deferred; an attribute's): its compiled closure.
  return closureStmt(g, s, mode);
}

/** `target.@name op value` of a vertex accumulator, or null when it takes the closure. */
function vertexAccumAssign(
  g: Gen,
  s: QueryStmt & { kind: 'Assign' },
  accName: string,
  target: Expr,
  mode: Mode,
): string | null {
  const info = g.c.vaccs.get(accName);
  const direct = slotOf(g.c, target, g.cx);
  if (!info || direct < 0) return null;
  const va = `va${info.index}`;
  g.vas.add(info.index);
  const t = g.slotCode(direct);
  const at = g.local(target);
  const now = mode === 'post' || g.cx.atOnce?.has(info.index) === true;
  const value = s.value;
  // A MapAccum's `(k -> v)` written now: no ArrowValue (MapAcc.add takes its first pair).
  if (now && s.op === '+=' && info.spec.name === 'MapAccum' && value.kind === 'Arrow') {
    const k = value.keys[0];
    const x = value.values[0];
    if (value.keys.length === 1 && value.values.length === 1 && k && x)
      return `${va}.addPair(${t}, ${g.expr(k).c}, ${g.expr(x).c});`;
  }
  // A per-source memo may be computed before the rows (see perSourceValue): not for a value
  // under an IF or in a loop, which the closure tier computes only when the row gets there.
  const v = mode === 'accum' && g.inBranch === 0 ? g.perSourceValue(value) : g.expr(value);
  // POST-ACCUM, and ACCUM inputs that apply at once (select/at-once.ts): written now.
  if (now) {
    const m = s.op === '=' ? 'assign' : 'add';
    const call = at ? `${va}.${m}At(${at.t}, ${at.s}, ${at.id}, $x);` : `${va}.${m}(${t}, $x);`;
    const el = info.spec.el.k;
    const name = info.spec.name;
    const sum = name === 'SumAccum' && (el === 'double' || el === 'float');
    const bools = name === 'OrAccum' || name === 'AndAccum';
    // A FLOAT/DOUBLE Sum held in a Float64Array (VAcc.f64Col) given a number, or an Or/And
    // held in a Uint8Array (VAcc.u8Col) given a boolean: written straight into the column,
    // converted and combined as the accumulator does (FLOAT: 32 bits; 1 / 0 for booleans).
    if (!at || !((sum && isNumeric(v.t)) || (bools && v.t.k === 'bool')))
      return `{ const $x = ${v.c}; ${call} }`;
    const col = g.typed(at, (ty) => `${va}.${sum ? 'f64Col' : 'u8Col'}(${ty})`);
    // False once the column is refilled on release anyway (VAcc.listing, never true again).
    const listing = g.typed(at, (ty) => `${va}.listing(${ty})`);
    g.extra.add(`const raw${info.index} = ${va}.rawValue;`);
    // The accumulator's converter (runtime-values converter): an INT may be a bigint.
    const x = isFloatType(v.t) ? '$x' : 'num($x)';
    const cell = `${col}[${at.s}]`;
    const combined = bools
      ? s.op === '='
        ? '($x ? 1 : 0)'
        : `($o ${name === 'OrAccum' ? '|' : '&'} ($x ? 1 : 0))`
      : el === 'float'
        ? s.op === '='
          ? `Math.fround(${x})`
          : `Math.fround($o + Math.fround(${x}))`
        : s.op === '='
          ? x
          : `($o + ${x})`;
    return `{ const $x = ${v.c};
if (${col} === null) ${call}
else { const $o = ${cell}; if ($o === raw${info.index} && ${listing}) ${va}.noteAt(${at.t}, ${at.s}); ${cell} = ${combined}; } }`;
  }
  const sumD = info.spec.name === 'SumAccum' && info.spec.el.k === 'double';
  if (s.op === '+=' && at && sumD && isFloatType(v.t)) {
    // VAcc.addSumAt written out: the input added into the clause's delta column.
    const dv = g.typed(at, (ty) => `${va}.deltaF64(${ty})`);
    const dm = g.typed(at, (ty) => `${va}.deltaMark(${ty})`);
    const k = info.index;
    g.extra.add(`const tch${k} = ${va}.touched;`);
    g.extra.add(`${va}.markDirty();`);
    // Many sources: no marks (the flush reads the whole delta column, see denseFor); the scan
    // is built twice, with SPARSE true and false (jit.ts).
    g.denseSums.add(k);
    return `{ const $x = ${v.c}; ${dv}[${at.s}] += $x;
if (${SPARSE} && ${dm}[${at.s}] === 0) { ${dm}[${at.s}] = 1; tch${k}.push(${at.id}); } }`;
  }
  if (s.op === '+=' && v.t.k !== 'accum' && v.t.k !== 'any')
    return at
      ? `${va}.addDeferredAt(${at.t}, ${at.s}, ${at.id}, ${v.c});`
      : `${va}.addDeferred(${t}, ${v.c});`;
  const m = s.op === '=' ? 'assignDeferred' : 'addDeferred';
  return `${va}.${m}(${t}, snapshotValue(${v.c}));`;
}

/**
 * FOREACH over a value (not a RANGE): its items, as the closure tier takes them (foreach-items
 * foreachValues; in ACCUM a set's own list, its inputs being deferred), bound to JavaScript
 * variables by index. A loop variable of vertex type is a local (Gen.locals) whose per-type
 * variables are set again when its type changes. Over `x.@a`, a vertex's SetAccum (one loop
 * variable) or MapAccum (two) in ACCUM, the loop walks the vertex's table entries when its value
 * is held there (VAcc.pairCount), in the order the object would list them.
 */
function foreach(g: Gen, s: Foreach, mode: Mode): string {
  if (s.source.kind === 'RangeSpec') return refuse(g);
  const n = s.vars.length;
  const k = g.loopCount++;
  const list = `L${k}`;
  const j = `j${k}`;
  const table = mode === 'accum' ? tableSource(g, s.source, n) : null;
  const src = table === null ? g.expr(s.source) : null;
  const shape = foreachVars(s, g.cx, table?.t ?? (src as { t: T }).t);
  const rowT = shape.rowT ? g.constant(shape.rowT) : 'null';
  return withScope(g, () => {
    const binds: string[] = [];
    const vertexVars: string[] = [];
    s.vars.forEach((varName, i) => {
      const v = shape.vars[i] as (typeof shape.vars)[number];
      const slot = g.c.slot();
      g.cx.scope.map.set(varName, { kind: 'var', slot, t: v.t, row: true, loopVar: v.loopVar });
      const name = `v${slot}`;
      g.rowVars.set(slot, name);
      const value = table === null ? `${list}[${j} + ${i}]` : `a${k}_${i}`;
      binds.push(`const ${name} = ${value};${frameCopy(slot, name)}`);
      if (v.t.k === 'vertex') {
        g.locals.set(slot, { id: name, t: `${name}t`, s: `${name}s` });
        vertexVars.push(name);
      }
    });
    g.loops++;
    g.inBranch++;
    let body: string;
    try {
      body = s.body.map((x) => genStmt(g, x, mode)).join('\n');
    } finally {
      g.loops--;
      g.inBranch--;
    }
    for (const name of vertexVars) {
      const reload = g.reload(name);
      // Only when something reads the variable's type or slot.
      if (reload !== '' || new RegExp(`\\b${name}[ts]\\b`).test(body))
        binds.push(`const ${name}t = Math.floor(${name} * ${1 / VT});
const ${name}s = ${name} - ${name}t * VT;`);
      if (reload !== '') {
        g.extra.add(`let ${name}lt = -1;`);
        binds.push(`if (${name}t !== ${name}lt) {\n${name}lt = ${name}t;\n${reload}\n}`);
      }
    }
    if (table === null)
      return `{ const ${list} = foreachValues(${(src as { c: string }).c}, ${rowT}, ${n}, ${mode === 'accum'});
for (let ${j} = 0; ${j} < ${list}.length; ${j} += ${n}) {
${binds.join('\n')}
${body}
} }`;
    // The vertex's table entries, or (its value is an object) foreachValues' items.
    const { va, id } = table;
    const vars = s.vars.map((_x, i) => `a${k}_${i}`);
    const fromTable = vars.map((a, i) => `${a} = ${va}.${i === 0 ? 'pairKey' : 'pairVal'}(e${k});`);
    const fromList = vars.map((a, i) => `${a} = ${list}[${j} + ${i}];`);
    return `{ const I${k} = ${id};
const C${k} = ${va}.pairCount(I${k});
const ${list} = C${k} < 0 ? foreachValues(${va}.get(I${k}), ${rowT}, ${n}, true) : null;
let e${k} = C${k} < 0 ? -1 : ${va}.pairHead(I${k});
for (let ${j} = 0; ; ${j} += ${n}) {
let ${vars.join(', ')};
if (${list} === null) { if (e${k} < 0) break; ${fromTable.join(' ')} e${k} = ${va}.pairNext(e${k}); }
else { if (${j} >= ${list}.length) break; ${fromList.join(' ')} }
${binds.join('\n')}
${body}
} }`;
  });
}

/**
 * `x.@a` of a vertex SetAccum iterated by one variable, or MapAccum by two (the kinds whose
 * values VAcc may hold as table entries): the accumulator and vertex id codes, else null.
 */
function tableSource(g: Gen, e: Expr, n: number): { va: string; id: string; t: T } | null {
  if (e.kind !== 'VertexAccum' || !e.target || e.prime || g.c.eaccs.has(e.name)) return null;
  const info = g.c.vaccs.get(e.name);
  if (!info) return null;
  const name = info.spec.name;
  if (!((name === 'SetAccum' && n === 1) || (name === 'MapAccum' && n === 2))) return null;
  g.vas.add(info.index);
  return {
    va: `va${info.index}`,
    id: g.expr(e.target).c,
    t: accumValueType(info.spec),
  };
}

/**
 * `@@m += (k -> v)` of a MapAccum and `@@g += (k, ... -> v, ...)` of a GroupByAccum: the keys and
 * values computed in order as expr.ts computes an Arrow, then, when the += goes straight to the
 * accumulator (GAccPending.addsDirectly), given to it with no ArrowValue (MapAcc.addPair,
 * GroupByAcc.addRow, which keep nothing of the arrays); else an ArrowValue as before.
 */
function arrowAdd(
  g: Gen,
  index: number,
  spec: AccSpec,
  value: Expr & { kind: 'Arrow' },
): string | null {
  const pair = spec.name === 'MapAccum' && value.keys.length === 1 && value.values.length === 1;
  if (!pair && spec.name !== 'GroupByAccum') return null;
  const gp = `gp${index}`;
  const ks = value.keys.map((x) => g.expr(x).c);
  const vs = value.values.map((x) => g.expr(x).c);
  g.gps.add(index);
  if (pair)
    return `{ const $k = ${ks[0] as string}; const $v = ${vs[0] as string};
if (${gp}.addsDirectly()) r.g[${index}].addPair($k, $v);
else ${gp}.add(new ArrowValue([$k], [$v])); }`;
  const kk = g.scratch(ks.length);
  const vv = g.scratch(vs.length);
  const fill = [
    ...ks.map((c, i) => `${kk}[${i}] = ${c};`),
    ...vs.map((c, i) => `${vv}[${i}] = ${c};`),
  ].join(' ');
  return `{ ${fill}
if (${gp}.addsDirectly()) r.g[${index}].addRow(${kk}, ${vv});
else ${gp}.add(new ArrowValue(${kk}.slice(), ${vv}.slice())); }`;
}

/**
 * `@@heap += Tuple(args)` of a HeapAccum with one order key of a DOUBLE field: the key is
 * computed first, and the tuple is not built when the heap would drop it anyway (HeapAcc
 * rejectsKey: full, and the key orders at or after its last element), which is most vertices
 * of a top-k over a whole graph. Only when every argument is written out inline (no closure:
 * nothing skipped has effects, and the key's second evaluation gives the same value), its key
 * cannot stop the run (no integer division), and the += goes straight to the heap (deferred
 * inputs are folded at the end of the clause, against another heap state).
 */
function heapAdd(g: Gen, index: number, spec: AccSpec, value: Expr, add: string): string | null {
  if (spec.name !== 'HeapAccum' || spec.heapOrder?.length !== 1 || value.kind !== 'Call')
    return null;
  const tuple = g.c.tuples.get(value.name);
  const el = spec.el;
  const key = spec.heapOrder[0] as HeapKey;
  if (tuple === undefined || el.k !== 'tuple' || el.name !== tuple.name) return null;
  if (el.fields[key.index]?.type.k !== 'double' || value.args.length !== el.fields.length)
    return null;
  const before = g.closures.length;
  const frame = g.readsFrame;
  const codes = value.args.map((a) => g.expr(a).c);
  const keyCode = codes[key.index];
  if (g.closures.length !== before || keyCode === undefined || keyCode.includes('intDivisor')) {
    g.readsFrame = frame;
    return null;
  }
  return `{ const $k = ${keyCode};
if (!(gp${index}.addsDirectly() && r.g[${index}].rejectsKey($k))) ${add} }`;
}
