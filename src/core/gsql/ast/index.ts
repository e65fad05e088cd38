// The GSQL AST: every node kind, the top-level statement union and the script root.
import type * as A from './access.js';
import type { ErrorNode, NodeBase, OptionNode } from './common.js';
import type * as D from './ddl.js';
import type * as E from './expr.js';
import type * as L from './loading.js';
import type * as Q from './query.js';
import type * as S from './select.js';
import type * as Sh from './shell.js';
import type * as T from './types.js';

export type * from './access.js';
export type * from './common.js';
export type * from './ddl.js';
export type * from './expr.js';
export type * from './loading.js';
export type * from './query.js';
export type * from './select.js';
export type * from './shell.js';
export type * from './types.js';

/** Statements of a script, as the GSQL shell runs them one by one. */
export type Statement =
  | D.CreateVertex
  | D.CreateEdge
  | D.CreateGraph
  | D.CreateSchemaChangeJob
  | Q.TypedefTuple
  | Q.TypedefAccum
  | Q.CreateQuery
  | Q.InterpretBlock
  | L.CreateLoadingJob
  | L.RunJob
  | Sh.UseGraph
  | Sh.UseGlobal
  | Sh.Ls
  | Sh.DropAll
  | Sh.Drop
  | Sh.Show
  | Sh.ShowPackage
  | Sh.ImportPackage
  | Sh.CreateSecret
  | Sh.CreateUser
  | Sh.RoleGrant
  | A.AlterPassword
  | A.CreateRole
  | A.DropRole
  | A.PrivilegeGrant
  | A.ShowPrivilege
  | Sh.ClearGraphStore
  | Sh.InstallQuery
  | Sh.RunQuery
  | Sh.RunSchemaChange
  | Sh.SetParam
  | Sh.PutUdf
  | Sh.GetUdf
  | ErrorNode;

export interface Script extends NodeBase<'Script'> {
  readonly statements: readonly Statement[];
}

/** Every node kind of the tree, for generic walks. */
export type Node =
  | Script
  | Statement
  | Q.QueryStmt
  | E.Expr
  | T.TypeExpr
  | T.Field
  | T.HeapOrder
  | T.HeapSpec
  | OptionNode
  | Q.Param
  | Q.AccumVar
  | Q.VarInit
  | Q.CondBranch
  | Q.RangeSpec
  | Q.PrintItem
  | Q.PrintProjection
  | Q.InsertValue
  | Q.ExceptionHandler
  | E.CaseWhen
  | E.JsonEntry
  | S.Select
  | S.TableColumn
  | S.Pattern
  | S.Hop
  | S.VertexStep
  | S.PropertyCondition
  | S.EdgeStep
  | S.EdgeTypeRef
  | S.Repeat
  | S.SampleClause
  | S.OrderItem
  | S.LimitClause
  | D.VertexElement
  | D.EdgePair
  | D.Discriminator
  | D.DiscriminatorAttr
  | D.SchemaChange
  | L.LoadingStmt
  | L.LoadTarget;

export type NodeKind = Node['kind'];
