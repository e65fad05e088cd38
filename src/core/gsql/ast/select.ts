// SELECT blocks and the path patterns of their FROM clauses. The classic form
// `S:s -(E:e)-> T:t` and the pattern form `S:s -(E>*1..3)- T:t` share one representation:
// a source vertex step followed by hops of an edge step and a vertex step.
import type { NodeBase } from './common.js';
import type { Expr } from './expr.js';
import type { DmlStmt } from './query.js';

/**
 * `key: value` in an openCypher property map (`(a:Person {name: p})`, `-[e:E {w: 1}]-`): the
 * step matches only where `alias.key == value`.
 */
export interface PropertyCondition extends NodeBase<'PropertyCondition'> {
  readonly key: string;
  readonly value: Expr;
}

/** A vertex step: type or vertex-set names (empty when omitted, as in `-(E)- :t`) and an alias. */
export interface VertexStep extends NodeBase<'VertexStep'> {
  /** Names as written: types, vertex sets, parameters, `@@set`, `_` or `ANY`. */
  readonly types: readonly string[];
  readonly alias: string | null;
  /**
   * Present (true) only for the unwritten vertex between two edge patterns joined by `.`
   * (`-(<E1.<E2)-`): types are [] and alias null; the formatter prints the `.` back.
   */
  readonly implicit?: true;
  /** The openCypher property map `{k: v, ...}`; present only when written. */
  readonly props?: readonly PropertyCondition[];
}

/** One alternative of an edge step: `E` (any direction), `E>` (out), `<E` (in). */
export interface EdgeTypeRef extends NodeBase<'EdgeTypeRef'> {
  readonly name: string;
  readonly direction: 'any' | 'out' | 'in';
}

/** `*`, `*2`, `*1..3`, `*..3`, `*1..` on a pattern edge. */
export interface Repeat extends NodeBase<'Repeat'> {
  readonly min: number | null;
  readonly max: number | null;
}

/**
 * An edge step. `arrow` is the classic-syntax arrow: `-( )->` right, `<-( )-` left, `-( )-`
 * none; per-type directions (`E>`, `<E`) live on the type references.
 */
export interface EdgeStep extends NodeBase<'EdgeStep'> {
  readonly arrow: 'right' | 'left' | 'none';
  readonly types: readonly EdgeTypeRef[];
  readonly alias: string | null;
  readonly repeat: Repeat | null;
  /** The openCypher property map `-[e:E {k: v}]-`; present only when written. */
  readonly props?: readonly PropertyCondition[];
}

export interface Hop extends NodeBase<'Hop'> {
  readonly edge: EdgeStep;
  readonly target: VertexStep;
}

/**
 * One path. Edge patterns composed with `.` (`-(A>.B>*)-`) are consecutive hops whose
 * intermediate target is an `implicit` vertex step.
 */
export interface Pattern extends NodeBase<'Pattern'> {
  readonly source: VertexStep;
  readonly hops: readonly Hop[];
  /**
   * Present (true) only for a pattern written in the openCypher form, `(a:T)-[e:E]->(b)`, which
   * the reference accepts in SYNTAX v3 queries only; the formatter prints it back in that form.
   */
  readonly cypher?: true;
}

/** SAMPLE n[%] EDGE|TARGET [PINNED] WHEN cond. */
export interface SampleClause extends NodeBase<'Sample'> {
  readonly size: Expr;
  readonly percent: boolean;
  readonly on: 'EDGE' | 'TARGET';
  readonly pinned: boolean;
  readonly when: Expr;
}

export interface OrderItem extends NodeBase<'OrderItem'> {
  readonly expr: Expr;
  readonly direction: 'ASC' | 'DESC' | null;
}

/** LIMIT count [OFFSET offset]; `LIMIT offset, count` is read into the same shape. */
export interface LimitClause extends NodeBase<'Limit'> {
  readonly count: Expr;
  readonly offset: Expr | null;
}

export interface Select extends NodeBase<'Select'> {
  /** The alias whose vertices form the result (`SELECT t`). */
  readonly output: string;
  readonly distinct: boolean;
  readonly from: readonly Pattern[];
  readonly sample: SampleClause | null;
  readonly where: Expr | null;
  /** PER (a, b) before ACCUM in the pattern syntax. */
  readonly per: readonly string[] | null;
  readonly accum: readonly DmlStmt[] | null;
  /** Each POST-ACCUM clause, in order. */
  readonly postAccum: readonly (readonly DmlStmt[])[];
  /**
   * The vertex alias bound to each POST-ACCUM clause by `POST-ACCUM (a)`, null where none is
   * written; present only when some clause binds one.
   */
  readonly postAccumAliases?: readonly (string | null)[];
  readonly having: Expr | null;
  readonly orderBy: readonly OrderItem[];
  readonly limit: LimitClause | null;
}

export interface TableColumn extends NodeBase<'TableColumn'> {
  readonly expr: Expr;
  readonly alias: string | null;
}

/**
 * The SQL-like SELECT of syntax v2: `SELECT [DISTINCT] cols INTO T FROM ... [WHERE]
 * [GROUP BY] [HAVING] [ORDER BY] [LIMIT]`, producing a table rather than a vertex set.
 */
export interface TableSelect extends NodeBase<'TableSelect'> {
  readonly distinct: boolean;
  readonly columns: readonly TableColumn[];
  readonly into: string;
  readonly from: readonly Pattern[];
  readonly where: Expr | null;
  readonly groupBy: readonly Expr[];
  readonly having: Expr | null;
  readonly orderBy: readonly OrderItem[];
  readonly limit: LimitClause | null;
}
