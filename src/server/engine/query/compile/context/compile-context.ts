// Compile context: the state one query's compilation shares across every compiler layer (frame
// and cache slots, the root scope, tuple and accumulator tables, exception names, problems found)
// and the catalog lookups of type names. It compiles no AST node; the
// layers above (expressions, statements, select, query) take it as their first argument.
import type { AccumType, QueryStmt, TypeExpr } from '../../../../../core/gsql/index.js';
import type { CompiledQueryLike } from '../../run.js';
import type { AttrType, GraphDef } from '../../../catalog/types.js';
import { problemAt, type QueryProblem } from '../../errors.js';
import { ANY, type AccSpec, type T } from '../../types.js';
import {
  type Fn,
  Scope,
  type CompileEnv,
  type EAccInfo,
  type GAccInfo,
  type VAccInfo,
  primitiveT,
} from './compile-types.js';

export class CompileContext {
  readonly problems: QueryProblem[] = [];
  frameSize = 0;
  readonly root = new Scope(null);
  readonly tuples = new Map<string, T & { k: 'tuple' }>();
  readonly gaccs = new Map<string, GAccInfo>();
  readonly vaccs = new Map<string, VAccInfo>();
  readonly gaccList: GAccInfo[] = [];
  readonly vaccList: VAccInfo[] = [];
  /** Edge-attached accumulators; `@name` means one of these or a vertex accumulator, never both. */
  readonly eaccs = new Map<string, EAccInfo>();
  readonly primedV = new Set<number>();
  readonly primedG = new Set<number>();
  /** Frame slots of the query's parameters (IS NULL and COALESCE see when they are NULL). */
  readonly paramSlots = new Set<number>();
  readonly heapCaps: { spec: AccSpec; cap: Fn }[] = [];
  cacheSize = 0;
  /** SELECT blocks compiled to generated code and to closures (CompiledQuery.selectTiers). */
  readonly selectTiers = { generated: 0, closures: 0 };
  /** Generated SELECTs that run as the visited-flag idiom (CompiledQuery.visitFlags). */
  visitFlags = 0;
  readonly graphDef: GraphDef | undefined;
  readonly exceptions = new Map<string, Fn>();
  /** The query's SYNTAX version (lower case), null when it names none (then detected). */
  syntax: string | null = null;
  /** Accumulator types named by TYPEDEF in the query (`TYPEDEF HeapAccum<T>(3, a DESC) H;`). */
  readonly accumTypedefs = new Map<string, AccumType>();
  /** The query being compiled: its name (a call of it is recursion), flags and itself once built. */
  self: {
    readonly name: string;
    readonly returns: TypeExpr | null;
    readonly distributed: boolean;
    query: CompiledQueryLike | null;
  } | null = null;

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

  /** An accumulator type named by TYPEDEF: in this query first, else at the top level. */
  accumTypedef(name: string): AccumType | undefined {
    return this.accumTypedefs.get(name) ?? this.env.accumTypedef?.(name);
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
}
