// Picks among operations sharing one method and path (the catalogue's `variant`): a query
// parameter that is present, then no body at all, then a body field that is present, and the
// plain form last.
import type { RouteEntry } from './route-table.js';

/** Whether telling the candidates apart needs the parsed body. */
export function needsBody(routes: readonly RouteEntry[]): boolean {
  return (
    routes.length > 1 &&
    routes.some((r) => r.op.variant?.body !== undefined || r.op.variant?.noBody === true)
  );
}

/**
 * The candidate for this request. `body` is the parsed JSON body when needsBody() said so
 * (undefined for an empty body), and is ignored otherwise.
 */
export function pickVariant(
  routes: readonly RouteEntry[],
  search: URLSearchParams,
  body: { present: boolean; value: unknown } | undefined,
): RouteEntry | undefined {
  if (routes.length === 1) return routes[0];
  const byQuery = routes.find(
    (r) => r.op.variant?.query !== undefined && search.has(r.op.variant.query),
  );
  if (byQuery) return byQuery;
  if (body !== undefined) {
    if (!body.present) {
      const noBody = routes.find((r) => r.op.variant?.noBody === true);
      if (noBody) return noBody;
    } else if (
      typeof body.value === 'object' &&
      body.value !== null &&
      !Array.isArray(body.value)
    ) {
      const fields = body.value as Record<string, unknown>;
      const byBody = routes.find(
        (r) => r.op.variant?.body !== undefined && Object.hasOwn(fields, r.op.variant.body),
      );
      if (byBody) return byBody;
    }
  }
  return routes.find((r) => r.op.variant === undefined);
}
