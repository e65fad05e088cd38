// The query compiler: resolves every name once (types, attributes, accumulators, variables to
// frame slots) and turns the AST into closures over a Run. Expressions become `(r) => value`
// with a static type; statements become sync closures (ACCUM bodies, plain statements) or async
// ones (anything containing a SELECT, a loop with one, or a subquery call).
import type {
  AccumDecl,
  AccumType,
  Expr,
  Print,
  QueryStmt,
  TypeExpr,
} from '../../../core/gsql/index.js';
import { formatExpr } from '../../../core/gsql/index.js';
import { resolve as resolvePath, sep } from 'node:path';
import type { AttrType, CatalogData, GraphDef } from '../catalog/types.js';
import { formatDatetime, parseDatetime } from '../values.js';
import {
  ArrayAcc,
  ArrowValue,
  BagAcc,
  elementsOf,
  GroupByAcc,
  HeapAcc,
  ListAcc,
  makeAcc,
  MapAcc,
  SetAcc,
  type Acc,
  AccBase,
} from './accum.js';
import { problemAt, QueryRuntimeError, type QueryProblem } from './errors.js';
import { BUILTINS, toStringValue } from './functions.js';
import { out, vertexIdText, vertexOut, type OutCtx, type PrintedVertexAccum } from './output.js';
import { VAcc, type CompiledQueryLike, type FileObject, type Run, type RunContext } from './run.js';
import {
  cmp,
  converter,
  defaultValue,
  EdgeRef,
  eq,
  iadd,
  idiv,
  imod,
  imul,
  isub,
  keyOf,
  num,
  toInt,
  VSet,
  vid,
  vslotOf,
  vtypeOf,
} from './runtime-values.js';
import { compileDelete, compileSelect, compileUpdate, degreeFn, neighborsFn } from './select.js';
import {
  accumValueType,
  ANY,
  BOOL,
  DATETIME,
  DOUBLE,
  EDGE,
  FLOAT,
  INT,
  isFloatType,
  isIntType,
  isNumeric,
  STRING,
  typeName,
  UINT,
  VERTEX,
  VOID,
  VSET,
  type AccSpec,
  type T,
  type TupleField,
} from './types.js';

export type Fn = (r: Run) => unknown;
export interface CE {
  readonly f: Fn;
  readonly t: T;
}

/** Flow codes of statements. */
export const NEXT = 0;
export const BREAK = 1;
export const CONTINUE = 2;
export const RETURN = 3;

export type SyncStmt = (r: Run) => number;
export type AsyncStmt = (r: Run) => Promise<number>;
/**
 * A compiled statement. `sync` runs it to completion (ACCUM bodies, subqueries called from an
 * ACCUM clause); `async`, when present, runs it yielding to the event loop (SELECT, loops).
 */
export interface CS {
  readonly sync: SyncStmt;
  readonly async: AsyncStmt | null;
}

export const syncStmt = (s: SyncStmt): CS => ({ sync: s, async: null });
export const bothStmt = (s: SyncStmt, a: AsyncStmt): CS => ({ sync: s, async: a });

/** Runs a statement the yielding way when it has one. */
export function runCS(cs: CS, r: Run): number | Promise<number> {
  return cs.async ? cs.async(r) : cs.sync(r);
}

/** An async subquery call evaluated before its statement, and its blocking form. */
export interface Hoist {
  readonly sync: (r: Run) => void;
  readonly async: (r: Run) => Promise<void>;
}

export type Sym =
  | { readonly kind: 'var'; readonly slot: number; readonly t: T; readonly row: boolean }
  | {
      readonly kind: 'alias';
      readonly slot: number;
      readonly t: T;
    }
  | { readonly kind: 'file'; readonly slot: number }
  | { readonly kind: 'exception'; readonly name: string; readonly code: Fn };

export class Scope {
  readonly map = new Map<string, Sym>();
  constructor(readonly parent: Scope | null) {}
  lookup(name: string): Sym | undefined {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    let s: Scope | null = this;
    while (s) {
      const found = s.map.get(name);
      if (found) return found;
      s = s.parent;
    }
    return undefined;
  }
}

export interface Cx {
  readonly scope: Scope;
  /** body: query body; accum: an ACCUM clause; post: a POST-ACCUM clause. */
  readonly mode: 'body' | 'accum' | 'post';
  /** Async subquery calls of the statement being compiled (body statements only). */
  readonly hoists: Hoist[] | null;
}

export interface CompileEnv {
  readonly catalog: CatalogData;
  readonly graphName: string;
  /** Queries callable as subqueries (compile-time lookup of their return types). */
  readonly queries?: (name: string) => CompiledQuery | undefined;
}

export interface ParamSpec {
  readonly name: string;
  /** The type as GSQL writes it: INT, VERTEX<person>, SET<STRING>. */
  readonly type: string;
  readonly t: T;
  /** The default's value (undefined when the parameter has none). */
  readonly default: unknown;
}

export interface QueryOutput {
  /** One object per executed PRINT. */
  readonly results: Record<string, unknown>[];
  /** The mutations applied (0 for read-only runs). */
  readonly mutations: number;
}

export interface CompiledQuery extends CompiledQueryLike {
  readonly name: string;
  readonly params: readonly ParamSpec[];
  readonly returns: T | null;
  run(args: Record<string, unknown>, ctx: RunContext): Promise<QueryOutput>;
}

interface GAccInfo {
  readonly index: number;
  readonly spec: AccSpec;
}
interface VAccInfo {
  readonly index: number;
  readonly spec: AccSpec;
  readonly name: string;
}

const primitiveT: Record<string, T> = {
  INT,
  INT64: INT,
  INT32: INT,
  UINT,
  UINT64: UINT,
  UINT32: UINT,
  FLOAT,
  DOUBLE,
  STRING,
  BOOL,
  BOOLEAN: BOOL,
  DATETIME,
  EDGE,
  VERTEX,
  JSONOBJECT: { k: 'json' },
  JSONARRAY: { k: 'json' },
  FILE: { k: 'file' },
};

/** Named constants of the language. */
const CONSTANTS = new Map<string, { v: unknown; t: T }>([
  ['GSQL_INT_MAX', { v: 2n ** 63n - 1n, t: INT }],
  ['GSQL_INT_MIN', { v: -(2n ** 63n), t: INT }],
  ['GSQL_UINT_MAX', { v: 2n ** 64n - 1n, t: UINT }],
  ['GSQL_FLOAT_MAX', { v: 3.4028234663852886e38, t: FLOAT }],
  ['GSQL_FLOAT_MIN', { v: 1.1754943508222875e-38, t: FLOAT }],
  ['GSQL_DOUBLE_MAX', { v: Number.MAX_VALUE, t: DOUBLE }],
  ['GSQL_DOUBLE_MIN', { v: 2.2250738585072014e-308, t: DOUBLE }],
]);

/** Text of an expression as PRINT uses it for a key: formatted, spaces outside strings removed. */
export function exprKey(e: Expr): string {
  if (e.kind === 'Name') return e.name;
  if (e.kind === 'GlobalAccum') return `@@${e.name}`;
  const text = formatExpr(e);
  let res = '';
  let quote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"' && text[i - 1] !== '\\') quote = !quote;
    if (!quote && /\s/.test(c)) continue;
    res += c;
  }
  return res;
}

export class Compiler {
  readonly problems: QueryProblem[] = [];
  frameSize = 0;
  readonly root = new Scope(null);
  readonly tuples = new Map<string, T & { k: 'tuple' }>();
  readonly gaccs = new Map<string, GAccInfo>();
  readonly vaccs = new Map<string, VAccInfo>();
  readonly gaccList: GAccInfo[] = [];
  readonly vaccList: VAccInfo[] = [];
  readonly primedV = new Set<number>();
  readonly primedG = new Set<number>();
  readonly heapCaps: { spec: AccSpec; cap: Fn }[] = [];
  cacheSize = 0;
  readonly graphDef: GraphDef | undefined;
  readonly exceptions = new Map<string, Fn>();
  /** Writes happen (attribute updates, INSERT, DELETE). */
  writes = false;

  constructor(readonly env: CompileEnv) {
    this.graphDef = env.catalog.graphs.find((g) => g.name === env.graphName);
    for (const t of env.catalog.tuples) {
      this.tuples.set(t.name, {
        k: 'tuple',
        name: t.name,
        fields: t.fields.map((f) => ({ name: f.name, type: this.attrT(f.type) })),
      });
    }
  }

  error(
    node: { range: QueryStmt['range'] } | undefined,
    code: QueryProblem['code'],
    msg: string,
  ): void {
    this.problems.push(problemAt(node?.range, code, msg));
  }

  slot(): number {
    return this.frameSize++;
  }

  cacheSlot(): number {
    return this.cacheSize++;
  }

  get vertexTypeNames(): readonly string[] {
    return this.graphDef?.vertexTypes ?? this.env.catalog.vertexTypes.map((v) => v.name);
  }
  get edgeTypeNames(): readonly string[] {
    return this.graphDef?.edgeTypes ?? this.env.catalog.edgeTypes.map((e) => e.name);
  }
  isVertexType(name: string): boolean {
    return this.vertexTypeNames.includes(name);
  }
  /** Forward or reverse edge type names of the graph. */
  isEdgeType(name: string): boolean {
    if (this.edgeTypeNames.includes(name)) return true;
    return this.env.catalog.edgeTypes.some(
      (e) => this.edgeTypeNames.includes(e.name) && e.reverseEdge === name,
    );
  }

  attrT(t: AttrType): T {
    switch (t.kind) {
      case 'primitive':
        return primitiveT[t.name] ?? ANY;
      case 'list':
      case 'set':
        return { k: t.kind, el: this.attrT(t.element) };
      case 'map':
        return { k: 'map', key: this.attrT(t.key), val: this.attrT(t.value) };
      case 'tuple':
        return this.tuples.get(t.name) ?? ANY;
    }
  }

  typeOf(te: TypeExpr): T {
    switch (te.kind) {
      case 'PrimitiveType':
        return primitiveT[te.name] ?? ANY;
      case 'VertexTypeRef':
        if (te.vertexType && !this.isVertexType(te.vertexType))
          this.error(te, 'QUERY-UNKNOWN-TYPE', `unknown vertex type ${te.vertexType}`);
        return { k: 'vertex', vt: te.vertexType };
      case 'CollectionType':
        return {
          k: te.collection === 'LIST' ? 'list' : te.collection === 'SET' ? 'set' : 'bag',
          el: this.typeOf(te.element),
        };
      case 'MapType':
        return { k: 'map', key: this.typeOf(te.key), val: this.typeOf(te.value) };
      case 'NamedType': {
        const tuple = this.tuples.get(te.name);
        if (tuple) return tuple;
        const upper = primitiveT[te.name.toUpperCase()];
        if (upper) return upper;
        this.error(te, 'QUERY-UNKNOWN-TYPE', `unknown type ${te.name}`);
        return ANY;
      }
      case 'AccumType':
        return { k: 'accum', a: this.accSpec(te) };
    }
  }

  /** The accumulator for a MapAccum value of a base type: numbers add, strings concatenate. */
  private valueAcc(t: T): AccSpec {
    if (t.k === 'accum') return t.a;
    if (isNumeric(t) || t.k === 'string') return { name: 'SumAccum', el: t };
    if (t.k === 'list') return { name: 'ListAccum', el: t.el };
    if (t.k === 'set') return { name: 'SetAccum', el: t.el };
    if (t.k === 'bag') return { name: 'BagAccum', el: t.el };
    if (t.k === 'bool') return { name: 'OrAccum', el: BOOL };
    return { name: 'Overwrite', el: t };
  }

  accSpec(at: AccumType): AccSpec {
    const args = at.typeArgs.map((a) => this.typeOf(a));
    const first = args[0] ?? ANY;
    switch (at.accum) {
      case 'MapAccum': {
        const valType = args[1] ?? ANY;
        return { name: 'MapAccum', el: first, key: first, val: this.valueAcc(valType), valType };
      }
      case 'HeapAccum': {
        const order = (at.heap?.order ?? []).map((o) => {
          const index =
            first.k === 'tuple' ? first.fields.findIndex((f) => f.name === o.field) : -1;
          if (index < 0)
            this.error(o, 'QUERY-UNKNOWN-ATTRIBUTE', `the heap tuple has no field ${o.field}`);
          return { index, desc: o.descending };
        });
        if (first.k !== 'tuple')
          this.error(at, 'QUERY-UNKNOWN-TYPE', 'HeapAccum needs a tuple type');
        const spec: AccSpec = { name: 'HeapAccum', el: first, heapOrder: order };
        if (at.heap) {
          const cap = this.expr(at.heap.capacity, { scope: this.root, mode: 'body', hoists: null });
          this.heapCaps.push({ spec, cap: cap.f });
        }
        return spec;
      }
      case 'GroupByAccum': {
        const keys: TupleField[] = [];
        const accs: { name: string; spec: AccSpec }[] = [];
        for (const f of at.groupBy ?? []) {
          const t = this.typeOf(f.type);
          if (t.k === 'accum') accs.push({ name: f.name, spec: t.a });
          else keys.push({ name: f.name, type: t });
        }
        return { name: 'GroupByAccum', el: ANY, groupKeys: keys, groupAccs: accs };
      }
      case 'ArrayAccum':
        return {
          name: 'ArrayAccum',
          el: first.k === 'accum' ? accumValueType(first.a) : first,
          arrayEl: first.k === 'accum' ? first.a : this.valueAcc(first),
        };
      case 'AvgAccum':
        return { name: 'AvgAccum', el: DOUBLE };
      case 'OrAccum':
      case 'AndAccum':
        return { name: at.accum, el: BOOL };
      case 'BitwiseAndAccum':
      case 'BitwiseOrAccum':
        return { name: at.accum, el: INT };
      default:
        return { name: at.accum, el: first };
    }
  }

  // ---------------------------------------------------------------- expressions

  constant(v: unknown, t: T): CE {
    return { f: () => v, t };
  }

  expr(e: Expr, cx: Cx): CE {
    switch (e.kind) {
      case 'IntLit':
        return this.constant(e.value, INT);
      case 'FloatLit':
        return this.constant(e.value, DOUBLE);
      case 'StringLit':
        return this.constant(e.value, STRING);
      case 'BoolLit':
        return this.constant(e.value, BOOL);
      case 'NullLit':
        return this.constant(null, ANY);
      case 'DatetimeLit': {
        let v = 0;
        try {
          v = parseDatetime(e.value);
        } catch {
          this.error(e, 'QUERY-SYNTAX', `bad datetime ${e.value}`);
        }
        return this.constant(v, DATETIME);
      }
      case 'Name':
        return this.name(e.name, e, cx);
      case 'GlobalAccum': {
        const info = this.gaccs.get(e.name);
        if (!info) {
          this.error(e, 'QUERY-UNKNOWN-ACCUM', `unknown accumulator @@${e.name}`);
          return this.constant(null, ANY);
        }
        const i = info.index;
        const t = accumValueType(info.spec);
        if (e.prime) {
          this.primedG.add(i);
          return { f: (r) => (i in r.gPrev ? r.gPrev[i] : (r.g[i] as Acc).value()), t };
        }
        return { f: (r) => (r.g[i] as Acc).value(), t };
      }
      case 'VertexAccum': {
        const info = this.vaccs.get(e.name);
        if (!info) {
          this.error(e, 'QUERY-UNKNOWN-ACCUM', `unknown vertex accumulator @${e.name}`);
          return this.constant(null, ANY);
        }
        if (!e.target) {
          this.error(e, 'QUERY-BAD-TARGET', `@${e.name} needs a vertex: write v.@${e.name}`);
          return this.constant(null, ANY);
        }
        const target = this.expr(e.target, cx);
        const i = info.index;
        const tf = target.f;
        const t = accumValueType(info.spec);
        if (e.prime) {
          this.primedV.add(i);
          return { f: (r) => (r.va[i] as VAcc).getPrev(tf(r) as number), t };
        }
        const direct = this.slotOf(e.target, cx);
        if (direct >= 0) return { f: (r) => (r.va[i] as VAcc).get(r.f[direct] as number), t };
        return { f: (r) => (r.va[i] as VAcc).get(tf(r) as number), t };
      }
      case 'Attr':
        return this.attr(e, cx);
      case 'MethodCall':
        return this.method(e, cx);
      case 'Call':
        return this.call(e, cx);
      case 'Index':
        return this.index(e, cx);
      case 'Unary': {
        const o = this.expr(e.operand, cx);
        const f = o.f;
        if (e.op === 'NOT') return { f: (r) => !f(r), t: BOOL };
        if (e.op === '~')
          return { f: (r) => toInt(BigInt.asIntN(64, ~BigInt(toInt(f(r))))), t: INT };
        if (isIntType(o.t))
          return {
            f: (r) => {
              const v = f(r);
              return typeof v === 'bigint' ? -v : -(v as number);
            },
            t: o.t,
          };
        return { f: (r) => -num(f(r)), t: isFloatType(o.t) ? o.t : DOUBLE };
      }
      case 'Binary':
        return this.binary(e.op, this.expr(e.left, cx), this.expr(e.right, cx), e);
      case 'In': {
        const v = this.expr(e.value, cx).f;
        const neg = e.negated;
        if (e.set.kind === 'TupleLit' || e.set.kind === 'ListLit') {
          const items = e.set.items.map((x) => this.expr(x, cx).f);
          return {
            f: (r) => {
              const x = v(r);
              const found = items.some((it) => eq(it(r), x));
              return neg ? !found : found;
            },
            t: BOOL,
          };
        }
        const s = this.expr(e.set, cx).f;
        return {
          f: (r) => {
            const found = contains(s(r), v(r));
            return neg ? !found : found;
          },
          t: BOOL,
        };
      }
      case 'IsNull': {
        const v = this.expr(e.value, cx).f;
        return { f: (r) => (v(r) == null) !== e.negated, t: BOOL };
      }
      case 'Between': {
        const v = this.expr(e.value, cx).f;
        const lo = this.expr(e.low, cx).f;
        const hi = this.expr(e.high, cx).f;
        return {
          f: (r) => {
            const x = v(r);
            const inside = cmp(x, lo(r)) >= 0 && cmp(x, hi(r)) <= 0;
            return inside !== e.negated;
          },
          t: BOOL,
        };
      }
      case 'Like': {
        const v = this.expr(e.value, cx).f;
        const p = this.expr(e.pattern, cx).f;
        const esc = e.escape ? this.expr(e.escape, cx).f : null;
        const cache = new Map<string, RegExp>();
        return {
          f: (r) => {
            const pat = String(p(r));
            let re = cache.get(pat);
            if (!re) cache.set(pat, (re = likeRegex(pat, esc ? String(esc(r)) : '\\')));
            return re.test(String(v(r))) !== e.negated;
          },
          t: BOOL,
        };
      }
      case 'ListLit': {
        const items = e.items.map((x) => this.expr(x, cx));
        const fs = items.map((x) => x.f);
        return { f: (r) => fs.map((x) => x(r)), t: { k: 'list', el: items[0]?.t ?? ANY } };
      }
      case 'TupleLit': {
        const fs = e.items.map((x) => this.expr(x, cx).f);
        return { f: (r) => fs.map((x) => x(r)), t: { k: 'list', el: ANY } };
      }
      case 'Arrow': {
        const ks = e.keys.map((x) => this.expr(x, cx).f);
        const vs = e.values.map((x) => this.expr(x, cx).f);
        return {
          f: (r) =>
            new ArrowValue(
              ks.map((k) => k(r)),
              vs.map((x) => x(r)),
            ),
          t: ANY,
        };
      }
      case 'CaseExpr': {
        const subject = e.subject ? this.expr(e.subject, cx).f : null;
        const whens = e.whens.map((w) => ({
          when: this.expr(w.when, cx).f,
          then: this.expr(w.then, cx),
        }));
        const other = e.otherwise ? this.expr(e.otherwise, cx) : null;
        const t = whens[0]?.then.t ?? other?.t ?? ANY;
        const of = other?.f ?? null;
        return {
          f: (r) => {
            const s = subject ? subject(r) : undefined;
            for (const w of whens) {
              if (subject ? eq(s, w.when(r)) : w.when(r)) return w.then.f(r);
            }
            return of ? of(r) : defaultValue(t);
          },
          t,
        };
      }
      case 'VertexSetLit':
        return this.seeds(e.items, cx);
      case 'TypeStar':
        return this.seeds([e], cx);
      case 'Wildcard':
        return this.seeds([e], cx);
      case 'ColumnRef':
        this.error(e, 'QUERY-SYNTAX', 'column references belong to loading jobs');
        return this.constant(null, ANY);
    }
    return this.constant(null, ANY);
  }

  /** The frame slot of a plain variable or alias expression (to read it without a call), or -1. */
  slotOf(e: Expr, cx: Cx): number {
    if (e.kind !== 'Name') return -1;
    const sym = cx.scope.lookup(e.name);
    return sym && (sym.kind === 'var' || sym.kind === 'alias') ? sym.slot : -1;
  }

  name(name: string, node: Expr, cx: Cx): CE {
    const sym = cx.scope.lookup(name);
    if (sym) {
      switch (sym.kind) {
        case 'var':
        case 'alias': {
          const s = sym.slot;
          return { f: (r) => r.f[s], t: sym.t };
        }
        case 'file': {
          const s = sym.slot;
          return { f: (r) => r.f[s], t: { k: 'file' } };
        }
        case 'exception':
          return { f: sym.code, t: INT };
      }
    }
    const constant = CONSTANTS.get(name.toUpperCase());
    if (constant) return this.constant(constant.v, constant.t);
    if (this.isVertexType(name))
      return this.seeds([{ kind: 'TypeStar', typeName: name, range: node.range }], cx);
    this.error(node, 'QUERY-UNKNOWN-VARIABLE', `unknown name ${name}`);
    return this.constant(null, ANY);
  }

  /** Run-time type index of a vertex type name (cached per run). */
  typeIndexOf(r: Run, name: string): number {
    return r.graph.vertices.get(name)?.typeIndex ?? -1;
  }

  /** Every live vertex of the named types, in type then slot order. */
  allOf(r: Run, types: readonly string[]): number[] {
    const ids: number[] = [];
    for (const name of types) {
      const table = r.graph.vertices.get(name);
      if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${name}`);
      const t = table.typeIndex;
      const alive = table.alive;
      const n = table.slotCount;
      for (let s = 0; s < n; s++) if (alive[s] === 1) ids.push(vid(t, s));
    }
    return ids;
  }

  /** A type name given at run time (a STRING parameter), checked against the graph. */
  checkVertexType(name: unknown): string {
    const s = String(name);
    if (!this.isVertexType(s))
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-TYPE',
        `"${s}" is not a vertex type of graph ${this.env.graphName}`,
      );
    return s;
  }

  /** Seed items `{T.*, S, v, @@set, ANY, type_param}` as one vertex set. */
  seeds(items: readonly Expr[], cx: Cx): CE {
    const parts: ((r: Run, out: number[]) => void)[] = [];
    for (const item of items) {
      if (item.kind === 'Wildcard') {
        const all = this.vertexTypeNames;
        parts.push((r, o) => o.push(...this.allOf(r, all)));
      } else if (item.kind === 'TypeStar') {
        const sym = cx.scope.lookup(item.typeName);
        if (sym && sym.kind === 'var') {
          const s = sym.slot;
          parts.push((r, o) =>
            o.push(
              ...this.allOf(
                r,
                elementsOf(r.f[s]).map((x) => this.checkVertexType(x)),
              ),
            ),
          );
        } else if (this.isVertexType(item.typeName)) {
          const names = [item.typeName];
          parts.push((r, o) => o.push(...this.allOf(r, names)));
        } else this.error(item, 'QUERY-UNKNOWN-TYPE', `unknown vertex type ${item.typeName}`);
      } else {
        const v = this.expr(item, cx);
        const f = v.f;
        const t = v.t;
        if (
          t.k === 'string' ||
          ((t.k === 'set' || t.k === 'list' || t.k === 'bag') && t.el.k === 'string')
        )
          parts.push((r, o) =>
            o.push(
              ...this.allOf(
                r,
                elementsOf(f(r)).map((x) => this.checkVertexType(x)),
              ),
            ),
          );
        else
          parts.push((r, o) => {
            const x = f(r);
            if (typeof x === 'number') o.push(x);
            else for (const y of elementsOf(x)) if (typeof y === 'number') o.push(y);
          });
      }
    }
    return {
      f: (r) => {
        const ids: number[] = [];
        for (const p of parts) p(r, ids);
        return new VSet(dedupe(ids));
      },
      t: VSET,
    };
  }

  /** Column index of an attribute per vertex type index (cached per run), -1 when absent. */
  vertexColumns(name: string): (r: Run) => Int32Array {
    const k = this.cacheSlot();
    return (r) => {
      let cols = r.cache[k] as Int32Array | undefined;
      if (!cols) {
        cols = new Int32Array(r.graph.vertexByIndex.length).fill(-1);
        r.graph.vertexByIndex.forEach((table, i) => {
          if (table) cols![i] = table.def.attributes.findIndex((a) => a.name === name);
        });
        r.cache[k] = cols;
      }
      return cols;
    };
  }

  /** The static type of a vertex attribute, looked up in the given or all vertex types. */
  vertexAttrType(vt: string | null, name: string): T | undefined {
    const types = vt ? [vt] : this.vertexTypeNames;
    for (const tn of types) {
      const def = this.env.catalog.vertexTypes.find((v) => v.name === tn);
      const a = def?.attributes.find((x) => x.name === name);
      if (a) return this.attrT(a.type);
      if (def && def.primaryId.name === name) return this.attrT(def.primaryId.type);
    }
    return undefined;
  }

  edgeAttrType(name: string): T | undefined {
    for (const def of this.env.catalog.edgeTypes) {
      const a = def.attributes.find((x) => x.name === name);
      if (a) return this.attrT(a.type);
    }
    return undefined;
  }

  vertexAttrReader(name: string): (r: Run, id: number) => unknown {
    const cols = this.vertexColumns(name);
    return (r, id) => {
      const t = vtypeOf(id);
      const c = cols(r)[t] ?? -1;
      const table = r.graph.vertexByIndex[t];
      if (c < 0) {
        if (table && table.def.primaryId.name === name) return table.ids[vslotOf(id)];
        throw new QueryRuntimeError(
          'QUERY-UNKNOWN-ATTRIBUTE',
          `vertex type ${table?.def.name ?? '?'} has no attribute ${name}`,
        );
      }
      return table?.columns[c]?.[vslotOf(id)];
    };
  }

  attr(e: Expr & { kind: 'Attr' }, cx: Cx): CE {
    const target = this.expr(e.target, cx);
    const tf = target.f;
    const name = e.name;
    const t = target.t;
    if (t.k === 'tuple') {
      const field = t.fields.find((f) => f.name === name);
      if (!field) this.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `tuple ${t.name} has no field ${name}`);
      return { f: (r) => (tf(r) as Record<string, unknown> | null)?.[name], t: field?.type ?? ANY };
    }
    if (t.k === 'vertex' || t.k === 'vset') {
      if (name === 'type')
        return {
          f: (r) => r.graph.vertexByIndex[vtypeOf(tf(r) as number)]?.def.name ?? '',
          t: STRING,
        };
      const at = this.vertexAttrType(t.k === 'vertex' ? t.vt : null, name);
      if (!at) {
        this.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `no vertex type has an attribute ${name}`);
        return this.constant(null, ANY);
      }
      const read = this.vertexAttrReader(name);
      return { f: (r) => read(r, tf(r) as number), t: at };
    }
    if (t.k === 'edge') {
      if (name === 'type') return { f: (r) => (tf(r) as EdgeRef).name, t: STRING };
      const at = this.edgeAttrType(name);
      if (!at) {
        this.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `no edge type has an attribute ${name}`);
        return this.constant(null, ANY);
      }
      return { f: (r) => edgeAttr(tf(r) as EdgeRef, name), t: at };
    }
    // Unknown static type: decide at run time.
    const read = this.vertexAttrReader(name);
    return {
      f: (r) => {
        const v = tf(r);
        if (typeof v === 'number') return read(r, v);
        if (v instanceof EdgeRef) return edgeAttr(v, name);
        return (v as Record<string, unknown> | null)?.[name];
      },
      t: this.vertexAttrType(null, name) ?? this.edgeAttrType(name) ?? ANY,
    };
  }

  index(e: Expr & { kind: 'Index' }, cx: Cx): CE {
    // Collect `a[i][j]` chains for ArrayAccum.
    const idx: Expr[] = [];
    let base: Expr = e;
    while (base.kind === 'Index') {
      idx.unshift(base.index);
      base = base.target;
    }
    const target = this.expr(base, cx);
    const fs = idx.map((x) => this.expr(x, cx).f);
    const tf = target.f;
    if (target.t.k === 'accum' && target.t.a.name === 'ArrayAccum') {
      const el = target.t.a.arrayEl;
      return {
        f: (r) => (tf(r) as ArrayAcc).cell(fs.map((x) => num(x(r)))).value(),
        t: el ? accumValueType(el) : ANY,
      };
    }
    const elT = target.t.k === 'list' ? target.t.el : target.t.k === 'accum' ? target.t.a.el : ANY;
    return {
      f: (r) => {
        let v: unknown = tf(r);
        for (const x of fs) v = elementsOf(v)[num(x(r))];
        return v;
      },
      t: elT,
    };
  }

  binary(op: string, l: CE, rr: CE, node: Expr): CE {
    const a = l.f;
    const b = rr.f;
    const lt = l.t;
    const rt = rr.t;
    const bothInt = isIntType(lt) && isIntType(rt);
    const numeric = isNumeric(lt) && isNumeric(rt);
    const str = lt.k === 'string' || rt.k === 'string';
    switch (op) {
      case 'AND':
        return { f: (r) => Boolean(a(r)) && Boolean(b(r)), t: BOOL };
      case 'OR':
        return { f: (r) => Boolean(a(r)) || Boolean(b(r)), t: BOOL };
      case '==':
        if (numeric) return { f: (r) => (a(r) as number) == (b(r) as number), t: BOOL };
        return { f: (r) => eq(a(r), b(r)), t: BOOL };
      case '!=':
        if (numeric) return { f: (r) => (a(r) as number) != (b(r) as number), t: BOOL };
        return { f: (r) => !eq(a(r), b(r)), t: BOOL };
      case '<':
        if (numeric) return { f: (r) => (a(r) as number) < (b(r) as number), t: BOOL };
        return { f: (r) => cmp(a(r), b(r)) < 0, t: BOOL };
      case '<=':
        if (numeric) return { f: (r) => (a(r) as number) <= (b(r) as number), t: BOOL };
        return { f: (r) => cmp(a(r), b(r)) <= 0, t: BOOL };
      case '>':
        if (numeric) return { f: (r) => (a(r) as number) > (b(r) as number), t: BOOL };
        return { f: (r) => cmp(a(r), b(r)) > 0, t: BOOL };
      case '>=':
        if (numeric) return { f: (r) => (a(r) as number) >= (b(r) as number), t: BOOL };
        return { f: (r) => cmp(a(r), b(r)) >= 0, t: BOOL };
      case '+':
        if (isListLike(lt) || isListLike(rt))
          return {
            f: (r) => [...elementsOf(a(r)), ...elementsOf(b(r))],
            t: isListLike(lt) ? listOf(lt) : listOf(rt),
          };
        if (lt.k === 'accum' && lt.a.name === 'MapAccum')
          return {
            f: (r) => {
              const m = (a(r) as Acc).copy();
              m.add(b(r));
              return m;
            },
            t: lt,
          };
        if (str) return { f: (r) => toStringValue(a(r)) + toStringValue(b(r)), t: STRING };
        if (bothInt) return { f: (r) => iadd(a(r), b(r)), t: INT };
        if (numeric) return { f: (r) => num(a(r)) + num(b(r)), t: DOUBLE };
        if (lt.k === 'datetime' && isIntType(rt))
          return { f: (r) => num(a(r)) + num(b(r)), t: DATETIME };
        return { f: (r) => dynArith('+', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
      case '-':
        if (bothInt) return { f: (r) => isub(a(r), b(r)), t: INT };
        if (numeric) return { f: (r) => num(a(r)) - num(b(r)), t: DOUBLE };
        if (lt.k === 'datetime' && rt.k === 'datetime')
          return { f: (r) => num(a(r)) - num(b(r)), t: INT };
        return { f: (r) => dynArith('-', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
      case '*':
        if (bothInt) return { f: (r) => imul(a(r), b(r)), t: INT };
        if (isFloatType(lt) && isFloatType(rt))
          return { f: (r) => (a(r) as number) * (b(r) as number), t: DOUBLE };
        if (numeric) return { f: (r) => num(a(r)) * num(b(r)), t: DOUBLE };
        return { f: (r) => dynArith('*', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
      case '/':
        if (bothInt) return { f: (r) => idiv(a(r), b(r)), t: INT };
        if (isFloatType(lt) && isFloatType(rt))
          return { f: (r) => (a(r) as number) / (b(r) as number), t: DOUBLE };
        if (numeric) return { f: (r) => num(a(r)) / num(b(r)), t: DOUBLE };
        return { f: (r) => dynArith('/', a(r), b(r)), t: lt.k === 'any' ? rt : lt };
      case '%':
        if (bothInt) return { f: (r) => imod(a(r), b(r)), t: INT };
        return { f: (r) => num(a(r)) % num(b(r)), t: DOUBLE };
      case '&':
      case '|':
      case '<<':
      case '>>':
        return {
          f: (r) => {
            const x = BigInt.asIntN(64, BigInt(toInt(a(r))));
            const y = BigInt.asIntN(64, BigInt(toInt(b(r))));
            const v = op === '&' ? x & y : op === '|' ? x | y : op === '<<' ? x << y : x >> y;
            return toInt(BigInt.asIntN(64, v));
          },
          t: INT,
        };
      case 'UNION':
      case 'INTERSECT':
      case 'MINUS': {
        if (lt.k === 'vset' || rt.k === 'vset')
          return { f: (r) => vsetOp(op, a(r), b(r)), t: VSET };
        const el = lt.k === 'accum' ? lt.a.el : 'el' in lt ? lt.el : ANY;
        return { f: (r) => collectionOp(op, a(r), b(r)), t: { k: 'set', el } };
      }
      default:
        this.error(node, 'QUERY-UNSUPPORTED', `operator ${op} is not supported`);
        return this.constant(null, ANY);
    }
  }
  // ---------------------------------------------------------------- methods and calls

  /** The accumulator object behind `@@a` or `v.@a` (for mutators and container methods). */
  accObject(e: Expr, cx: Cx): { get: (r: Run) => Acc; spec: AccSpec } | null {
    if (e.kind === 'GlobalAccum' && !e.prime) {
      const info = this.gaccs.get(e.name);
      if (!info) return null;
      const i = info.index;
      return { get: (r) => r.g[i] as Acc, spec: info.spec };
    }
    if (e.kind === 'VertexAccum' && !e.prime && e.target) {
      const info = this.vaccs.get(e.name);
      if (!info) return null;
      const i = info.index;
      const tf = this.expr(e.target, cx).f;
      return { get: (r) => (r.va[i] as VAcc).acc(tf(r) as number), spec: info.spec };
    }
    return null;
  }

  arity(
    e: { name: string; args: readonly Expr[]; range: Expr['range'] },
    min: number,
    max: number,
  ): boolean {
    if (e.args.length < min || e.args.length > max) {
      this.error(
        e,
        'QUERY-ARITY',
        `${e.name} takes ${min === max ? min : `${min} to ${max}`} arguments, not ${e.args.length}`,
      );
      return false;
    }
    return true;
  }

  method(e: Expr & { kind: 'MethodCall' }, cx: Cx): CE {
    const acc = this.accObject(e.target, cx);
    if (acc) return this.accMethod(acc.get, acc.spec, e, cx);
    const target = this.expr(e.target, cx);
    const tf = target.f;
    const t = target.t;
    const lname = e.name.toLowerCase();
    const args = e.args.map((a) => this.expr(a, cx));
    const af = args.map((a) => a.f);
    if (t.k === 'accum') return this.accMethod((r) => tf(r) as Acc, t.a, e, cx);
    if (t.k === 'vertex') return this.vertexMethod(tf, e, args, cx);
    if (t.k === 'file') {
      if (lname !== 'println') {
        this.error(e, 'QUERY-UNKNOWN-FUNCTION', `FILE has no method ${e.name}`);
        return this.constant(null, VOID);
      }
      const ts = args.map((a) => a.t);
      return {
        f: (r) => {
          const file = tf(r) as FileObject | null;
          if (file) file.lines.push(af.map((x, i) => fileText(r, x(r), ts[i] ?? ANY)).join(','));
          return undefined;
        },
        t: VOID,
      };
    }
    if (t.k === 'edge') {
      if (lname === 'getattr' && af[0]) {
        const nf = af[0];
        return { f: (r) => edgeAttr(tf(r) as EdgeRef, String(nf(r))), t: ANY };
      }
      if (lname === 'setattr' && af[0] && af[1]) {
        this.writes = true;
        const nf = af[0];
        const vf = af[1];
        return {
          f: (r) => {
            r.writes.setEdgeAttr(tf(r) as EdgeRef, String(nf(r)), '=', vf(r));
            return undefined;
          },
          t: VOID,
        };
      }
      if (lname === 'isdirected')
        return { f: (r) => (tf(r) as EdgeRef).table.def.directed, t: BOOL };
    }
    switch (lname) {
      case 'size':
        return { f: (r) => sizeOf(tf(r)), t: INT };
      case 'contains':
        if (!this.arity(e, 1, 1)) return this.constant(false, BOOL);
        return { f: (r) => contains(tf(r), (af[0] as Fn)(r)), t: BOOL };
      case 'containskey':
        if (!this.arity(e, 1, 1)) return this.constant(false, BOOL);
        return {
          f: (r) => {
            const m = tf(r);
            const k = (af[0] as Fn)(r);
            return m instanceof Map ? [...m.keys()].some((x) => eq(x, k)) : contains(m, k);
          },
          t: BOOL,
        };
      case 'get':
        if (!this.arity(e, 1, 1)) return this.constant(null, ANY);
        return {
          f: (r) => {
            const m = tf(r);
            const k = (af[0] as Fn)(r);
            if (m instanceof Map) {
              for (const [x, v] of m as Map<unknown, unknown>) if (eq(x, k)) return v;
              return null;
            }
            return elementsOf(m)[num(k)];
          },
          t: t.k === 'map' ? t.val : t.k === 'list' ? t.el : ANY,
        };
      default:
        break;
    }
    if (t.k === 'any') {
      // Decided at run time: accumulator objects and vertices.
      return {
        f: (r) => {
          const v = tf(r);
          if (v instanceof AccBase)
            return accCall(
              v,
              lname,
              af.map((x) => x(r)),
            );
          throw new QueryRuntimeError('QUERY-BAD-VALUE', `no method ${e.name} on this value`);
        },
        t: ANY,
      };
    }
    this.error(e, 'QUERY-UNKNOWN-FUNCTION', `${typeName(t)} has no method ${e.name}`);
    return this.constant(null, ANY);
  }

  accMethod(getRaw: (r: Run) => Acc, spec: AccSpec, e: Expr & { kind: 'MethodCall' }, cx: Cx): CE {
    // Elements of nested accumulators are plain arrays: view them as accumulators.
    const get = (r: Run): Acc => {
      const v = getRaw(r) as unknown;
      return v instanceof AccBase ? v : makeAcc(spec, r.caps, v);
    };
    const lname = e.name.toLowerCase();
    const af = e.args.map((a) => this.expr(a, cx).f);
    const a0 = af[0] ?? (() => undefined);
    const a1 = af[1] ?? (() => undefined);
    switch (lname) {
      case 'size':
        return { f: (r) => get(r).size(), t: INT };
      case 'contains':
        return { f: (r) => contains(get(r), a0(r)), t: BOOL };
      case 'containskey':
        return {
          f: (r) => {
            const acc = get(r);
            if (acc instanceof GroupByAcc) return acc.has(af.map((x) => x(r)));
            return contains(acc, a0(r));
          },
          t: BOOL,
        };
      case 'get': {
        if (spec.name === 'MapAccum')
          return {
            f: (r) => (get(r) as MapAcc).get(a0(r)),
            t: spec.val ? accumValueType(spec.val) : ANY,
          };
        if (spec.name === 'GroupByAccum') {
          const tuple: T = {
            k: 'tuple',
            name: 'group',
            fields: (spec.groupAccs ?? []).map((g) => ({
              name: g.name,
              type: accumValueType(g.spec),
            })),
          };
          return { f: (r) => (get(r) as GroupByAcc).get(af.map((x) => x(r))), t: tuple };
        }
        return { f: (r) => get(r).items()[num(a0(r))], t: spec.el };
      }
      case 'top':
        return { f: (r) => (get(r) as HeapAcc).top(), t: spec.el };
      case 'pop':
        return { f: (r) => (get(r) as HeapAcc).pop(), t: spec.el };
      case 'values':
        if (spec.name === 'MapAccum')
          return {
            f: (r) => [...(get(r) as MapAcc).map.values()].map((x) => x.acc.value()),
            t: { k: 'list', el: spec.val ? accumValueType(spec.val) : ANY },
          };
        return { f: (r) => get(r).items(), t: { k: 'list', el: spec.el } };
      case 'keys':
      case 'keyset':
        return { f: (r) => get(r).items(), t: { k: 'set', el: spec.key ?? spec.el } };
      default:
        return {
          f: (r) =>
            accCall(
              get(r),
              lname,
              [a0(r), a1(r)].slice(0, af.length),
              af.map((x) => x(r)),
            ),
          t:
            lname === 'clear' ||
            lname === 'resize' ||
            lname === 'update' ||
            lname === 'remove' ||
            lname === 'reallocate'
              ? VOID
              : ANY,
        };
    }
  }

  vertexMethod(tf: Fn, e: Expr & { kind: 'MethodCall' }, args: CE[], cx: Cx): CE {
    const lname = e.name.toLowerCase();
    const af = args.map((a) => a.f);
    switch (lname) {
      case 'outdegree': {
        const names = af[0] ?? null;
        const deg = degreeFn(this, names);
        const direct = this.slotOf(e.target, cx);
        if (direct >= 0) return { f: (r) => deg(r, r.f[direct] as number), t: INT };
        return { f: (r) => deg(r, tf(r) as number), t: INT };
      }
      case 'neighbors': {
        const names = af[0] ?? null;
        const nb = neighborsFn(this, names);
        return { f: (r) => nb(r, tf(r) as number), t: { k: 'bag', el: VERTEX } };
      }
      case 'getattr': {
        if (!this.arity(e, 1, 2)) return this.constant(null, ANY);
        const nameArg = e.args[0];
        const nf = af[0] as Fn;
        const cols = new Map<string, (r: Run, id: number) => unknown>();
        const st =
          nameArg?.kind === 'StringLit' ? this.vertexAttrType(null, nameArg.value) : undefined;
        return {
          f: (r) => {
            const n = String(nf(r));
            let read = cols.get(n);
            if (!read) cols.set(n, (read = this.dynamicAttrReader(n)));
            return read(r, tf(r) as number);
          },
          t: st ?? ANY,
        };
      }
      case 'setattr': {
        if (!this.arity(e, 2, 2)) return this.constant(null, VOID);
        this.writes = true;
        const nf = af[0] as Fn;
        const vf = af[1] as Fn;
        return {
          f: (r) => {
            r.writes.setVertexAttr(tf(r) as number, String(nf(r)), '=', vf(r));
            return undefined;
          },
          t: VOID,
        };
      }
      case 'type':
        return {
          f: (r) => r.graph.vertexByIndex[vtypeOf(tf(r) as number)]?.def.name ?? '',
          t: STRING,
        };
      default:
        this.error(e, 'QUERY-UNKNOWN-FUNCTION', `vertices have no method ${e.name}`);
        return this.constant(null, ANY);
    }
  }

  dynamicAttrReader(name: string): (r: Run, id: number) => unknown {
    return (r, id) => {
      const table = r.graph.vertexByIndex[vtypeOf(id)];
      if (!table) return null;
      const c = table.def.attributes.findIndex((a) => a.name === name);
      if (c < 0) {
        if (table.def.primaryId.name === name) return table.ids[vslotOf(id)];
        throw new QueryRuntimeError(
          'QUERY-UNKNOWN-ATTRIBUTE',
          `vertex type ${table.def.name} has no attribute ${name}`,
        );
      }
      return table.columns[c]?.[vslotOf(id)];
    };
  }

  call(e: Expr & { kind: 'Call' }, cx: Cx): CE {
    const tuple = this.tuples.get(e.name);
    if (tuple) {
      if (!this.arity(e, tuple.fields.length, tuple.fields.length))
        return this.constant(null, tuple);
      const fs = e.args.map((a) => this.expr(a, cx).f);
      const convs = tuple.fields.map((f) => converter(f.type));
      const names = tuple.fields.map((f) => f.name);
      return {
        f: (r) => {
          const o: Record<string, unknown> = {};
          for (let i = 0; i < names.length; i++) {
            const c = convs[i];
            const v = (fs[i] as Fn)(r);
            o[names[i] as string] = c ? c(v) : v;
          }
          return o;
        },
        t: tuple,
      };
    }
    const lname = e.name.toLowerCase();
    if (lname === 'to_vertex') {
      if (!this.arity(e, 2, 2)) return this.constant(null, VERTEX);
      const [idf, tyf] = e.args.map((a) => this.expr(a, cx).f) as [Fn, Fn];
      return { f: (r) => findVertex(r, String(tyf(r)), String(idf(r))), t: VERTEX };
    }
    if (lname === 'to_vertex_set') {
      if (!this.arity(e, 2, 2)) return this.constant(VSet.empty, VSET);
      const [idf, tyf] = e.args.map((a) => this.expr(a, cx).f) as [Fn, Fn];
      return {
        f: (r) =>
          new VSet(dedupe(elementsOf(idf(r)).map((x) => findVertex(r, String(tyf(r)), String(x))))),
        t: VSET,
      };
    }
    if (lname === 'type' && e.args.length === 1) {
      const a = this.expr(e.args[0] as Expr, cx);
      const af = a.f;
      if (a.t.k === 'edge') return { f: (r) => (af(r) as EdgeRef).name, t: STRING };
      return {
        f: (r) => r.graph.vertexByIndex[vtypeOf(af(r) as number)]?.def.name ?? '',
        t: STRING,
      };
    }
    if (lname === 'log' && e.args.length === 2) {
      const [bf, xf] = e.args.map((a) => this.expr(a, cx).f) as [Fn, Fn];
      return { f: (r) => Math.log(num(xf(r))) / Math.log(num(bf(r))), t: DOUBLE };
    }
    const builtin = BUILTINS.get(lname);
    if (builtin) {
      const args = e.args.map((a) => this.expr(a, cx));
      if (!this.arity(e, builtin.min, builtin.max)) return this.constant(null, ANY);
      const fs = args.map((a) => a.f);
      const fn = builtin.fn;
      const t = builtin.type(args.map((a) => a.t));
      if (fs.length === 1) {
        const f0 = fs[0] as Fn;
        return { f: (r) => fn([f0(r)], r), t };
      }
      return {
        f: (r) =>
          fn(
            fs.map((x) => x(r)),
            r,
          ),
        t,
      };
    }
    // A subquery: in the query body it is evaluated (asynchronously) before its statement; in
    // ACCUM / POST-ACCUM it runs to completion where it is called.
    const sub = this.env.queries?.(e.name);
    if (!sub && this.env.queries) {
      this.error(e, 'QUERY-UNKNOWN-FUNCTION', `unknown function or query ${e.name}`);
      return this.constant(null, ANY);
    }
    const fs = e.args.map((a) => this.expr(a, cx).f);
    const name = e.name;
    const find = (r: Run): CompiledQueryLike => {
      const q = r.ctx.queries?.(name) ?? sub;
      if (!q) throw new QueryRuntimeError('QUERY-UNKNOWN-QUERY', `query ${name} does not exist`);
      return q;
    };
    if (!cx.hoists)
      return {
        f: (r) =>
          find(r).callSync(
            fs.map((x) => x(r)),
            r,
          ),
        t: sub?.returns ?? ANY,
      };
    const tmp = this.slot();
    cx.hoists.push({
      sync: (r) => {
        r.f[tmp] = find(r).callSync(
          fs.map((x) => x(r)),
          r,
        );
      },
      async: async (r) => {
        r.f[tmp] = await find(r).callAsSubquery(
          fs.map((x) => x(r)),
          r,
        );
      },
    });
    return { f: (r) => r.f[tmp], t: sub?.returns ?? ANY };
  }

  // ---------------------------------------------------------------- statements

  block(stmts: readonly QueryStmt[], cx: Cx, newScope = true): CS {
    const inner: Cx = newScope ? { ...cx, scope: new Scope(cx.scope) } : cx;
    return seq(stmts.map((s) => this.stmtHoisted(s, inner)));
  }

  /** A statement with its subquery calls evaluated first (query body only). */
  stmtHoisted(s: QueryStmt, cx: Cx): CS {
    if (cx.mode !== 'body') return this.stmt(s, { ...cx, hoists: null });
    const hoists: Hoist[] = [];
    const cs = this.stmt(s, { ...cx, hoists });
    if (hoists.length === 0) return cs;
    return bothStmt(
      (r) => {
        for (const h of hoists) h.sync(r);
        return cs.sync(r);
      },
      async (r) => {
        for (const h of hoists) await h.async(r);
        return runCS(cs, r);
      },
    );
  }

  declare(cx: Cx, name: string, sym: Sym, node: { range: QueryStmt['range'] }): void {
    if (cx.scope.map.has(name)) this.error(node, 'QUERY-DUPLICATE', `${name} is already declared`);
    cx.scope.map.set(name, sym);
  }

  /** A vertex set variable: query-wide, declared by its first assignment. */
  vsetVar(name: string, node: { range: QueryStmt['range'] }, cx: Cx): number {
    const sym = cx.scope.lookup(name);
    if (sym && sym.kind === 'var') return sym.slot;
    if (sym) this.error(node, 'QUERY-BAD-TARGET', `${name} is not a vertex set variable`);
    const slot = this.slot();
    this.root.map.set(name, { kind: 'var', slot, t: VSET, row: false });
    return slot;
  }

  stmt(s: QueryStmt, cx: Cx): CS {
    switch (s.kind) {
      case 'TypedefTuple': {
        const fields = s.fields.map((f) => ({ name: f.name, type: this.typeOf(f.type) }));
        this.tuples.set(s.name, { k: 'tuple', name: s.name, fields });
        return NOP;
      }
      case 'AccumDecl':
        return this.accumDecl(s, cx);
      case 'VarDecl': {
        const t = this.typeOf(s.type);
        const inits = s.vars.map((v) => {
          const init = v.init ? this.expr(v.init, cx) : null;
          const slot = this.slot();
          this.declare(cx, v.name, { kind: 'var', slot, t, row: cx.mode !== 'body' }, s);
          return { slot, init: init?.f ?? null };
        });
        const conv = converter(t);
        return syncStmt((r) => {
          for (const { slot, init } of inits) {
            r.f[slot] = init ? toVarValue(t, conv, init(r)) : defaultValue(t);
          }
          return NEXT;
        });
      }
      case 'FileDecl': {
        const path = this.expr(s.path, cx).f;
        const slot = this.slot();
        this.declare(cx, s.name, { kind: 'file', slot }, s);
        return syncStmt((r) => {
          r.f[slot] = openFile(r, toStringValue(path(r)));
          return NEXT;
        });
      }
      case 'ExceptionDecl': {
        const code = this.expr(s.code, cx).f;
        this.exceptions.set(s.name.toLowerCase(), code);
        return NOP;
      }
      case 'Assign':
        return this.assign(s, cx);
      case 'SelectStmt': {
        const sel = compileSelect(this, s.select, cx);
        const slot = this.vsetVar(s.target, s, cx);
        return bothStmt(
          (r) => {
            r.f[slot] = sel.sync(r);
            return NEXT;
          },
          async (r) => {
            r.f[slot] = await sel.async(r);
            return NEXT;
          },
        );
      }
      case 'VertexSetDecl': {
        if (s.value.kind === 'Select') {
          const sel = compileSelect(this, s.value, cx);
          const slot = this.vsetVar(s.name, s, cx);
          return bothStmt(
            (r) => {
              r.f[slot] = sel.sync(r);
              return NEXT;
            },
            async (r) => {
              r.f[slot] = await sel.async(r);
              return NEXT;
            },
          );
        }
        const v = this.expr(s.value, cx).f;
        const slot = this.vsetVar(s.name, s, cx);
        return syncStmt((r) => {
          r.f[slot] = toVSet(v(r));
          return NEXT;
        });
      }
      case 'ExprStmt': {
        const f = this.expr(s.expr, cx).f;
        return syncStmt((r) => {
          f(r);
          return NEXT;
        });
      }
      case 'If': {
        const branches = s.branches.map((b) => ({
          cond: this.expr(b.cond, cx).f,
          body: this.block(b.body, cx),
        }));
        const other = s.otherwise ? this.block(s.otherwise, cx) : null;
        return this.choose(branches, other);
      }
      case 'CaseStmt': {
        const subject = s.subject ? this.expr(s.subject, cx).f : null;
        const branches = s.whens.map((b) => {
          const w = this.expr(b.cond, cx).f;
          const cond: Fn = subject ? (r) => eq(subject(r), w(r)) : w;
          return { cond, body: this.block(b.body, cx) };
        });
        const other = s.otherwise ? this.block(s.otherwise, cx) : null;
        return this.choose(branches, other);
      }
      case 'While':
        return this.whileStmt(s, cx);
      case 'Foreach':
        return this.foreach(s, cx);
      case 'Break':
        return syncStmt(() => BREAK);
      case 'Continue':
        return syncStmt(() => CONTINUE);
      case 'Return': {
        const v = s.value ? this.expr(s.value, cx).f : null;
        return syncStmt((r) => {
          r.returned = v ? v(r) : undefined;
          return RETURN;
        });
      }
      case 'Print':
        return this.print(s, cx);
      case 'Insert':
        return this.insert(s, cx);
      case 'Delete':
        this.writes = true;
        return compileDelete(this, s, cx);
      case 'Update':
        this.writes = true;
        return compileUpdate(this, s, cx);
      case 'DeleteAlias': {
        this.writes = true;
        const sym = cx.scope.lookup(s.alias);
        if (!sym || (sym.kind !== 'alias' && sym.kind !== 'var')) {
          this.error(s, 'QUERY-UNKNOWN-VARIABLE', `unknown alias ${s.alias}`);
          return NOP;
        }
        const slot = sym.slot;
        return syncStmt((r) => {
          const v = r.f[slot];
          if (v instanceof EdgeRef) r.writes.deleteEdge(v);
          else if (typeof v === 'number') r.writes.deleteVertex(v);
          return NEXT;
        });
      }
      case 'Raise': {
        const msg = s.message ? this.expr(s.message, cx).f : null;
        const name = s.name;
        if (!this.exceptions.has(name.toLowerCase()))
          this.error(s, 'QUERY-UNKNOWN-VARIABLE', `unknown exception ${name}`);
        return syncStmt((r) => {
          const code = this.exceptions.get(name.toLowerCase())?.(r);
          throw new QueryRuntimeError('QUERY-EXCEPTION', msg ? String(msg(r)) : name, {
            name,
            errorCode: code,
          });
        });
      }
      case 'Try': {
        const body = this.block(s.body, cx);
        const handlers = s.handlers.map((h) => ({
          name: h.name.toLowerCase(),
          body: this.block(h.body, cx),
        }));
        const other = s.otherwise ? this.block(s.otherwise, cx) : null;
        const pick = (e: unknown): CS | null => {
          if (!(e instanceof QueryRuntimeError) || e.code !== 'QUERY-EXCEPTION') return null;
          const h = handlers.find((x) => x.name === e.exception?.name.toLowerCase());
          return h ? h.body : other;
        };
        return bothStmt(
          (r) => {
            try {
              return body.sync(r);
            } catch (e) {
              const h = pick(e);
              if (!h) throw e;
              return h.sync(r);
            }
          },
          async (r) => {
            try {
              return await runCS(body, r);
            } catch (e) {
              const h = pick(e);
              if (!h) throw e;
              return runCS(h, r);
            }
          },
        );
      }
      case 'Log': {
        const cond = this.expr(s.cond, cx).f;
        const args = s.args.map((a) => this.expr(a, cx));
        return syncStmt((r) => {
          if (cond(r) && r.ctx.log) r.ctx.log(args.map((a) => fileText(r, a.f(r), a.t)).join(','));
          return NEXT;
        });
      }
      case 'TableSelect':
        this.error(
          s,
          'QUERY-UNSUPPORTED',
          'the SQL-like SELECT ... INTO table is not supported yet',
        );
        return NOP;
      case 'Error':
        this.error(s, 'QUERY-SYNTAX', `cannot read: ${s.text.slice(0, 60)}`);
        return NOP;
    }
  }

  choose(branches: { cond: Fn; body: CS }[], other: CS | null): CS {
    const sync: SyncStmt = (r) => {
      for (const b of branches) if (b.cond(r)) return b.body.sync(r);
      return other ? other.sync(r) : NEXT;
    };
    if (branches.every((b) => !b.body.async) && (!other || !other.async)) return syncStmt(sync);
    return bothStmt(sync, async (r) => {
      for (const b of branches) if (b.cond(r)) return runCS(b.body, r);
      return other ? runCS(other, r) : NEXT;
    });
  }

  whileStmt(s: QueryStmt & { kind: 'While' }, cx: Cx): CS {
    const cond = this.expr(s.cond, cx).f;
    const limit = s.limit ? this.expr(s.limit, cx).f : null;
    const body = this.block(s.body, cx);
    const sync: SyncStmt = (r) => {
      const max = limit ? num(limit(r)) : Infinity;
      for (let i = 0; i < max && cond(r); i++) {
        const c = body.sync(r);
        if (c === BREAK) break;
        if (c === RETURN) return c;
        if ((i & 255) === 255) r.check();
      }
      return NEXT;
    };
    if (cx.mode !== 'body' && !body.async) return syncStmt(sync);
    return bothStmt(sync, async (r) => {
      const max = limit ? num(limit(r)) : Infinity;
      for (let i = 0; i < max && cond(r); i++) {
        const c = body.async ? await body.async(r) : body.sync(r);
        if (c === BREAK) break;
        if (c === RETURN) return c;
        if (r.overBudget()) await r.pause();
      }
      return NEXT;
    });
  }

  foreach(s: QueryStmt & { kind: 'Foreach' }, cx: Cx): CS {
    const scope = new Scope(cx.scope);
    const inner: Cx = { ...cx, scope };
    const row = cx.mode !== 'body';
    let items: (r: Run) => Iterable<unknown>;
    let elT: T = ANY;
    let entries = false;
    if (s.source.kind === 'RangeSpec') {
      const a = this.expr(s.source.start, cx).f;
      const b = this.expr(s.source.end, cx).f;
      const st = s.source.step ? this.expr(s.source.step, cx).f : null;
      elT = INT;
      items = (r) => rangeOf(num(a(r)), num(b(r)), st ? num(st(r)) : 1);
    } else {
      const src = this.expr(s.source, cx);
      const f = src.f;
      const t = src.t;
      if (t.k === 'accum' && (t.a.name === 'MapAccum' || t.a.name === 'GroupByAccum'))
        entries = true;
      if (t.k === 'map') entries = true;
      elT = t.k === 'vset' ? VERTEX : t.k === 'accum' ? t.a.el : 'el' in t ? t.el : ANY;
      items = (r) => {
        const v = f(r);
        if (v instanceof MapAcc) return [...v.map.values()].map((e) => [e.k, e.acc.value()]);
        if (v instanceof GroupByAcc)
          return [...v.map.values()].map((e) => [...e.keys, ...e.accs.map((x) => x.value())]);
        if (v instanceof Map) return [...v.entries()];
        return elementsOf(v).slice();
      };
    }
    const slots = s.vars.map(() => this.slot());
    const mapT = s.source.kind !== 'RangeSpec' ? this.expr(s.source, cx).t : ANY;
    s.vars.forEach((name, i) => {
      let t = elT;
      if (entries && mapT.k === 'accum' && mapT.a.name === 'MapAccum')
        t = i === 0 ? (mapT.a.key ?? ANY) : mapT.a.val ? accumValueType(mapT.a.val) : ANY;
      else if (entries && mapT.k === 'accum' && mapT.a.name === 'GroupByAccum') {
        const keys = mapT.a.groupKeys ?? [];
        const accs = mapT.a.groupAccs ?? [];
        t =
          i < keys.length
            ? (keys[i]?.type ?? ANY)
            : accs[i - keys.length]
              ? accumValueType((accs[i - keys.length] as { spec: AccSpec }).spec)
              : ANY;
      } else if (entries && mapT.k === 'map') t = i === 0 ? mapT.key : mapT.val;
      else if (s.vars.length > 1 && elT.k === 'tuple') t = elT.fields[i]?.type ?? ANY;
      scope.map.set(name, { kind: 'var', slot: slots[i] as number, t, row });
    });
    const body = this.block(s.body, inner, false);
    const multi = s.vars.length > 1;
    const bind = (r: Run, x: unknown): void => {
      if (!multi) {
        r.f[slots[0] as number] = x;
        return;
      }
      const parts = Array.isArray(x) ? x : x && typeof x === 'object' ? Object.values(x) : [x];
      slots.forEach((slot, i) => {
        r.f[slot] = parts[i];
      });
    };
    const sync: SyncStmt = (r) => {
      for (const x of items(r)) {
        bind(r, x);
        const c = body.sync(r);
        if (c === BREAK) break;
        if (c === RETURN) return c;
      }
      return NEXT;
    };
    if (!body.async && cx.mode !== 'body') return syncStmt(sync);
    return bothStmt(sync, async (r) => {
      for (const x of items(r)) {
        bind(r, x);
        const c = body.async ? await body.async(r) : body.sync(r);
        if (c === BREAK) break;
        if (c === RETURN) return c;
        if (r.overBudget()) await r.pause();
      }
      return NEXT;
    });
  }

  accumDecl(s: AccumDecl, cx: Cx): CS {
    if (cx.mode !== 'body') {
      this.error(s, 'QUERY-UNSUPPORTED', 'accumulators are declared in the query body');
      return NOP;
    }
    const spec = this.accSpec(s.type);
    const inits: ((r: Run) => void)[] = [];
    for (const v of s.vars) {
      const init = v.init ? this.expr(v.init, cx).f : null;
      const dims = v.dims.map((d) => this.expr(d, cx).f);
      if (v.scope === 'global') {
        if (this.gaccs.has(v.name))
          this.error(v, 'QUERY-DUPLICATE', `@@${v.name} is already declared`);
        const info = { index: this.gaccList.length, spec };
        this.gaccs.set(v.name, info);
        this.gaccList.push(info);
        const i = info.index;
        inits.push((r) => {
          const acc = makeAcc(spec, r.caps, init ? init(r) : undefined);
          if (acc instanceof ArrayAcc) acc.reallocate(dims.map((d) => num(d(r))));
          r.g[i] = acc;
        });
      } else {
        if (this.vaccs.has(v.name))
          this.error(v, 'QUERY-DUPLICATE', `@${v.name} is already declared`);
        const info = { index: this.vaccList.length, spec, name: v.name };
        this.vaccs.set(v.name, info);
        this.vaccList.push(info);
        const i = info.index;
        inits.push((r) => {
          r.va[i] = new VAcc(spec, init ? init(r) : undefined, r);
        });
      }
    }
    const caps = this.heapCaps.filter((h) => h.spec === spec);
    return syncStmt((r) => {
      for (const c of caps) r.caps.set(c.spec, num(c.cap(r)));
      for (const i of inits) i(r);
      return NEXT;
    });
  }

  assign(s: QueryStmt & { kind: 'Assign' }, cx: Cx): CS {
    const tg = s.target;
    const op = s.op;
    const deferred = cx.mode !== 'body';
    switch (tg.kind) {
      case 'Name': {
        let sym = cx.scope.lookup(tg.name);
        const v = this.expr(s.value, cx);
        if (!sym) {
          if (op === '=' && cx.mode === 'body') {
            const slot = this.slot();
            sym = { kind: 'var', slot, t: v.t, row: false };
            this.root.map.set(tg.name, sym);
          } else {
            this.error(tg, 'QUERY-UNKNOWN-VARIABLE', `unknown variable ${tg.name}`);
            return NOP;
          }
        }
        if (sym.kind !== 'var') {
          this.error(tg, 'QUERY-BAD-TARGET', `${tg.name} cannot be assigned`);
          return NOP;
        }
        const slot = sym.slot;
        const t = sym.t;
        const value =
          op === '+=' ? this.binary('+', { f: (r) => r.f[slot], t }, v, s.value).f : v.f;
        const conv = converter(t);
        if (deferred && !sym.row)
          return syncStmt((r) => {
            r.deferVar(slot, toVarValue(t, conv, value(r)));
            return NEXT;
          });
        return syncStmt((r) => {
          r.f[slot] = toVarValue(t, conv, value(r));
          return NEXT;
        });
      }
      case 'GlobalAccum': {
        const info = this.gaccs.get(tg.name);
        const v = this.expr(s.value, cx).f;
        if (!info) {
          this.error(tg, 'QUERY-UNKNOWN-ACCUM', `unknown accumulator @@${tg.name}`);
          return NOP;
        }
        const i = info.index;
        if (deferred)
          return syncStmt((r) => {
            const p = r.pendingFor(i);
            if (op === '=') p.assign(snapshotValue(v(r)));
            else p.add(snapshotValue(v(r)));
            return NEXT;
          });
        return syncStmt((r) => {
          const acc = r.g[i] as Acc;
          if (op === '=') acc.assign(v(r));
          else acc.add(v(r));
          return NEXT;
        });
      }
      case 'VertexAccum': {
        const info = this.vaccs.get(tg.name);
        const value = this.expr(s.value, cx);
        const v = value.f;
        const valueType = value.t;
        if (!info || !tg.target) {
          this.error(tg, 'QUERY-UNKNOWN-ACCUM', `unknown vertex accumulator @${tg.name}`);
          return NOP;
        }
        const direct = this.slotOf(tg.target, cx);
        const target: Fn = direct >= 0 ? (r) => r.f[direct] : this.expr(tg.target, cx).f;
        const i = info.index;
        if (cx.mode === 'accum') {
          if (direct >= 0 && op === '+=' && valueType.k !== 'accum' && valueType.k !== 'any')
            return syncStmt((r) => {
              (r.va[i] as VAcc).addDeferred(r.f[direct] as number, v(r));
              return NEXT;
            });
          if (op === '=')
            return syncStmt((r) => {
              (r.va[i] as VAcc).assignDeferred(target(r) as number, snapshotValue(v(r)));
              return NEXT;
            });
          return syncStmt((r) => {
            (r.va[i] as VAcc).addDeferred(target(r) as number, snapshotValue(v(r)));
            return NEXT;
          });
        }
        if (op === '=')
          return syncStmt((r) => {
            (r.va[i] as VAcc).assign(target(r) as number, v(r));
            return NEXT;
          });
        return syncStmt((r) => {
          (r.va[i] as VAcc).add(target(r) as number, v(r));
          return NEXT;
        });
      }
      case 'Attr': {
        const target = this.expr(tg.target, cx);
        const v = this.expr(s.value, cx).f;
        const name = tg.name;
        const tf = target.f;
        if (target.t.k === 'tuple') {
          return syncStmt((r) => {
            const o = tf(r) as Record<string, unknown>;
            if (o) o[name] = op === '=' ? v(r) : iadd(o[name], v(r));
            return NEXT;
          });
        }
        if (target.t.k === 'vertex' && !this.vertexAttrType(target.t.vt, name))
          this.error(tg, 'QUERY-UNKNOWN-ATTRIBUTE', `no vertex type has an attribute ${name}`);
        if (target.t.k === 'edge' && !this.edgeAttrType(name))
          this.error(tg, 'QUERY-UNKNOWN-ATTRIBUTE', `no edge type has an attribute ${name}`);
        this.writes = true;
        return syncStmt((r) => {
          const x = tf(r);
          if (x instanceof EdgeRef) r.writes.setEdgeAttr(x, name, op, v(r));
          else if (typeof x === 'number') r.writes.setVertexAttr(x, name, op, v(r));
          return NEXT;
        });
      }
      case 'Index': {
        const idx: Expr[] = [];
        let base: Expr = tg;
        while (base.kind === 'Index') {
          idx.unshift(base.index);
          base = base.target;
        }
        const acc = this.accObject(base, cx);
        const v = this.expr(s.value, cx).f;
        const fs = idx.map((x) => this.expr(x, cx).f);
        if (acc && acc.spec.name === 'ArrayAccum') {
          const get = acc.get;
          return syncStmt((r) => {
            const cell = (get(r) as ArrayAcc).cell(fs.map((x) => num(x(r))));
            if (op === '=') cell.assign(v(r));
            else cell.add(v(r));
            return NEXT;
          });
        }
        const target = this.expr(base, cx).f;
        return syncStmt((r) => {
          const list = target(r);
          const arr = list instanceof ListAcc ? list.list : Array.isArray(list) ? list : null;
          if (arr) arr[num((fs[0] as Fn)(r))] = v(r);
          return NEXT;
        });
      }
      default:
        this.error(tg, 'QUERY-BAD-TARGET', 'this cannot be assigned');
        return NOP;
    }
  }

  outCtx(r: Run, k: number): OutCtx {
    let c = r.cache[k] as OutCtx | undefined;
    if (!c) {
      const vertexAccums: PrintedVertexAccum[] = [];
      for (const info of this.vaccList) {
        const i = info.index;
        vertexAccums.push({
          name: info.name,
          type: accumValueType(info.spec),
          read: (id) => r.va[i]?.get(id),
        });
      }
      r.cache[k] = c = { graph: r.graph, vertexAccums };
    }
    return c;
  }

  /**
   * PRINT. With WHERE, the vertex sets printed keep only the vertices the condition holds for
   * (the set's name stands for the vertex); a PRINT without vertex sets is skipped when it fails.
   */
  print(s: Print, cx: Cx): CS {
    const k = this.cacheSlot();
    type Keep = ((r: Run, id: number) => boolean) | null;
    type Item = {
      key: string;
      vset: boolean;
      value: (r: Run, o: OutCtx, keep: Keep) => unknown;
      csv: (r: Run) => string;
    };
    const whereScope = new Scope(cx.scope);
    const whereSlot = this.slot();
    const idsOf = (r: Run, v: unknown, keep: Keep): number[] => {
      const ids = toVSet(v).ids;
      return keep ? ids.filter((id) => keep(r, id)) : (ids as number[]);
    };
    const items: Item[] = s.items.map((item): Item => {
      const key = item.alias ?? exprKey(item.expr);
      const base = this.expr(item.expr, cx);
      const bf = base.f;
      const vset = base.t.k === 'vset';
      if (vset && item.expr.kind === 'Name')
        whereScope.map.set(item.expr.name, { kind: 'alias', slot: whereSlot, t: VERTEX });
      if (item.projection) {
        const scope = new Scope(cx.scope);
        const slot = this.slot();
        if (item.expr.kind === 'Name')
          scope.map.set(item.expr.name, { kind: 'alias', slot, t: VERTEX });
        const projs = item.projection.map((p) => ({
          key: p.alias ?? exprKey(p.expr),
          ce: this.expr(p.expr, { ...cx, scope }),
        }));
        return {
          key,
          vset: true,
          value: (r, o, keep) =>
            idsOf(r, bf(r), keep).map((id) => {
              r.f[slot] = id;
              const attrs: Record<string, unknown> = {};
              for (const p of projs) attrs[p.key] = out(o, p.ce.f(r), p.ce.t);
              return vertexOut(o, id, attrs);
            }),
          csv: (r) =>
            toVSet(bf(r))
              .ids.map((id) => {
                r.f[slot] = id;
                return projs.map((p) => fileText(r, p.ce.f(r), p.ce.t)).join(',');
              })
              .join('\n'),
        };
      }
      return {
        key,
        vset,
        value: (r, o, keep) =>
          vset && keep ? out(o, new VSet(idsOf(r, bf(r), keep)), base.t) : out(o, bf(r), base.t),
        csv: (r) => fileText(r, bf(r), base.t),
      };
    });
    const anyVset = items.some((it) => it.vset);
    const where = s.where ? this.expr(s.where, { ...cx, scope: whereScope }).f : null;
    const keep: Keep = where
      ? (r, id) => {
          r.f[whereSlot] = id;
          return Boolean(where(r));
        }
      : null;
    const csv = s.toCsv ? this.expr(s.toCsv, cx).f : null;
    return syncStmt((r) => {
      if (where && !anyVset && !where(r)) return NEXT;
      if (csv) {
        const file = csv(r) as FileObject | null;
        if (file) file.lines.push(items.map((it) => it.csv(r)).join(','));
        return NEXT;
      }
      const o = this.outCtx(r, k);
      const res: Record<string, unknown> = {};
      for (const it of items) res[it.key] = it.value(r, o, it.vset ? keep : null);
      r.out.push(res);
      return NEXT;
    });
  }

  insert(s: QueryStmt & { kind: 'Insert' }, cx: Cx): CS {
    this.writes = true;
    const values = s.values.map((v) => {
      const ce = this.expr(v.value, cx);
      return { f: ce.f, vt: v.vertexType, isVertex: ce.t.k === 'vertex' };
    });
    const sym = cx.scope.lookup(s.target);
    const typeName_: Fn = sym && sym.kind === 'var' ? (r) => String(r.f[sym.slot]) : () => s.target;
    if (!sym && !this.isVertexType(s.target) && !this.isEdgeType(s.target))
      this.error(s, 'QUERY-UNKNOWN-TYPE', `unknown vertex or edge type ${s.target}`);
    const cols = s.columns;
    return syncStmt((r) => {
      const type = String(typeName_(r));
      const vals = values.map((v) => v.f(r));
      const vtable = r.graph.vertices.get(type);
      if (vtable) {
        const names = cols ? cols.slice(1) : vtable.def.attributes.map((a) => a.name);
        const idv = vals[0];
        const id = typeof idv === 'number' && !cols ? String(idv) : toStringValue(idv);
        r.writes.insertVertex(
          type,
          id,
          names
            .map((n, i) => [n, vals[i + 1]] as [string, unknown])
            .filter((x) => x[1] !== undefined),
        );
        return NEXT;
      }
      const etable = r.graph.edges.get(type);
      if (!etable)
        throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex or edge type ${type}`);
      const pair = etable.def.pairs[0];
      const end = (
        v: unknown,
        isVertex: boolean,
        vt: string | null,
        fallback: string | undefined,
      ) => {
        if (isVertex && typeof v === 'number') {
          const table = r.graph.vertexByIndex[vtypeOf(v)];
          return { type: table?.def.name ?? '', id: table?.ids[vslotOf(v)] ?? '' };
        }
        return { type: vt ?? fallback ?? '', id: toStringValue(v) };
      };
      const from = end(vals[0], values[0]?.isVertex ?? false, values[0]?.vt ?? null, pair?.from);
      const to = end(vals[1], values[1]?.isVertex ?? false, values[1]?.vt ?? null, pair?.to);
      const names = cols ? cols.slice(2) : etable.def.attributes.map((a) => a.name);
      r.writes.insertEdge(
        type,
        from,
        to,
        names
          .map((n, i) => [n, vals[i + 2]] as [string, unknown])
          .filter((x) => x[1] !== undefined),
      );
      return NEXT;
    });
  }
}

function isListLike(t: T): boolean {
  return t.k === 'list' || (t.k === 'accum' && t.a.name === 'ListAccum');
}

function listOf(t: T): T {
  return t.k === 'accum' ? { k: 'list', el: t.a.el } : t;
}

function edgeAttr(e: EdgeRef, name: string): unknown {
  const i = e.table.def.attributes.findIndex((a) => a.name === name);
  if (i < 0)
    throw new QueryRuntimeError(
      'QUERY-UNKNOWN-ATTRIBUTE',
      `edge type ${e.table.def.name} has no attribute ${name}`,
    );
  return e.table.columns[i]?.[e.slot];
}

function dedupe(ids: number[]): number[] {
  if (ids.length < 2) return ids;
  const seen = new Set<number>();
  const out: number[] = [];
  for (const id of ids)
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  return out;
}

export function contains(coll: unknown, x: unknown): boolean {
  if (coll instanceof VSet) return typeof x === 'number' && coll.has(x);
  if (coll instanceof SetAcc) return coll.has(x);
  if (coll instanceof MapAcc) return coll.has(x);
  if (coll instanceof BagAcc) return coll.count(x) > 0;
  const k = keyOf(x);
  for (const y of elementsOf(coll)) if (keyOf(y) === k) return true;
  return false;
}

function vsetOp(op: string, a: unknown, b: unknown): VSet {
  const x = a instanceof VSet ? a : new VSet(elementsOf(a) as number[]);
  const y = b instanceof VSet ? b : new VSet(elementsOf(b) as number[]);
  if (op === 'UNION') return new VSet(dedupe([...x.ids, ...y.ids]));
  if (op === 'INTERSECT') return new VSet(x.ids.filter((id) => y.has(id)));
  return new VSet(x.ids.filter((id) => !y.has(id)));
}

function collectionOp(op: string, a: unknown, b: unknown): unknown[] {
  const xs = elementsOf(a);
  const ys = new Set(elementsOf(b).map(keyOf));
  const seen = new Set<unknown>();
  const outList: unknown[] = [];
  const push = (v: unknown) => {
    const k = keyOf(v);
    if (!seen.has(k)) {
      seen.add(k);
      outList.push(v);
    }
  };
  if (op === 'UNION') {
    for (const v of xs) push(v);
    for (const v of elementsOf(b)) push(v);
  } else if (op === 'INTERSECT') {
    for (const v of xs) if (ys.has(keyOf(v))) push(v);
  } else for (const v of xs) if (!ys.has(keyOf(v))) push(v);
  return outList;
}

function dynArith(op: string, a: unknown, b: unknown): unknown {
  if (typeof a === 'string' || typeof b === 'string') return toStringValue(a) + toStringValue(b);
  const ints =
    (typeof a === 'bigint' || (typeof a === 'number' && Number.isInteger(a))) &&
    (typeof b === 'bigint' || (typeof b === 'number' && Number.isInteger(b)));
  switch (op) {
    case '+':
      return ints ? iadd(a, b) : num(a) + num(b);
    case '-':
      return ints ? isub(a, b) : num(a) - num(b);
    case '*':
      return ints ? imul(a, b) : num(a) * num(b);
    default:
      return ints ? idiv(a, b) : num(a) / num(b);
  }
}

function likeRegex(pattern: string, escape: string): RegExp {
  let src = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === escape && i + 1 < pattern.length) {
      src += (pattern[++i] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (c === '%') src += '.*';
    else if (c === '_') src += '.';
    else src += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}$`, 's');
}

export const NOP: CS = syncStmt(() => NEXT);

export function seq(list: readonly CS[]): CS {
  if (list.length === 1 && list[0]) return list[0];
  const fs = list.map((x) => x.sync);
  const sync: SyncStmt = (r) => {
    for (const f of fs) {
      const c = f(r);
      if (c !== NEXT) return c;
    }
    return NEXT;
  };
  if (list.every((x) => !x.async)) return syncStmt(sync);
  return bothStmt(sync, async (r) => {
    for (const x of list) {
      const c = x.async ? await x.async(r) : x.sync(r);
      if (c !== NEXT) return c;
    }
    return NEXT;
  });
}

/** A value deferred to the end of a clause: containers are copied so later changes do not leak. */
function snapshotValue(v: unknown): unknown {
  return v instanceof AccBase ? v.copy() : v;
}

function toVarValue(t: T, conv: ((v: unknown) => unknown) | null, v: unknown): unknown {
  switch (t.k) {
    case 'list':
    case 'bag':
      return elementsOf(v).slice();
    case 'set':
      return dedupeValues(elementsOf(v));
    case 'map':
      if (v instanceof MapAcc) return new Map([...v.map.values()].map((e) => [e.k, e.acc.value()]));
      return v instanceof Map ? new Map(v) : new Map();
    case 'vset':
      return toVSet(v);
    case 'tuple':
      return v && typeof v === 'object' ? { ...(v as Record<string, unknown>) } : v;
    default:
      return conv ? conv(v) : v;
  }
}

function dedupeValues(xs: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  const res: unknown[] = [];
  for (const x of xs) {
    const k = keyOf(x);
    if (!seen.has(k)) {
      seen.add(k);
      res.push(x);
    }
  }
  return res;
}

export function toVSet(v: unknown): VSet {
  if (v instanceof VSet) return v;
  if (typeof v === 'number') return new VSet([v]);
  if (v === null || v === undefined) return VSet.empty;
  return new VSet(dedupe(elementsOf(v).filter((x): x is number => typeof x === 'number')));
}

function openFile(r: Run, path: string): FileObject | null {
  if (path === '') return null;
  const dirs = r.ctx.allowedFileDirs ?? [];
  const full = resolvePath(path);
  const ok = dirs.some((d) => {
    const base = resolvePath(d);
    return full === base || full.startsWith(base.endsWith(sep) ? base : base + sep);
  });
  if (!ok)
    throw new QueryRuntimeError(
      'QUERY-FILE-DENIED',
      `the query may not write to ${path}: it is outside the allowed folders`,
    );
  const existing = r.files.find((f) => f.path === full);
  if (existing) return existing;
  const file: FileObject = { path: full, lines: [] };
  r.files.push(file);
  return file;
}

/** The text println and TO_CSV write for a value: lists space-separated, vertices as ids. */
export function fileText(r: Run, v: unknown, t: T): string {
  if (v instanceof AccBase || Array.isArray(v) || v instanceof VSet) {
    const el: T = t.k === 'accum' ? t.a.el : t.k === 'vset' ? VERTEX : 'el' in t ? t.el : ANY;
    if (v instanceof MapAcc)
      return v
        .items()
        .map((k) => fileText(r, k, v.spec.key ?? ANY))
        .join(' ');
    const xs = v instanceof AccBase && isScalarLike(v) ? [v.value()] : elementsOf(v);
    return xs.map((x) => fileText(r, x, el)).join(' ');
  }
  if (t.k === 'vertex') return vertexIdText(r.graph, v);
  if (t.k === 'datetime') return formatDatetime(num(v));
  if (v instanceof EdgeRef) return `${v.name}`;
  if (t.k === 'float' && typeof v === 'number') return String(Number(v.toPrecision(7)));
  if (t.k === 'double' && typeof v === 'number') return String(Number(v.toPrecision(16)));
  if (v && typeof v === 'object')
    return Object.values(v)
      .map((x) => toStringValue(x))
      .join(' ');
  return toStringValue(v);
}

function isScalarLike(v: AccBase): boolean {
  return v.value() !== v;
}

function* rangeOf(a: number, b: number, step: number): Generator<number> {
  if (step === 0) throw new QueryRuntimeError('QUERY-BAD-VALUE', 'RANGE step must not be 0');
  if (step > 0) for (let i = a; i <= b; i += step) yield i;
  else for (let i = a; i >= b; i += step) yield i;
}

function sizeOf(v: unknown): number {
  if (v instanceof VSet) return v.size;
  if (v instanceof AccBase) return v.size();
  if (Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (typeof v === 'string') return v.length;
  return 0;
}

function accCall(
  acc: Acc,
  name: string,
  args: readonly unknown[],
  all: readonly unknown[] = args,
): unknown {
  switch (name) {
    case 'size':
      return acc.size();
    case 'contains':
      return contains(acc, args[0]);
    case 'clear':
      acc.clear();
      return undefined;
    case 'resize':
      if (acc instanceof HeapAcc) acc.resize(num(args[0]));
      return undefined;
    case 'reallocate':
      if (acc instanceof ArrayAcc) acc.reallocate(all.map(num));
      return undefined;
    case 'update':
      if (acc instanceof ListAcc) acc.list[num(args[0])] = args[1];
      return undefined;
    case 'remove':
      if (acc instanceof SetAcc || acc instanceof BagAcc || acc instanceof MapAcc)
        acc.remove(args[0]);
      else if (acc instanceof GroupByAcc) acc.remove(all);
      else if (acc instanceof ListAcc) acc.list.splice(num(args[0]), 1);
      return undefined;
    case 'removeall':
      if (acc instanceof BagAcc) acc.removeAll(args[0]);
      else if (acc instanceof ListAcc) acc.list = acc.list.filter((x) => !eq(x, args[0]));
      return undefined;
    case 'top':
      return acc instanceof HeapAcc ? acc.top() : acc.items()[0];
    case 'pop':
      return acc instanceof HeapAcc ? acc.pop() : undefined;
    case 'get':
      if (acc instanceof MapAcc) return acc.get(args[0]);
      if (acc instanceof GroupByAcc) return acc.get(all);
      return acc.items()[num(args[0])];
    case 'containskey':
      if (acc instanceof GroupByAcc) return acc.has(all);
      return contains(acc, args[0]);
    default:
      throw new QueryRuntimeError('QUERY-BAD-VALUE', `${acc.spec.name} has no method ${name}`);
  }
}

function findVertex(r: Run, type: string, id: string): number {
  const table = r.graph.vertices.get(type);
  if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${type}`);
  const slot = table.find(id);
  if (slot < 0)
    throw new QueryRuntimeError('QUERY-BAD-VALUE', `vertex ${type} ${id} does not exist`);
  return vid(table.typeIndex, slot);
}
