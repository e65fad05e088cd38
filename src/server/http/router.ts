// Matches a request path against the route table: templates compile into a segment trie where a
// literal segment beats a parameter, with backtracking so that `DELETE .../loading-jobs/status`
// still reaches the `{jobName}` route when the literal route has no DELETE. Several operations on
// one method and path (variants) come back together; variants.ts picks among them.
import type { RouteEntry, ListenerKind } from './route-table.js';
import { BadRequestError, MethodNotAllowedError, NotFoundError } from './errors.js';

interface TrieNode {
  readonly literals: Map<string, TrieNode>;
  param: TrieNode | undefined;
  /** Method -> routes ending here (several when operations are variants of one another). */
  readonly routes: Map<string, RouteEntry[]>;
}

function node(): TrieNode {
  return { literals: new Map(), param: undefined, routes: new Map() };
}

export interface RouteMatch {
  /** The candidates for this method and path (one unless the operations are variants). */
  readonly routes: readonly RouteEntry[];
  /** Path segments captured by parameters, decoded, in order. */
  readonly captured: readonly string[];
}

/** Splits a raw path into decoded segments; a trailing slash is ignored. */
export function pathSegments(rawPath: string): string[] {
  const parts = rawPath.split('/').slice(1);
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new BadRequestError(`malformed percent-encoding in the path segment "${part}"`);
    }
  });
}

function templateSegments(template: string): string[] {
  return template.split('/').slice(1);
}

const isParam = (segment: string) => /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(segment);

export class Router {
  private readonly roots = new Map<ListenerKind, TrieNode>();

  constructor(routes: readonly RouteEntry[]) {
    for (const route of routes) this.add(route);
  }

  private add(route: RouteEntry): void {
    let current = this.roots.get(route.listener);
    if (!current) {
      current = node();
      this.roots.set(route.listener, current);
    }
    for (const segment of templateSegments(route.template)) {
      if (isParam(segment)) {
        current.param ??= node();
        current = current.param;
      } else {
        let next = current.literals.get(segment);
        if (!next) {
          next = node();
          current.literals.set(segment, next);
        }
        current = next;
      }
    }
    const list = current.routes.get(route.method) ?? [];
    list.push(route);
    current.routes.set(route.method, list);
  }

  /** Leaf nodes matching the path, literal-first, each with its captured parameter values. */
  private *walk(
    at: TrieNode,
    segments: readonly string[],
    index: number,
    captured: string[],
  ): Generator<{ leaf: TrieNode; captured: string[] }> {
    if (index === segments.length) {
      if (at.routes.size > 0) yield { leaf: at, captured: [...captured] };
      return;
    }
    const segment = segments[index] ?? '';
    const literal = at.literals.get(segment);
    if (literal) yield* this.walk(literal, segments, index + 1, captured);
    if (at.param && segment !== '') {
      captured.push(segment);
      yield* this.walk(at.param, segments, index + 1, captured);
      captured.pop();
    }
  }

  /** The routes for method and path; throws 404 (no such path) or 405 (other methods only). */
  match(listener: ListenerKind, method: string, segments: readonly string[]): RouteMatch {
    const root = this.roots.get(listener);
    const allowed = new Set<string>();
    if (root) {
      for (const { leaf, captured } of this.walk(root, segments, 0, [])) {
        const routes = leaf.routes.get(method);
        if (routes) return { routes, captured };
        for (const m of leaf.routes.keys()) allowed.add(m);
      }
    }
    const path = `/${segments.join('/')}`;
    if (allowed.size > 0) {
      const methods = [...allowed].sort();
      throw new MethodNotAllowedError(
        `${method} is not supported on ${path}; use ${methods.join(' or ')}`,
        methods,
      );
    }
    throw new NotFoundError(
      `endpoint not found: ${method} ${path}; GET /restpp/endpoints/{graph_name} lists the REST++ endpoints`,
    );
  }
}

/** Path parameter values of a route by name, from the captured segments and bound query keys. */
export function routeParams(
  route: RouteEntry,
  captured: readonly string[],
  search: URLSearchParams,
): Record<string, string> {
  const params: Record<string, string> = {};
  let i = 0;
  for (const segment of templateSegments(route.template)) {
    if (isParam(segment)) params[segment.slice(1, -1)] = captured[i++] ?? '';
  }
  for (const [key, param] of Object.entries(route.queryBound)) {
    const value = search.get(key);
    if (value !== null) params[param] = value;
  }
  return params;
}
