// The control plane's routes, derived from the operation catalogue: every operation of service
// `cloud` (document 3) with its method and path template. A path that matches a template under
// another method answers 405; no match answers 404 (both in the envelope).
import { operations, type Operation } from '../core/ops/index.js';

export interface Route {
  readonly operation: Operation;
  readonly pattern: RegExp;
}

export type RouteMatch =
  | { readonly kind: 'found'; readonly operation: Operation; readonly path: Record<string, string> }
  | { readonly kind: 'method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

function compile(template: string): RegExp {
  const source = template
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) =>
      /^\{.*\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}/?$`);
}

export function cloudRoutes(): Route[] {
  const routes = operations
    .filter((op) => op.service === 'cloud')
    .map((operation) => ({ operation, pattern: compile(operation.path) }));
  // Literal segments win over parameters (allow_list/current before allow_list/{id}).
  const params = (route: Route) => route.operation.pathParamNames.length;
  return routes.sort((a, b) => params(a) - params(b));
}

export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.operation.method !== method) {
      allowed.push(route.operation.method);
      continue;
    }
    const path: Record<string, string> = {};
    route.operation.pathParamNames.forEach((name, i) => {
      path[name] = decodeURIComponent(match[i + 1] ?? '');
    });
    return { kind: 'found', operation: route.operation, path };
  }
  return allowed.length > 0 ? { kind: 'method', allowed } : { kind: 'none' };
}
