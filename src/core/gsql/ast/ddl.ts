// Schema definition: vertex and edge types, graphs, tuples and schema-change jobs.
import type { NodeBase, OptionNode } from './common.js';
import type { Expr } from './expr.js';
import type { TypeExpr } from './types.js';

export interface AttrDef extends NodeBase<'AttrDef'> {
  readonly name: string;
  readonly type: TypeExpr;
  readonly defaultValue: Expr | null;
  /** `id STRING PRIMARY KEY`. */
  readonly primaryKey: boolean;
}

/** `PRIMARY_ID id STRING`. */
export interface PrimaryId extends NodeBase<'PrimaryId'> {
  readonly name: string;
  readonly type: TypeExpr;
}

/** `PRIMARY KEY (a, b)`: a composite key over attributes declared in the same list. */
export interface CompositeKey extends NodeBase<'CompositeKey'> {
  readonly attributes: readonly string[];
}

export type VertexElement = AttrDef | PrimaryId | CompositeKey;

export interface CreateVertex extends NodeBase<'CreateVertex'> {
  readonly name: string;
  readonly elements: readonly VertexElement[];
  /** WITH primary_id_as_attribute="true", STATS="outdegree_by_edgetype". */
  readonly options: readonly OptionNode[];
}

/**
 * `FROM A, TO B`; either side may be `*`, or several types (`FROM Comment|Post, TO Person`),
 * which stands for every combination of the listed types.
 */
export interface EdgePair extends NodeBase<'EdgePair'> {
  readonly from: readonly string[];
  readonly to: readonly string[];
}

export interface DiscriminatorAttr extends NodeBase<'DiscriminatorAttr'> {
  readonly name: string;
  readonly type: TypeExpr | null;
}

/** DISCRIMINATOR(a [type], ...): attributes that tell apart parallel edges. */
export interface Discriminator extends NodeBase<'Discriminator'> {
  readonly attributes: readonly DiscriminatorAttr[];
}

export type EdgeElement = AttrDef | Discriminator;

export interface CreateEdge extends NodeBase<'CreateEdge'> {
  readonly directed: boolean;
  readonly name: string;
  readonly pairs: readonly EdgePair[];
  readonly elements: readonly EdgeElement[];
  /** WITH REVERSE_EDGE="rev_name". */
  readonly options: readonly OptionNode[];
}

/** CREATE GRAPH g (A, B), or (*) for every global type. */
export interface CreateGraph extends NodeBase<'CreateGraph'> {
  readonly name: string;
  readonly allTypes: boolean;
  readonly types: readonly string[];
}

export interface AddType extends NodeBase<'AddType'> {
  readonly definition: CreateVertex | CreateEdge;
}

/** ADD VERTEX|EDGE names TO GRAPH g: global types joining a graph (global jobs). */
export interface AddTypesToGraph extends NodeBase<'AddTypesToGraph'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly names: readonly string[];
  readonly graph: string;
}

/** DROP VERTEX|EDGE names [FROM GRAPH g]: deleted, or (with a graph) only left out of it. */
export interface DropTypes extends NodeBase<'DropTypes'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly names: readonly string[];
  readonly graph: string | null;
}

/** ALTER EDGE e ADD|DROP PAIR (FROM A, TO B | ...). */
export interface AlterEdgePairs extends NodeBase<'AlterEdgePairs'> {
  readonly adding: boolean;
  readonly typeName: string;
  readonly pairs: readonly EdgePair[];
}

export interface AlterAddAttributes extends NodeBase<'AlterAddAttributes'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly typeName: string;
  readonly attributes: readonly AttrDef[];
}

export interface AlterDropAttributes extends NodeBase<'AlterDropAttributes'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly typeName: string;
  readonly names: readonly string[];
}

/** ALTER VERTEX T ADD INDEX i ON (attr). */
export interface AlterAddIndex extends NodeBase<'AlterAddIndex'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly typeName: string;
  readonly index: string;
  readonly attribute: string;
}

export interface AlterDropIndex extends NodeBase<'AlterDropIndex'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly typeName: string;
  readonly index: string;
}

export type SchemaChange =
  | AddType
  | AddTypesToGraph
  | DropTypes
  | AlterEdgePairs
  | AlterAddAttributes
  | AlterDropAttributes
  | AlterAddIndex
  | AlterDropIndex;

export interface CreateSchemaChangeJob extends NodeBase<'CreateSchemaChangeJob'> {
  readonly global: boolean;
  readonly name: string;
  readonly graph: string | null;
  readonly changes: readonly SchemaChange[];
}
