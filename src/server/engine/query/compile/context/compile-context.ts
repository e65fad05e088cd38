// The query compiler: resolves every name once (types, attributes, accumulators, variables to
// frame slots) and turns the AST into closures over a Run. Expressions become `(r) => value`
// with a static type; statements become sync closures (ACCUM bodies, plain statements) or async
// ones (anything containing a SELECT, a loop with one, or a subquery call).
// This module holds the Compiler class (its state and core lookups); the work is split over
// the compile-*.ts modules, which take the Compiler as their first argument.
import type {
  AccumDecl,
  AccumType,
  Expr,
  Print,
  QueryStmt,
  TypeExpr,
} from '../../../core/gsql/index.js';
import type { AttrType, GraphDef } from '../catalog/types.js';
import type { Acc } from './accum.js';
import { accumDecl as accumDecl_, assign as assign_ } from './compile-assign.js';
import { call as call_ } from './compile-calls.js';
import {
  choose as choose_,
  whileStmt as whileStmt_,
  foreach as foreach_,
} from './compile-control.js';
import {
  constant as constant_,
  expr as expr_,
  slotOf as slotOf_,
  name as name_,
} from './compile-expr.js';
import { insert as insert_ } from './compile-insert.js';
import {
  accObject as accObject_,
  arity as arity_,
  method as method_,
  accMethod as accMethod_,
  vertexMethod as vertexMethod_,
} from './compile-methods.js';
import { binary as binary_ } from './compile-operators.js';
import { outCtx as outCtx_, print as print_ } from './compile-print.js';
import {
  block as block_,
  stmtHoisted as stmtHoisted_,
  declare as declare_,
  vsetVar as vsetVar_,
  stmt as stmt_,
} from './compile-stmt.js';
import {
  type Fn,
  type CE,
  type CS,
  type Sym,
  Scope,
  type Cx,
  type CompileEnv,
  type GAccInfo,
  type VAccInfo,
  primitiveT,
} from './compile-types.js';
import { typeOf as typeOf_, accSpec as accSpec_ } from './compile-typing.js';
import {
  typeIndexOf as typeIndexOf_,
  allOf as allOf_,
  checkVertexType as checkVertexType_,
  seeds as seeds_,
  vertexColumns as vertexColumns_,
  vertexAttrType as vertexAttrType_,
  edgeAttrType as edgeAttrType_,
  vertexAttrReader as vertexAttrReader_,
  attr as attr_,
  index as index_,
  dynamicAttrReader as dynamicAttrReader_,
} from './compile-vertex.js';
import { problemAt, type QueryProblem } from './errors.js';
import type { OutCtx } from './output.js';
import type { Run } from './run.js';
import { ANY, type AccSpec, type T } from './types.js';

export {
  BREAK,
  bothStmt,
  CONTINUE,
  exprKey,
  NEXT,
  NOP,
  RETURN,
  runCS,
  Scope,
  seq,
  syncStmt,
  type AsyncStmt,
  type CE,
  type CompiledQuery,
  type CompileEnv,
  type CS,
  type Cx,
  type Fn,
  type Hoist,
  type ParamSpec,
  type QueryOutput,
  type Sym,
  type SyncStmt,
} from './compile-types.js';
export { contains, fileText, toVSet } from './compile-helpers.js';

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
  /** Global accumulators assigned (`=`) in some ACCUM / POST-ACCUM clause (run.ts GAccPending). */
  readonly gAssignedInClauses = new Set<number>();
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
    return typeOf_(this, te);
  }

  accSpec(at: AccumType): AccSpec {
    return accSpec_(this, at);
  }

  // ---------------------------------------------------------------- expressions

  constant(v: unknown, t: T): CE {
    return constant_(this, v, t);
  }

  expr(e: Expr, cx: Cx): CE {
    return expr_(this, e, cx);
  }

  /** The frame slot of a plain variable or alias expression (to read it without a call), or -1. */
  slotOf(e: Expr, cx: Cx): number {
    return slotOf_(this, e, cx);
  }

  name(name: string, node: Expr, cx: Cx): CE {
    return name_(this, name, node, cx);
  }

  /** Run-time type index of a vertex type name (cached per run). */
  typeIndexOf(r: Run, name: string): number {
    return typeIndexOf_(this, r, name);
  }

  /** Every live vertex of the named types, in type then slot order. */
  allOf(r: Run, types: readonly string[]): number[] {
    return allOf_(this, r, types);
  }

  /** A type name given at run time (a STRING parameter), checked against the graph. */
  checkVertexType(name: unknown): string {
    return checkVertexType_(this, name);
  }

  /** Seed items `{T.*, S, v, @@set, ANY, type_param}` as one vertex set. */
  seeds(items: readonly Expr[], cx: Cx): CE {
    return seeds_(this, items, cx);
  }

  /** Column index of an attribute per vertex type index (cached per run), -1 when absent. */
  vertexColumns(name: string): (r: Run) => Int32Array {
    return vertexColumns_(this, name);
  }

  /** The static type of a vertex attribute, looked up in the given or all vertex types. */
  vertexAttrType(vt: string | null, name: string): T | undefined {
    return vertexAttrType_(this, vt, name);
  }

  edgeAttrType(name: string): T | undefined {
    return edgeAttrType_(this, name);
  }

  vertexAttrReader(name: string): (r: Run, id: number) => unknown {
    return vertexAttrReader_(this, name);
  }

  attr(e: Expr & { kind: 'Attr' }, cx: Cx): CE {
    return attr_(this, e, cx);
  }

  index(e: Expr & { kind: 'Index' }, cx: Cx): CE {
    return index_(this, e, cx);
  }

  binary(op: string, l: CE, rr: CE, node: Expr): CE {
    return binary_(this, op, l, rr, node);
  }

  // ---------------------------------------------------------------- methods and calls

  /** The accumulator object behind `@@a` or `v.@a` (for mutators and container methods). */
  accObject(e: Expr, cx: Cx): { get: (r: Run) => Acc; spec: AccSpec } | null {
    return accObject_(this, e, cx);
  }

  arity(
    e: { name: string; args: readonly Expr[]; range: Expr['range'] },
    min: number,
    max: number,
  ): boolean {
    return arity_(this, e, min, max);
  }

  method(e: Expr & { kind: 'MethodCall' }, cx: Cx): CE {
    return method_(this, e, cx);
  }

  accMethod(getRaw: (r: Run) => Acc, spec: AccSpec, e: Expr & { kind: 'MethodCall' }, cx: Cx): CE {
    return accMethod_(this, getRaw, spec, e, cx);
  }

  vertexMethod(tf: Fn, e: Expr & { kind: 'MethodCall' }, args: CE[], cx: Cx): CE {
    return vertexMethod_(this, tf, e, args, cx);
  }

  dynamicAttrReader(name: string): (r: Run, id: number) => unknown {
    return dynamicAttrReader_(this, name);
  }

  call(e: Expr & { kind: 'Call' }, cx: Cx): CE {
    return call_(this, e, cx);
  }

  // ---------------------------------------------------------------- statements

  block(stmts: readonly QueryStmt[], cx: Cx, newScope = true): CS {
    return block_(this, stmts, cx, newScope);
  }

  /** A statement with its subquery calls evaluated first (query body only). */
  stmtHoisted(s: QueryStmt, cx: Cx): CS {
    return stmtHoisted_(this, s, cx);
  }

  declare(cx: Cx, name: string, sym: Sym, node: { range: QueryStmt['range'] }): void {
    return declare_(this, cx, name, sym, node);
  }

  /** A vertex set variable: query-wide, declared by its first assignment. */
  vsetVar(name: string, node: { range: QueryStmt['range'] }, cx: Cx): number {
    return vsetVar_(this, name, node, cx);
  }

  stmt(s: QueryStmt, cx: Cx): CS {
    return stmt_(this, s, cx);
  }

  choose(branches: { cond: Fn; body: CS }[], other: CS | null): CS {
    return choose_(this, branches, other);
  }

  whileStmt(s: QueryStmt & { kind: 'While' }, cx: Cx): CS {
    return whileStmt_(this, s, cx);
  }

  foreach(s: QueryStmt & { kind: 'Foreach' }, cx: Cx): CS {
    return foreach_(this, s, cx);
  }

  accumDecl(s: AccumDecl, cx: Cx): CS {
    return accumDecl_(this, s, cx);
  }

  assign(s: QueryStmt & { kind: 'Assign' }, cx: Cx): CS {
    return assign_(this, s, cx);
  }

  outCtx(r: Run, k: number): OutCtx {
    return outCtx_(this, r, k);
  }

  /**
   * PRINT. With WHERE, the vertex sets printed keep only the vertices the condition holds for
   * (the set's name stands for the vertex); a PRINT without vertex sets is skipped when it fails.
   */
  print(s: Print, cx: Cx): CS {
    return print_(this, s, cx);
  }

  insert(s: QueryStmt & { kind: 'Insert' }, cx: Cx): CS {
    return insert_(this, s, cx);
  }
}
