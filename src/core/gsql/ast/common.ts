// The shape every AST node shares: a `kind` tag for discriminated unions and a source range.
import type { Range } from '../tokens.js';
import type { Expr } from './expr.js';

export interface NodeBase<K extends string> {
  readonly kind: K;
  readonly range: Range;
}

/** `name = value` pairs of WITH, USING and similar option lists. */
export interface OptionNode extends NodeBase<'Option'> {
  readonly name: string;
  readonly value: Expr;
}

/** A statement the parser could not read; kept so that editors see where it was. */
export interface ErrorNode extends NodeBase<'Error'> {
  readonly text: string;
}
