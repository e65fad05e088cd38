// Select layer: the code generator behind jit.ts: its state (Gen), JavaScript source for the
// expressions of a SELECT's WHERE, ACCUM and POST-ACCUM clauses (the statements are jit-stmts.ts),
// mirroring the closures of expressions/expr.ts and expressions/operators.ts (same runtime
// helpers, same result types); what it does not write out inline calls the ordinary compiled
// closure. Only numbers, slot indexes and fixed operator texts are pasted into the source, never
// text from the query: string literals and compile-time values are constants (Gen.constant).
import type { Expr } from '../../../../../core/gsql/index.js';
import { contains, intDivisor, snapshotValue } from '../context/runtime-helpers.js';
import { foreachValues } from '../context/foreach-items.js';
import { accContains, accMapGet, accSize } from '../context/vertex-container-reads.js';
import { ArrowValue } from '../../accum.js';
import type { Cx, Fn, SyncStmt } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import {
  add64,
  cmp,
  defaultValue,
  EdgeRef,
  eq,
  iadd,
  idiv,
  imod,
  imul,
  isub,
  mul64,
  sub64,
  num,
  udiv,
  uint64,
  umod,
  VT,
} from '../../runtime-values.js';
import { BUILTINS, IMPURE_BUILTINS } from '../../functions.js';
import { degreeAt, degreeEntryFn, degreeFn, singleAdjacency } from '../context/edge-walk.js';
import {
  vertexAttrReader,
  vertexAttrType,
  vertexColumnOf,
  vertexColumns,
  vertexTypeName,
} from '../context/graph-lookups.js';
import {
  accumValueType,
  arithKind,
  arithType,
  isScalarAccum,
  BOOL,
  DOUBLE,
  INT,
  isFloatType,
  isIntType,
  isNumeric,
  PRIMITIVE_KINDS,
  STRING,
  ANY,
  type AccSpec,
  type ArithKind,
  type T,
} from '../../types.js';
import { compileExpr, slotOf } from '../expressions/expr.js';
import { builtinBody, SPECIAL_CALLS, tupleMaker } from '../expressions/calls.js';
import { unavailableUdf } from '../../udf/index.js';
import type { CompileUpper } from '../statements/statement.js';

export interface Local {
  readonly id: string;
  readonly t: string;
  readonly s: string;
}

/** Built-ins that are `Math[name](num(x))` (functions.ts, math1). */
const MATH1 = new Set([
  'sqrt',
  'exp',
  'log',
  'log10',
  'log2',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
]);

const helpers = {
  accContains,
  accMapGet,
  accSize,
  add64,
  ArrowValue,
  contains,
  // A declared variable's default, fresh per row (a list's is an object of its own).
  defaultValueOf: defaultValue,
  foreachValues,
  vertexTypeName,
  intDivisor,
  cmp,
  eq,
  iadd,
  idiv,
  imod,
  imul,
  isub,
  mul64,
  sub64,
  num,
  udiv,
  uint64,
  umod,
  snapshotValue,
  vertexColumnOf,
  EdgeRef,
  VT,
};

/**
 * A clause variable's new value `js` copied to its frame slot: kept only when some closure of the
 * generated function may read the frame (Gen.readsFrame, known once the function is written).
 */
export const frameCopy = (slot: number, js: string): string => `/*F${slot}=${js}*/`;
const FRAME_MARK = /\/\*F(\d+)=(\w+)\*\//g;

/** Placeholder in generated scan code: `true` in the variant that marks each += input. */
export const SPARSE = '__SPARSE__';

export class Gen {
  /** Fallback closures, called as X<k>(r). */
  readonly closures: (Fn | SyncStmt | ((r: Run, id: number) => number))[] = [];
  readonly vas = new Set<number>();
  readonly gps = new Set<number>();
  /** Declarations at the start of each source vertex's rows. */
  readonly perSource: string[] = [];
  ok = true;
  /** Alias slot -> locals of the generated function: the vertex id, its type index and slot. */
  locals = new Map<number, Local>();
  /** Per-source memos of ACCUM inputs (see perSourceValue). */
  private readonly memos: { name: string; code: string; memo: string }[] = [];
  /** Vertex accumulators whose += inputs the scan adds into delta columns (see stmt). */
  readonly denseSums = new Set<number>();
  /** Frame slots of query variables the code reads (as FV<slot>, see build). */
  readonly frameVars = new Set<number>();
  /** Lines of the prologue beyond the accumulator bindings (each once). */
  readonly extra = new Set<string>();
  /** Per-type variables by `local id|initializer`: see typed(). */
  private readonly typedVars = new Map<string, string>();
  /** Statements reloading the per-type variables of a local, by the local's id name. */
  private readonly reloads = new Map<string, string[]>();
  /** Variables of the clause (declared in it, FOREACH loop variables): frame slot -> JS name. */
  readonly rowVars = new Map<number, string>();
  /** Per-type variables of locals whose type changes inside a row (FOREACH loop variables). */
  readonly innerTyped = new Set<string>();
  /** FOREACH loops around the statement being written (BREAK / CONTINUE need one). */
  loops = 0;
  /** Statements under an IF or in a FOREACH body: they may not run for every row. */
  inBranch = 0;
  /** Numbers the FOREACH loops of the generated function. */
  loopCount = 0;
  constructor(
    readonly c: CompileContext,
    /** The scope changes as blocks open (jit-stmts.ts withScope). */
    public cx: Cx,
    /** The statement kinds of the layers above, for the statement closures (statement.ts). */
    readonly upper: CompileUpper,
  ) {}

  /** A value of the compile (a string literal, a type) as a constant of the generated code. */
  constant(v: unknown): string {
    this.closures.push(v as Fn);
    return `X${this.closures.length - 1}`;
  }

  /** Some fallback closure may read the frame (alias slots must then be kept up to date). */
  readsFrame = false;
  /**
   * The expression being written may differ between the rows of one source vertex (it reads the
   * target, a row variable or a closure). Others are evaluated once per source (see stmt).
   */
  private rowDep = false;
  /** Rows have more than one row per source vertex (a hop): memoizing per source pays. */
  hoist = false;

  private fallback(e: Expr): { c: string; t: T } {
    this.readsFrame = true;
    this.rowDep = true;
    const ce = compileExpr(this.c, e, this.cx);
    this.closures.push(ce.f);
    return { c: `X${this.closures.length - 1}(r)`, t: ce.t };
  }

  slotCode(slot: number): string {
    return this.locals.get(slot)?.id ?? this.rowVars.get(slot) ?? `f[${slot}]`;
  }

  /**
   * A value that depends only on a local vertex's type (an accumulator column, collector marks):
   * a variable of the generated function, set by reload(local) whenever that type changes, so a
   * row reads a typed array instead of calling a method per row.
   */
  typed(at: Local, init: (t: string) => string): string {
    const text = init(at.t);
    const key = `${at.id}|${text}`;
    let name = this.typedVars.get(key);
    if (name === undefined) {
      name = `tc${this.typedVars.size}`;
      this.typedVars.set(key, name);
      if (at.id !== 'sid' && at.id !== 'tid' && at.id !== 'pv') this.innerTyped.add(name);
      let list = this.reloads.get(at.id);
      if (!list) this.reloads.set(at.id, (list = []));
      list.push(`${name} = ${text};`);
    }
    return name;
  }

  /**
   * `code` reading constant copies of the per-type variables (`tc3` as `tc3c`), and the
   * declarations of those copies: inside a loop over which the variables do not change, V8 then
   * checks each array's kind once instead of at every access.
   */
  constCopies(code: string): { code: string; decl: string } {
    // Not those of FOREACH loop variables: they change inside the range.
    const used = [...this.typedVars.values()].filter(
      (v) => !this.innerTyped.has(v) && new RegExp(`\\b${v}\\b`).test(code),
    );
    if (used.length === 0) return { code, decl: '' };
    return {
      code: code.replace(/\btc(\d+)\b/g, (v) => (used.includes(v) ? `${v}c` : v)),
      decl: `const ${used.map((v) => `${v}c = ${v}`).join(', ')};`,
    };
  }

  /** Adds a statement to those run when the type of the local named `id` changes. */
  onReload(id: string, stmt: string): void {
    let list = this.reloads.get(id);
    if (!list) this.reloads.set(id, (list = []));
    if (!list.includes(stmt)) list.push(stmt);
  }

  /** The statements that set the per-type variables of the local named `id` (see typed()). */
  reload(id: string): string {
    return (this.reloads.get(id) ?? []).join('\n');
  }

  /** The locals of an expression naming an alias held in locals. */
  local(e: Expr): Local | undefined {
    const slot = slotOf(this.c, e, this.cx);
    return slot >= 0 ? this.locals.get(slot) : undefined;
  }

  expr(e: Expr): { c: string; t: T } {
    switch (e.kind) {
      case 'IntLit':
        return typeof e.value === 'number' && Number.isSafeInteger(e.value)
          ? { c: `(${e.value})`, t: INT }
          : this.fallback(e);
      case 'FloatLit':
        return Number.isFinite(e.value) ? { c: `(${e.value})`, t: DOUBLE } : this.fallback(e);
      case 'BoolLit':
        return { c: e.value ? 'true' : 'false', t: BOOL };
      case 'Name': {
        const sym = this.cx.scope.lookup(e.name);
        if (sym && (sym.kind === 'var' || sym.kind === 'alias')) {
          let code = this.slotCode(sym.slot);
          // A variable of the query (not of the row): read once per call when no closure can
          // write the frame meanwhile (see build).
          if (sym.kind === 'var' && !sym.row && !this.locals.has(sym.slot)) {
            this.frameVars.add(sym.slot);
            code = `FV${sym.slot}`;
          }
          if ((sym.kind === 'var' && sym.row) || (sym.kind === 'alias' && code !== 'sid'))
            this.rowDep = true;
          return { c: code, t: sym.t };
        }
        return this.fallback(e);
      }
      case 'GlobalAccum': {
        const info = this.c.gaccs.get(e.name);
        if (!info || e.prime) return this.fallback(e);
        return { c: `r.g[${info.index}].value()`, t: accumValueType(info.spec) };
      }
      case 'VertexAccum': {
        const info = this.c.vaccs.get(e.name);
        if (!info || !e.target) return this.fallback(e);
        this.vas.add(info.index);
        const at = this.local(e.target);
        if (at && at.id !== 'sid') this.rowDep = true;
        if (!e.prime && at && isScalarAccum(info.spec)) {
          const col = this.typed(at, (t) => `va${info.index}.col(${t})`);
          const cell = `${col}[${at.s}]`;
          // OrAccum / AndAccum columns hold 0 / 1 (see VAcc).
          const bools = info.spec.name === 'OrAccum' || info.spec.name === 'AndAccum';
          return { c: bools ? `(${cell} === 1)` : cell, t: accumValueType(info.spec) };
        }
        if (e.prime && at) {
          const slow = `va${info.index}.getPrevAt(${at.t}, ${at.s}, ${at.id})`;
          if (!isScalarAccum(info.spec)) return { c: slow, t: accumValueType(info.spec) };
          // The snapshot's Float64Array when there is one (VAcc.prevF64).
          const prev = this.typed(at, (ty) => `va${info.index}.prevF64(${ty})`);
          return {
            c: `(${prev} !== null ? ${prev}[${at.s}] : ${slow})`,
            t: accumValueType(info.spec),
          };
        }
        const target = this.expr(e.target);
        const m = e.prime ? 'getPrev' : 'get';
        return { c: `va${info.index}.${m}(${target.c})`, t: accumValueType(info.spec) };
      }
      case 'Unary':
        if (e.op === 'NOT') return { c: `(!${this.expr(e.operand).c})`, t: BOOL };
        return this.fallback(e);
      case 'Binary':
        return this.binary(e);
      case 'MethodCall':
        return this.outdegree(e) ?? this.accMethod(e) ?? this.fallback(e);
      case 'Call':
        return this.math(e) ?? this.call(e) ?? this.fallback(e);
      case 'Attr':
        return this.attr(e) ?? this.fallback(e);
      case 'StringLit':
        return { c: this.constant(e.value), t: STRING };
      case 'Arrow': {
        // As expr.ts builds it: the keys and the values, each list in order.
        const ks = e.keys.map((x) => this.expr(x).c);
        const vs = e.values.map((x) => this.expr(x).c);
        return { c: `new ArrowValue([${ks.join(', ')}], [${vs.join(', ')}])`, t: ANY };
      }
      case 'Between':
      case 'CaseExpr':
      case 'ColumnRef':
      case 'DatetimeLit':
      case 'In':
      case 'Index':
      case 'Interval':
      case 'IsNull':
      case 'IsTest':
      case 'JsonObject':
      case 'Like':
      case 'ListLit':
      case 'NullLit':
      case 'TupleLit':
      case 'TypeStar':
      case 'VertexSetLit':
      case 'Wildcard':
        return this.fallback(e);
    }
  }

  /** Per attribute name: the closures attr() reads through (vertexColumns, vertexAttrReader). */
  private readonly attrSites = new Map<string, { cols: string; slow: string }>();

  /**
   * `alias.name` of a vertex alias held in locals: a read of the attribute's column for the
   * vertex's type, a per-type variable (see typed). When the type keeps no such column it is
   * null and the closure tier's reader answers (the primary id read as an attribute, or the
   * unknown-attribute error), as it does for every row in the closure tier.
   */
  private attr(e: Expr & { kind: 'Attr' }): { c: string; t: T } | null {
    const at = this.local(e.target);
    const sym = e.target.kind === 'Name' ? this.cx.scope.lookup(e.target.name) : undefined;
    if (!at || !sym || (sym.kind !== 'alias' && sym.kind !== 'var') || sym.t.k !== 'vertex')
      return null;
    if (at.id !== 'sid') this.rowDep = true;
    // The vertex type's name (vertex-access.ts): a per-type variable.
    if (e.name === 'type')
      return { c: this.typed(at, (ty) => `vertexTypeName(r, ${ty})`), t: STRING };
    const t = vertexAttrType(this.c, sym.t.vt, e.name);
    if (!t) return null;
    let site = this.attrSites.get(e.name);
    if (!site) {
      this.closures.push(vertexColumns(this.c, e.name));
      const cols = `X${this.closures.length - 1}`;
      this.closures.push(vertexAttrReader(this.c, e.name) as unknown as Fn);
      site = { cols, slow: `X${this.closures.length - 1}` };
      this.attrSites.set(e.name, site);
    }
    const { cols, slow } = site;
    const col = this.typed(at, (ty) => `vertexColumnOf(r, ${cols}(r), ${ty})`);
    return { c: `(${col} !== null ? ${col}[${at.s}] : ${slow}(r, ${at.id}))`, t };
  }

  /**
   * An ACCUM input: when it reads nothing of the row but the source vertex (and values that stay
   * fixed during the clause: its writes are deferred), it is computed at its first use for each
   * source vertex and reused by that source's other rows.
   */
  perSourceValue(e: Expr): { c: string; t: T } {
    const outer = this.rowDep;
    this.rowDep = false;
    const v = this.expr(e);
    const dep = this.rowDep;
    this.rowDep = outer || dep;
    // Plain values only (a memoized object would be shared by the rows).
    const plain = isNumeric(v.t) || v.t.k === 'bool' || v.t.k === 'string';
    if (dep || !plain || !this.hoist || !/[(.[]/.test(v.c)) return v;
    const h = `h${this.perSource.length}`;
    // Initialised with a value of its kind, so a numeric memo stays a number in V8's eyes.
    const init = v.t.k === 'bool' ? 'false' : v.t.k === 'string' ? "''" : '0';
    this.perSource.push(`let ${h} = ${init}, ${h}ok = false;`);
    const memo = `(${h}ok ? ${h} : ((${h} = ${v.c}), (${h}ok = true), ${h}))`;
    this.memos.push({ name: h, code: v.c, memo });
    return { c: memo, t: v.t };
  }

  /**
   * Code that sets every per-source memo not yet set. Memoized values read no closure (those
   * count as row-dependent), so they have no effect but their value or an error; where every row
   * of a range reaches the ACCUM statements, evaluating them at the range's first row is what
   * the rows would do, and the rows can then read the plain variable (see withoutMemos).
   */
  memoInit(): string {
    return this.memos
      .map((m) => `if (!${m.name}ok) { ${m.name} = ${m.code}; ${m.name}ok = true; }`)
      .join('\n');
  }

  /** `code` with each memo read as its variable (after memoInit). */
  withoutMemos(code: string): string {
    let out = code;
    for (const m of this.memos) out = out.split(m.memo).join(m.name);
    return out;
  }

  /**
   * One-argument Math built-ins (functions.ts: `f(num(x))`, DOUBLE) and abs() of a FLOAT/DOUBLE
   * (`Math.abs`, the argument's type), written as direct Math calls.
   */
  private math(e: Expr & { kind: 'Call' }): { c: string; t: T } | null {
    const lname = e.name.toLowerCase();
    if (e.args.length !== 1 || this.c.tuples.has(e.name) || !BUILTINS.has(lname)) return null;
    const isMath = MATH1.has(lname);
    if (!isMath && lname !== 'abs') return null;
    const a = this.expr(e.args[0] as Expr);
    // The result type is the function table's (sqrt is FLOAT), as the interpreted tier has it.
    const t = BUILTINS.get(lname)?.type([a.t]) ?? DOUBLE;
    // A FLOAT result is the 32-bit value, as the closure tier's call (calls.ts) gives it.
    const call = `Math.${lname}(num(${a.c}))`;
    if (isMath) return { c: t.k === 'float' ? `Math.fround(${call})` : call, t };
    return isFloatType(a.t) ? { c: `Math.abs(num(${a.c}))`, t: a.t } : null;
  }

  /**
   * A tuple constructor, or a built-in (not a special form, calls.ts SPECIAL_CALLS) called with
   * its arguments written out: the closure tier's body (calls.ts tupleMaker, builtinBody) given
   * the argument values in an array, as the closure gives them.
   */
  private call(e: Expr & { kind: 'Call' }): { c: string; t: T } | null {
    const tuple = this.c.tuples.get(e.name);
    if (tuple) {
      if (e.args.length !== tuple.fields.length) return null;
      const make = this.constant(tupleMaker(tuple));
      return { c: `${make}([${e.args.map((a) => this.expr(a).c).join(', ')}])`, t: tuple };
    }
    const lname = e.name.toLowerCase();
    const builtin = BUILTINS.get(lname);
    if (builtin === undefined || e.distinct || SPECIAL_CALLS.has(lname)) return null;
    if (unavailableUdf(e.name) !== undefined) return null;
    if (e.args.length < builtin.min || e.args.length > builtin.max) return null;
    // A value that changes from call to call is never one of a source's memos (perSourceValue).
    if (IMPURE_BUILTINS.has(lname)) this.rowDep = true;
    const args = e.args.map((a) => this.expr(a));
    const { fn, t } = builtinBody(
      builtin,
      args.map((a) => a.t),
    );
    const call = this.constant(fn);
    // A value of a primitive type cannot be the argument array: the call site's own array is
    // filled for each call (built-ins keep nothing of it), instead of a new one per call.
    // A primitive result is never the argument array a built-in was given.
    if (!PRIMITIVE_KINDS.has(t.k))
      return { c: `${call}([${args.map((a) => a.c).join(', ')}], r)`, t };
    const a = this.scratch(args.length);
    const fill = args.map((x, i) => `(${a}[${i}] = ${x.c}), `).join('');
    return { c: `(${fill}${call}(${a}, r))`, t };
  }

  /** An array of n slots of the generated function, filled anew at each use (see call). */
  scratch(n: number): string {
    const name = `S${this.scratches++}`;
    this.extra.add(`const ${name} = new Array(${n});`);
    return name;
  }
  private scratches = 0;

  /**
   * `v.outdegree([types])` of an alias held in locals: the degree function the closure uses, read
   * once per source vertex when `v` is the source.
   */
  private outdegree(e: Expr & { kind: 'MethodCall' }): { c: string; t: T } | null {
    const at = this.local(e.target);
    const sym = e.target.kind === 'Name' ? this.cx.scope.lookup(e.target.name) : undefined;
    if (!at || e.name.toLowerCase() !== 'outdegree' || e.args.length > 1) return null;
    if (!sym || sym.kind !== 'alias' || sym.t.k !== 'vertex') return null;
    const arg = e.args[0];
    const names = arg ? compileExpr(this.c, arg, this.cx).f : null;
    // In ACCUM the edge type list cannot change during the clause (writes to variables wait for
    // its end) when it is a literal or a variable: its walks are found once, at the first row.
    const argSym = arg?.kind === 'Name' ? this.cx.scope.lookup(arg.name) : undefined;
    const fixed =
      this.cx.mode === 'accum' &&
      (!arg || arg.kind === 'StringLit' || (argSym?.kind === 'var' && !argSym.row));
    if (fixed) {
      this.closures.push(degreeEntryFn(this.c, names));
      const k = this.closures.length - 1;
      this.closures.push(degreeAt as unknown as Fn);
      this.closures.push(singleAdjacency as unknown as Fn);
      this.extra.add(`const degreeAt${k} = X${k + 1};`);
      this.extra.add(`const singleAdjacency${k} = X${k + 2};`);
      this.extra.add(`let DE${k} = null;`);
      const call = (t: string, s: string) =>
        `degreeAt${k}(r, DE${k} === null ? (DE${k} = X${k}(r)) : DE${k}, ${t}, ${s})`;
      if (at.id !== 'sid') {
        this.rowDep = true;
        return { c: call(at.t, at.s), t: INT };
      }
      // The source's degree along one directed walk with no deletes or delta: the size of its
      // CSR range (DA: that adjacency for the source's type, set with DE and on a type change).
      const da = `DA${k}`;
      this.extra.add(`let ${da} = null;`);
      this.onReload('sid', `${da} = DE${k} === null ? null : singleAdjacency${k}(DE${k}, st);`);
      const init = `(DE${k} === null ? ((DE${k} = X${k}(r)), (${da} = singleAdjacency${k}(DE${k}, st)), DE${k}) : DE${k})`;
      const direct = `(ss < ${da}.built ? ${da}.offsets[ss + 1] - ${da}.offsets[ss] : 0)`;
      const count = `(${da} !== null && ${da}.dead === 0 && ${da}.deltaCount === 0 ? ${direct} : degreeAt${k}(r, ${init}, st, ss))`;
      const memo = `deg${k}`;
      this.perSource.push(`let ${memo} = -1;`);
      return { c: `(${memo} >= 0 ? ${memo} : (${memo} = ${count}))`, t: INT };
    }
    this.closures.push(degreeFn(this.c, names));
    const d = `X${this.closures.length - 1}`;
    if (at.id !== 'sid') {
      this.rowDep = true;
      return { c: `${d}(r, ${at.id})`, t: INT };
    }
    const memo = `deg${this.closures.length - 1}`;
    this.perSource.push(`let ${memo} = -1;`);
    return { c: `(${memo} >= 0 ? ${memo} : (${memo} = ${d}(r, sid)))`, t: INT };
  }

  /**
   * `size()`, `contains(x)` and a MapAccum's `get(k)` of a container accumulator, `v.@a` or
   * `@@a`, as compileAccMethod (methods.ts) answers them. A vertex's is read where it is (table
   * entries, its object, or VAcc.peek's empty one where the closure tier would make it one).
   */
  private accMethod(e: Expr & { kind: 'MethodCall' }): { c: string; t: T } | null {
    const lname = e.name.toLowerCase();
    const tg = e.target;
    // The calls on the accumulator: a vertex's through vertex-container-reads.ts, a global's direct.
    let call: (method: 'size' | 'contains' | 'get', arg: string) => string;
    let spec: AccSpec;
    if (tg.kind === 'VertexAccum' && tg.target && !tg.prime && !this.c.eaccs.has(tg.name)) {
      const info = this.c.vaccs.get(tg.name);
      if (!info || isScalarAccum(info.spec)) return null;
      this.vas.add(info.index);
      const at = `va${info.index}, ${this.expr(tg.target).c}`;
      call = (m, arg) =>
        m === 'size'
          ? `accSize(${at})`
          : m === 'contains'
            ? `accContains(${at}, ${arg})`
            : `accMapGet(${at}, ${arg})`;
      spec = info.spec;
    } else if (tg.kind === 'GlobalAccum' && !tg.prime) {
      const info = this.c.gaccs.get(tg.name);
      if (!info || isScalarAccum(info.spec)) return null;
      const obj = `r.g[${info.index}]`;
      call = (m, arg) =>
        m === 'size'
          ? `${obj}.size()`
          : m === 'contains'
            ? `contains(${obj}, ${arg})`
            : `${obj}.get(${arg})`;
      spec = info.spec;
    } else return null;
    if (lname === 'size' && e.args.length === 0) return { c: call('size', ''), t: INT };
    const arg = e.args[0];
    if (arg === undefined || e.args.length !== 1) return null;
    if (lname === 'contains' && spec.name !== 'GroupByAccum')
      return { c: call('contains', this.expr(arg).c), t: BOOL };
    if (lname === 'get' && spec.name === 'MapAccum')
      return { c: call('get', this.expr(arg).c), t: spec.val ? accumValueType(spec.val) : ANY };
    return null;
  }

  /**
   * A boolean condition as 0/1 arithmetic, with no branch, or null: OrAccum/AndAccum reads of an
   * alias in locals (their columns hold 0/1), TRUE/FALSE, NOT, == / != between them, AND, OR.
   * A row loop can then count a vertex without a jump that mispredicts half the time.
   */
  bit(e: Expr): string | null {
    if (e.kind === 'BoolLit') return e.value ? '1' : '0';
    if (e.kind === 'VertexAccum') {
      const info = this.c.vaccs.get(e.name);
      const at = e.target ? this.local(e.target) : undefined;
      const name = info?.spec.name;
      if (!info || !at || e.prime || (name !== 'OrAccum' && name !== 'AndAccum')) return null;
      this.vas.add(info.index);
      if (at.id !== 'sid') this.rowDep = true;
      return `${this.typed(at, (t) => `va${info.index}.col(${t})`)}[${at.s}]`;
    }
    if (e.kind === 'Unary') {
      const x = e.op === 'NOT' ? this.bit(e.operand) : null;
      return x === null ? null : `(1 - ${x})`;
    }
    if (e.kind !== 'Binary' || !['AND', 'OR', '==', '!='].includes(e.op)) return null;
    const a = this.bit(e.left);
    const b = a === null ? null : this.bit(e.right);
    if (a === null || b === null) return null;
    if (e.op === 'AND') return `(${a} & ${b})`;
    if (e.op === 'OR') return `(${a} | ${b})`;
    return e.op === '==' ? `(1 - (${a} ^ ${b}))` : `(${a} ^ ${b})`;
  }

  /** The expression's value is always a JS boolean. */
  private isBool(e: Expr): boolean {
    if (e.kind === 'BoolLit') return true;
    if (e.kind === 'Unary') return e.op === 'NOT';
    if (e.kind === 'Binary') return ['AND', 'OR', '==', '!=', '<', '<=', '>', '>='].includes(e.op);
    if (e.kind === 'VertexAccum') {
      const name = this.c.vaccs.get(e.name)?.spec.name;
      return name === 'OrAccum' || name === 'AndAccum';
    }
    return false;
  }

  /** Mirrors compile-operators' binary() for the numeric, comparison and logic cases. */
  private binary(e: Expr & { kind: 'Binary' }): { c: string; t: T } {
    const l = this.expr(e.left);
    const rr = this.expr(e.right);
    const a = l.c;
    const b = rr.c;
    const numeric = isNumeric(l.t) && isNumeric(rr.t);
    const cmpOp = (op: string) =>
      numeric ? { c: `(${a} ${op} ${b})`, t: BOOL } : { c: `(cmp(${a}, ${b}) ${op} 0)`, t: BOOL };
    switch (e.op) {
      case 'AND':
        return { c: `(Boolean(${a}) && Boolean(${b}))`, t: BOOL };
      case 'OR':
        return { c: `(Boolean(${a}) || Boolean(${b}))`, t: BOOL };
      case '==':
      case '!=': {
        const op = e.op === '==' ? '' : '!';
        if (numeric) return { c: `(${a} ${e.op} ${b})`, t: BOOL };
        // eq() of two booleans, or of two strings, is ===.
        if (this.isBool(e.left) && this.isBool(e.right))
          return { c: `(${a} ${op}== ${b})`, t: BOOL };
        if (l.t.k === 'string' && rr.t.k === 'string') return { c: `(${a} ${op}== ${b})`, t: BOOL };
        return { c: `(${op}eq(${a}, ${b}))`, t: BOOL };
      }
      case '<':
      case '<=':
      case '>':
      case '>=':
        return cmpOp(e.op);
      case '+':
      case '-':
      case '*':
      case '/':
      case '%': {
        // Strings, lists, datetimes and untyped operands: the compiled closure.
        const kind = arithKind(l.t, rr.t);
        // An integer divisor of a floating division is checked, as operators.ts does.
        const divisor =
          e.op === '/' && (kind === 'float' || kind === 'double') && isIntType(rr.t)
            ? `intDivisor(${b})`
            : b;
        if (kind) return { c: arithmeticCode(e.op, kind, a, divisor), t: arithType(kind) };
        if (e.op === '%') return { c: `(num(${a}) % num(${b}))`, t: DOUBLE };
        break;
      }
      // Bitwise, shift and set operators: the compiled closure.
      case '&':
      case '|':
      case '<<':
      case '>>':
      case 'UNION':
      case 'INTERSECT':
      case 'MINUS':
        break;
    }
    return this.fallback(e);
  }

  prologue(): string {
    const lines = ['const f = r.f;'];
    for (const i of this.vas) lines.push(`const va${i} = r.va[${i}];`);
    for (const i of this.gps) lines.push(`const gp${i} = r.pendingFor(${i});`);
    lines.push(...this.extra);
    for (const name of this.typedVars.values()) lines.push(`let ${name};`);
    return lines.join('\n');
  }
}

/**
 * The source of `a op b` computed in `kind`, the same operations as compile-operators'
 * arithmetic(): INT wraps at 64 bits, UINT is unsigned 64-bit, FLOAT rounds to 32 bits.
 */
function arithmeticCode(
  op: '+' | '-' | '*' | '/' | '%',
  kind: ArithKind,
  a: string,
  b: string,
): string {
  switch (kind) {
    case 'int': {
      const f = ({ '+': 'add64', '-': 'sub64', '*': 'mul64', '/': 'idiv', '%': 'imod' } as const)[
        op
      ];
      return `${f}(${a}, ${b})`;
    }
    case 'uint': {
      if (op === '/') return `udiv(${a}, ${b})`;
      if (op === '%') return `umod(${a}, ${b})`;
      return `uint64(${op === '+' ? 'iadd' : op === '-' ? 'isub' : 'imul'}(${a}, ${b}))`;
    }
    case 'float':
      return `Math.fround(Math.fround(num(${a})) ${op} Math.fround(num(${b})))`;
    case 'double':
      return `(num(${a}) ${op} num(${b}))`;
  }
}

/** Compiles generated source into a function (the helpers and closures in scope). */
export function build(g: Gen, name: string, params: string, body: string): unknown {
  const names = Object.keys(helpers);
  const closures = g.closures.map((_x, k) => `const X${k} = X[${k}];`).join('\n');
  // Query variables: constants of the call unless a closure may write the frame meanwhile.
  const hoist = !g.readsFrame;
  const vars = hoist ? [...g.frameVars].map((s) => `const FV${s} = f[${s}];`).join('\n') : '';
  const framed = body.replace(FRAME_MARK, g.readsFrame ? 'f[$1] = $2;' : '');
  const code = hoist ? framed : framed.replace(/\bFV(\d+)\b/g, 'f[$1]');
  const src = `"use strict";\n${closures}\nreturn function ${name}(${params}) {\n${g.prologue()}\n${vars}\n${code}\n};`;
  let factory = factories.get(src);
  if (factory === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- source built from the AST, see above
    factory = new Function(...names, 'X', src) as Factory;
    if (factories.size >= maxFactories) factories.clear();
    factories.set(src, factory);
  }
  return factory(...names.map((n) => helpers[n as keyof typeof helpers]), g.closures);
}

type Factory = (...args: unknown[]) => unknown;

/**
 * Factories by generated source. Queries of the same shape (an interpreted query sent again with
 * a new comment, the same SELECT in two queries) get functions made by one factory: V8 keeps
 * one compiled and optimized code per factory, so they start fast instead of warming up anew.
 */
const factories = new Map<string, Factory>();
const maxFactories = 512;
