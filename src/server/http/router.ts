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
  // One pass with indexOf (no split/slice/map arrays): this runs on every request.
  const parts: string[] = [];
  let start = rawPath.indexOf('/') + 1;
  if (start === 0) return parts;
  for (;;) {
    const end = rawPath.indexOf('/', start);
    const part = end < 0 ? rawPath.slice(start) : rawPath.slice(start, end);
    if (end >= 0 || part !== '') parts.push(part.includes('%') ? decodeSegment(part) : part);
    if (end < 0) return parts;
    start = end + 1;
  }
}

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new BadRequestError(`malformed percent-encoding in the path segment "${part}"`);
  }
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

  /**
   * Depth-first, literal before parameter: the first leaf with routes for `method` wins. With
   * `allowed`, leaves with other methods add to it (for the 405); the common case matches
   * without it, so a request allocates nothing but its captured values. Plain recursion rather
   * than a generator: this runs on every request.
   */
  private find(
    at: TrieNode,
    segments: readonly string[],
    index: number,
    captured: string[],
    method: string,
    allowed: Set<string> | undefined,
  ): readonly RouteEntry[] | undefined {
    if (index === segments.length) {
      const routes = at.routes.get(method);
      if (routes) return routes;
      if (allowed) for (const m of at.routes.keys()) allowed.add(m);
      return undefined;
    }
    const segment = segments[index] ?? '';
    const literal = at.literals.get(segment);
    if (literal) {
      const found = this.find(literal, segments, index + 1, captured, method, allowed);
      if (found) return found;
    }
    if (at.param && segment !== '') {
      captured.push(segment);
      const found = this.find(at.param, segments, index + 1, captured, method, allowed);
      if (found) return found;
      captured.pop();
    }
    return undefined;
  }

  /** The routes for method and path; throws 404 (no such path) or 405 (other methods only). */
  match(listener: ListenerKind, method: string, segments: readonly string[]): RouteMatch {
    const root = this.roots.get(listener);
    const captured: string[] = [];
    const routes = root ? this.find(root, segments, 0, captured, method, undefined) : undefined;
    if (routes) return { routes, captured };
    const allowed = new Set<string>();
    if (root) this.find(root, segments, 0, [], method, allowed);
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

/** Parameter names of a route's template, in path order (computed once per route). */
const paramNamesOf = new WeakMap<RouteEntry, readonly string[]>();

function paramNames(route: RouteEntry): readonly string[] {
  let names = paramNamesOf.get(route);
  if (!names) {
    names = templateSegments(route.template)
      .filter(isParam)
      .map((segment) => segment.slice(1, -1));
    paramNamesOf.set(route, names);
  }
  return names;
}

/** Path parameter values of a route by name, from the captured segments and bound query keys. */
export function routeParams(
  route: RouteEntry,
  captured: readonly string[],
  search: URLSearchParams,
): Record<string, string> {
  const params: Record<string, string> = {};
  const names = paramNames(route);
  for (let i = 0; i < names.length; i++) params[names[i] ?? ''] = captured[i] ?? '';
  for (const key in route.queryBound) {
    const param = route.queryBound[key] ?? key;
    const value = search.get(key);
    if (value !== null) params[param] = value;
  }
  return params;
}
