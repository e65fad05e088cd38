// Loading jobs: DEFINE FILENAME and LOAD statements, and the legacy online-post jobs.
import type { NodeBase, OptionNode } from './common.js';
import type { Expr } from './expr.js';

export interface DefineFilename extends NodeBase<'DefineFilename'> {
  readonly name: string;
  readonly path: string | null;
}

export interface DefineHeader extends NodeBase<'DefineHeader'> {
  readonly name: string;
  readonly columns: readonly string[];
}

/** `TO VERTEX T VALUES (...) [WHERE cond]`; the value list may hold `$n`, `_` and functions. */
export interface LoadTarget extends NodeBase<'LoadTarget'> {
  readonly what: 'VERTEX' | 'EDGE' | 'TEMP_TABLE';
  readonly name: string;
  readonly values: readonly Expr[];
  readonly where: Expr | null;
}

/** LOAD [source] TO ... [, TO ...] [USING k="v", ...]; source is absent in online-post jobs. */
export interface Load extends NodeBase<'Load'> {
  readonly source: Expr | null;
  readonly targets: readonly LoadTarget[];
  readonly using: readonly OptionNode[];
}

export type LoadingStmt = DefineFilename | DefineHeader | Load;

export interface CreateLoadingJob extends NodeBase<'CreateLoadingJob'> {
  /** 'ONLINE_POST' for the legacy CREATE ONLINE_POST JOB. */
  readonly jobType: 'LOADING' | 'ONLINE_POST';
  readonly name: string;
  readonly graph: string | null;
  readonly body: readonly LoadingStmt[];
}

/** RUN LOADING JOB j USING f="path" and the legacy RUN JOB j USING FILENAME="...". */
export interface RunJob extends NodeBase<'RunJob'> {
  readonly loading: boolean;
  readonly flags: readonly string[];
  readonly name: string;
  readonly using: readonly OptionNode[];
}
