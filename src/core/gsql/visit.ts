// Walking the AST: child enumeration, a pre/post-order walk and per-kind visitors. Children are
// found structurally (any field holding nodes), so new node kinds need no changes here.
import type { Node, NodeKind } from './ast/index.js';

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'kind' in value && 'range' in value;
}

function collect(value: unknown, out: Node[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out);
  } else if (isNode(value)) {
    out.push(value);
  }
}

/** Direct children of a node, in source order of their fields. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'range' && typeof value === 'object' && value !== null) collect(value, out);
  }
  return out;
}

export interface Walker {
  /** Return false to skip the node's children. */
  enter?(node: Node, parent: Node | null): boolean | void;
  leave?(node: Node, parent: Node | null): void;
}

export function walk(node: Node, walker: Walker, parent: Node | null = null): void {
  if (walker.enter?.(node, parent) === false) return;
  for (const child of children(node)) walk(child, walker, node);
  walker.leave?.(node, parent);
}

/** One callback per node kind, typed by the kind. */
export type KindVisitor = {
  readonly [K in NodeKind]?: (node: Extract<Node, { kind: K }>, parent: Node | null) => void;
};

export function visit(root: Node, visitor: KindVisitor): void {
  walk(root, {
    enter(node, parent) {
      const fn = visitor[node.kind] as ((n: Node, p: Node | null) => void) | undefined;
      fn?.(node, parent);
    },
  });
}

/** The chain of nodes whose range contains `offset`, outermost first. */
export function nodesAt(root: Node, offset: number): Node[] {
  const path: Node[] = [];
  walk(root, {
    enter(node) {
      const { start, end } = node.range;
      if (offset < start.offset || offset > end.offset) return false;
      path.push(node);
      return true;
    },
  });
  return path;
}

/** A copy of a tree without source ranges, for structural comparison. */
export function withoutRanges(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRanges);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (key !== 'range') out[key] = withoutRanges(v);
  return out;
}
