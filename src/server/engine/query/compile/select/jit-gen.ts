// Select layer: the code generator behind jit.ts: JavaScript source for the expressions and
// statements of a SELECT's WHERE, ACCUM and POST-ACCUM clauses, mirroring the closures of
// expressions/expr.ts, expressions/operators.ts and statements/assign.ts (same runtime helpers,
// same result types); what it does not write out inline calls the ordinary compiled closure. Only
// numbers, slot indexes and fixed operator texts are pasted into the source, never text from the
// query.
import type { DmlStmt, Expr, If } from '../../../../../core/gsql/index.js';
import { intDivisor, snapshotValue } from '../context/runtime-helpers.js';
import { type Cx, type Fn, Scope, type SyncStmt } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import {
  add64,
  cmp,
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
import { BUILTINS } from '../../functions.js';
import { degreeAt, degreeEntryFn, degreeFn, singleAdjacency } from '../context/edge-walk.js';
import {
  vertexAttrReader,
  vertexAttrType,
  vertexColumnOf,
  vertexColumns,
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
  type AccSpec,
  type ArithKind,
  type HeapKey,
  type T,
} from '../../types.js';
import { compileExpr, slotOf } from '../expressions/expr.js';
import { compileStmt, type CompileUpper } from '../statements/statement.js';

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
  add64,
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
  constructor(
    readonly c: CompileContext,
    readonly cx: Cx,
    /** The statement kinds of the layers above, for the statement closures (statement.ts). */
    readonly upper: CompileUpper,
  ) {}

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
    return this.locals.get(slot)?.id ?? `f[${slot}]`;
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
    const used = [...this.typedVars.values()].filter((v) => new RegExp(`\\b${v}\\b`).test(code));
    if (used.length === 0) return { code, decl: '' };
    return {
      code: code.replace(/\btc(\d+)\b/g, 'tc$1c'),
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
        return this.outdegree(e) ?? this.fallback(e);
      case 'Call':
        return this.math(e) ?? this.fallback(e);
      case 'Attr':
        return this.attr(e) ?? this.fallback(e);
      case 'Arrow':
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
      case 'StringLit':
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
    if (!at || !sym || sym.kind !== 'alias' || sym.t.k !== 'vertex' || e.name === 'type')
      return null;
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
    if (at.id !== 'sid') this.rowDep = true;
    return { c: `(${col} !== null ? ${col}[${at.s}] : ${slow}(r, ${at.id}))`, t };
  }

  /**
   * An ACCUM input: when it reads nothing of the row but the source vertex (and values that stay
   * fixed during the clause: its writes are deferred), it is computed at its first use for each
   * source vertex and reused by that source's other rows.
   */
  private perSourceValue(e: Expr): { c: string; t: T } {
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
        // eq() of two booleans is ===.
        if (this.isBool(e.left) && this.isBool(e.right))
          return { c: `(${a} ${op}== ${b})`, t: BOOL };
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

  /** Statements under an IF of the clause being written (see branches). */
  private inBranch = 0;

  /** One statement of an ACCUM ('accum') or POST-ACCUM ('post') clause. */
  stmt(s: DmlStmt, mode: 'accum' | 'post'): string {
    if (s.kind === 'If') return this.branches(s, mode);
    if (s.kind !== 'Assign') {
      this.ok = false;
      return '';
    }
    const tg = s.target;
    if (tg.kind === 'VertexAccum' && tg.target) {
      const info = this.c.vaccs.get(tg.name);
      const direct = slotOf(this.c, tg.target, this.cx);
      if (info && direct >= 0) {
        // A per-source memo may be computed before the rows (see perSourceValue): not for a
        // value under an IF, which the closure tier computes only when its branch is taken.
        const v =
          mode === 'accum' && this.inBranch === 0
            ? this.perSourceValue(s.value)
            : this.expr(s.value);
        const va = `va${info.index}`;
        this.vas.add(info.index);
        const t = this.slotCode(direct);
        const at = this.local(tg.target);
        // POST-ACCUM, and ACCUM inputs that apply at once (select/at-once.ts): written now.
        if (mode === 'post' || this.cx.atOnce?.has(info.index) === true) {
          const m = s.op === '=' ? 'assign' : 'add';
          const call = at
            ? `${va}.${m}At(${at.t}, ${at.s}, ${at.id}, $x);`
            : `${va}.${m}(${t}, $x);`;
          // A FLOAT/DOUBLE Sum held in a Float64Array (VAcc.f64Col), given a number: written
          // straight into the column, converted as the accumulator converts (FLOAT: 32 bits).
          const el = info.spec.el.k;
          const name = info.spec.name;
          const sum = name === 'SumAccum' && (el === 'double' || el === 'float');
          const bools = name === 'OrAccum' || name === 'AndAccum';
          // A FLOAT/DOUBLE Sum held in a Float64Array (VAcc.f64Col) given a number, or an Or/And
          // held in a Uint8Array (VAcc.u8Col) given a boolean: written straight into the column,
          // converted and combined as the accumulator does (FLOAT: 32 bits; 1 / 0 for booleans).
          if (!at || !((sum && isNumeric(v.t)) || (bools && v.t.k === 'bool')))
            return `{ const $x = ${v.c}; ${call} }`;
          const col = this.typed(at, (ty) => `${va}.${sum ? 'f64Col' : 'u8Col'}(${ty})`);
          // False once the column is refilled on release anyway (VAcc.listing, never true again).
          const listing = this.typed(at, (ty) => `${va}.listing(${ty})`);
          this.extra.add(`const raw${info.index} = ${va}.rawValue;`);
          // The accumulator's converter (runtime-values converter): an INT may be a bigint.
          const x = isFloatType(v.t) ? '$x' : 'num($x)';
          const cell = `${col}[${at.s}]`;
          const value = bools
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
else { const $o = ${cell}; if ($o === raw${info.index} && ${listing}) ${va}.noteAt(${at.t}, ${at.s}); ${cell} = ${value}; } }`;
        }
        const sumD = info.spec.name === 'SumAccum' && info.spec.el.k === 'double';
        if (s.op === '+=' && at && sumD && isFloatType(v.t)) {
          // VAcc.addSumAt written out: the input added into the clause's delta column.
          const dv = this.typed(at, (ty) => `${va}.deltaF64(${ty})`);
          const dm = this.typed(at, (ty) => `${va}.deltaMark(${ty})`);
          const k = info.index;
          this.extra.add(`const tch${k} = ${va}.touched;`);
          this.extra.add(`${va}.markDirty();`);
          // Many sources: no marks (the flush reads the whole delta column, see denseFor); the
          // scan is built twice, with SPARSE true and false (jit.ts).
          this.denseSums.add(k);
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
    }
    if (tg.kind === 'GlobalAccum') {
      const info = this.c.gaccs.get(tg.name);
      if (info) {
        const v = this.expr(s.value);
        this.gps.add(info.index);
        if (s.op === '+=' && (isFloatType(v.t) || v.t.k === 'int'))
          return `gp${info.index}.addNumber(${v.c});`;
        const m = s.op === '=' ? 'assign' : 'add';
        const add = `gp${info.index}.${m}(snapshotValue(${v.c}));`;
        return s.op === '+=' ? (this.heapAdd(info.index, info.spec, s.value, add) ?? add) : add;
      }
    }
    // Any other assignment: its compiled closure.
    this.readsFrame = true;
    const cs = compileStmt(
      this.c,
      s,
      { scope: new Scope(this.cx.scope), mode, hoists: null },
      this.upper,
    );
    this.closures.push(cs.sync);
    return `X${this.closures.length - 1}(r);`;
  }

  /**
   * IF / ELSE IF / ELSE in a clause: each condition tested per row as the closure tier tests it
   * (the first true branch runs), each branch's statements written as the clause's own.
   */
  private branches(s: If, mode: 'accum' | 'post'): string {
    this.inBranch++;
    try {
      const arms = s.branches.map(
        (b, i) =>
          `${i === 0 ? 'if' : 'else if'} (${this.expr(b.cond).c}) {\n${b.body.map((x) => this.stmt(x, mode)).join('\n')}\n}`,
      );
      if (s.otherwise)
        arms.push(`else {\n${s.otherwise.map((x) => this.stmt(x, mode)).join('\n')}\n}`);
      return arms.join(' ');
    } finally {
      this.inBranch--;
    }
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
  private heapAdd(index: number, spec: AccSpec, value: Expr, add: string): string | null {
    if (spec.name !== 'HeapAccum' || spec.heapOrder?.length !== 1 || value.kind !== 'Call')
      return null;
    const tuple = this.c.tuples.get(value.name);
    const el = spec.el;
    const key = spec.heapOrder[0] as HeapKey;
    if (tuple === undefined || el.k !== 'tuple' || el.name !== tuple.name) return null;
    if (el.fields[key.index]?.type.k !== 'double' || value.args.length !== el.fields.length)
      return null;
    const before = this.closures.length;
    const frame = this.readsFrame;
    const codes = value.args.map((a) => this.expr(a).c);
    const keyCode = codes[key.index];
    if (
      this.closures.length !== before ||
      keyCode === undefined ||
      keyCode.includes('intDivisor')
    ) {
      this.readsFrame = frame;
      return null;
    }
    return `{ const $k = ${keyCode};
if (!(gp${index}.addsDirectly() && r.g[${index}].rejectsKey($k))) ${add} }`;
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
  const code = hoist ? body : body.replace(/\bFV(\d+)\b/g, 'f[$1]');
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
