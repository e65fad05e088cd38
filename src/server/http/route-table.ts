// The route table, derived from the operation catalogue (never written by hand): each operation at
// its current path on the main listener, and its 3.x form where it differs: GSQL-server legacy
// forms (/gsqlserver/..., /gsql/queries/install) on the main listener, REST++ legacy forms (no
// /restpp prefix) on the REST++ listener. Control-plane (cloud) operations are not served: the
// embedded service is a database, not a cloud console.
import type { HttpMethod, Operation, Service } from '../../core/ops/define.js';
import { operations as catalogueOperations } from '../../core/ops/index.js';

/** Which listener serves a route: the GSQL port, or the legacy REST++ port (`--restpp-port`). */
export type ListenerKind = 'main' | 'restpp';

/** Which of the operation's path forms a route is. */
export type PathFormKind = 'current' | 'legacy';

export interface RouteEntry {
  readonly op: Operation;
  readonly listener: ListenerKind;
  readonly form: PathFormKind;
  readonly method: HttpMethod;
  /** The path part of the template, `{name}` for parameters. */
  readonly template: string;
  /** Path parameters carried in the query string by legacy forms: query key -> parameter name. */
  readonly queryBound: Readonly<Record<string, string>>;
  /** The component answering this form (decides auth and envelope). */
  readonly service: Service;
}

function splitTemplate(template: string): { path: string; queryBound: Record<string, string> } {
  const [path = '', query] = template.split('?');
  const queryBound: Record<string, string> = {};
  if (query !== undefined) {
    for (const [key, value] of new URLSearchParams(query)) {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1];
      if (param !== undefined) queryBound[key] = param;
    }
  }
  return { path, queryBound };
}

function entry(op: Operation, form: PathFormKind, listener: ListenerKind): RouteEntry {
  const legacy = form === 'legacy';
  const { path, queryBound } = splitTemplate(legacy ? (op.legacyPath ?? op.path) : op.path);
  return {
    op,
    listener,
    form,
    method: legacy ? (op.legacyMethod ?? op.method) : op.method,
    template: path,
    queryBound,
    service: legacy ? (op.legacyService ?? op.service) : op.service,
  };
}

/** Every route of the embedded service, for both listeners. */
export function buildRouteTable(ops: readonly Operation[] = catalogueOperations): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const op of ops) {
    if (op.service === 'cloud') continue;
    const legacyService = op.legacyService ?? op.service;
    const legacyListener: ListenerKind = legacyService === 'restpp' ? 'restpp' : 'main';
    // 3.x-only operations (token refresh) exist only in their legacy form.
    if (op.legacyOnly !== true) routes.push(entry(op, 'current', 'main'));
    if (op.legacyPath === null) continue;
    const sameAsCurrent =
      legacyListener === 'main' &&
      op.legacyPath === op.path &&
      (op.legacyMethod ?? op.method) === op.method;
    if (op.legacyOnly === true || !sameAsCurrent) {
      routes.push(entry(op, 'legacy', legacyListener));
    }
    // REST++ forms that live apart from /restpp in 4.x (the token endpoints) are also reached
    // under /restpp on the GSQL port, as every REST++ path is since 4.1 (clients call
    // /restpp/requesttoken there).
    if (legacyService === 'restpp' && !op.path.startsWith('/restpp/')) {
      const under = entry(op, 'legacy', 'main');
      routes.push({ ...under, template: `/restpp${under.template}` });
    }
  }
  return routes;
}

/** Served operations without a handler: they answer 501 until their handler lands. */
export function unsupportedOperations(
  hasHandler: (name: string) => boolean,
  routes: readonly RouteEntry[] = buildRouteTable(),
): string[] {
  return [...new Set(routes.map((r) => r.op.name))].filter((name) => !hasHandler(name)).sort();
}
