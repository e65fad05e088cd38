// The openCypher query body of `CREATE OPENCYPHER QUERY` / `INTERPRET OPENCYPHER QUERY` (the
// openCypher-in-GSQL pages): a list of clauses, read by ./parse.ts and translated into GSQL
// statements by ./translate.ts. Patterns are the GSQL pattern nodes (`(a:T)-[e:E]->(b)` reads
// into the same tree as a SYNTAX v3 FROM clause); expressions are GSQL expressions, openCypher's
// own operators already spelled as GSQL (`=` as `==`, `STARTS WITH` as a call of `find`...).
// These nodes live only between parsing and translation: the CreateQuery node keeps the
// translated body and the openCypher text, never these.
import type { NodeBase } from '../ast/common.js';
import type { Expr } from '../ast/expr.js';
import type { OrderItem, Pattern } from '../ast/select.js';

/** `MATCH p1, p2 [WHERE cond]`. */
export interface CypherMatch extends NodeBase<'CypherMatch'> {
  readonly patterns: readonly Pattern[];
  readonly where: Expr | null;
}

/** One projected item: `expr [AS alias]`; `text` is the expression as written. */
export interface CypherItem extends NodeBase<'CypherItem'> {
  readonly expr: Expr;
  readonly alias: string | null;
  readonly text: string;
}

/**
 * `WITH` and `RETURN`: `[DISTINCT] items [ORDER BY ..] [SKIP n] [LIMIT n]`; a WITH may be
 * followed by `WHERE cond`, which filters its rows.
 */
export interface CypherProjection extends NodeBase<'CypherWith' | 'CypherReturn'> {
  readonly distinct: boolean;
  readonly items: readonly CypherItem[];
  readonly orderBy: readonly OrderItem[];
  readonly skip: Expr | null;
  readonly limit: Expr | null;
  readonly where: Expr | null;
}

export interface CypherWith extends CypherProjection {
  readonly kind: 'CypherWith';
}

export interface CypherReturn extends CypherProjection {
  readonly kind: 'CypherReturn';
}

/** `[DETACH] DELETE a, e`: the matched vertices (with their edges) and edges are deleted. */
export interface CypherDelete extends NodeBase<'CypherDelete'> {
  readonly detach: boolean;
  readonly targets: readonly Expr[];
}

/** `SET a.p = v, e.q = w`: property updates of every match. */
export interface CypherSet extends NodeBase<'CypherSet'> {
  /** Each target is an `Attr` of a pattern variable. */
  readonly items: readonly { readonly target: Expr; readonly value: Expr }[];
}

export type CypherClause = CypherMatch | CypherWith | CypherReturn | CypherDelete | CypherSet;

/** A whole body: its clauses, the last one a RETURN, or DELETE and SET clauses that write. */
export interface CypherQuery extends NodeBase<'CypherQuery'> {
  readonly clauses: readonly CypherClause[];
}
