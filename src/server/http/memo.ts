// Per-route and per-listener facts that every request would otherwise recompute: the query keys
// a legacy route binds to path parameters, the statistics template and key of an operation, an
// operation's query parsed from no parameters, and the Host headers a listener has already
// accepted (the answer depends only on the header and the listener's bound address, so a header
// seen once is not parsed again).
import type { z } from 'zod';
import type { Operation } from '../../core/ops/define.js';
import { statisticsKey } from '../engine/queries/statistics.js';
import { checkHost } from './host-check.js';
import type { RouteEntry } from './route-table.js';
import { parseOrThrow } from './validate.js';

const boundKeys = new WeakMap<RouteEntry, ReadonlySet<string>>();

/** The query keys of a route that carry path parameters (skipped when parsing the query). */
export function queryBoundKeys(route: RouteEntry): ReadonlySet<string> {
  let keys = boundKeys.get(route);
  if (!keys) boundKeys.set(route, (keys = new Set(Object.keys(route.queryBound))));
  return keys;
}

const templates = new WeakMap<Operation, string>();

/** The REST++ path template /statistics files an operation under (3.x form, no /restpp). */
export function statisticsTemplate(op: Operation): string {
  let template = templates.get(op);
  if (template === undefined)
    templates.set(op, (template = op.legacyPath ?? op.path.replace(/^\/restpp/, '')));
  return template;
}

const fixedKeys = new WeakMap<Operation, string | null>();
const probe = { graph_name: '\u0000', query_name: '\u0000' };

/**
 * The /statistics key of a request: statisticsKey() of the operation, made once per operation
 * when it does not depend on the parameters (every endpoint but an installed query's).
 */
export function statisticsKeyOf(op: Operation, params: Readonly<Record<string, unknown>>): string {
  let fixed = fixedKeys.get(op);
  if (fixed === undefined) {
    const key = statisticsKey(op.method, statisticsTemplate(op), probe);
    fixedKeys.set(op, (fixed = key.includes('\u0000') ? null : key));
  }
  return fixed ?? statisticsKey(op.method, statisticsTemplate(op), params);
}

const emptyQueries = new WeakMap<z.ZodType, unknown>();

/**
 * An operation's query parsed from no parameters at all (a URL without `?`, the usual case): the
 * schema's answer to `{}` is the same every time, so it is parsed once and shared, frozen (no
 * handler writes to its query). A schema that refuses `{}` throws its 400 every time.
 */
export function emptyQuery(op: Operation): unknown {
  const cached = emptyQueries.get(op.query);
  if (cached !== undefined) return cached;
  const parsed = parseOrThrow(op.query, {}, op.name, 'query');
  const shareable =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.values(parsed).every((v) => typeof v !== 'object' || v === null);
  if (!shareable) return parsed;
  const frozen = Object.freeze(parsed);
  emptyQueries.set(op.query, frozen);
  return frozen;
}

/** Accepted Host values per listener; bounded so varied hostile headers cannot grow it. */
const acceptedHosts = new WeakMap<object, Set<string>>();
const maxAcceptedHosts = 32;

/** checkHost() for a listener, remembering the Host values it accepted. */
export function checkListenerHost(
  listener: { readonly host: string; readonly port: number },
  header: string | undefined,
): void {
  const accepted = acceptedHosts.get(listener);
  if (header !== undefined && accepted?.has(header)) return;
  checkHost(header, listener.host, listener.port);
  if (header === undefined) return;
  if (!accepted) acceptedHosts.set(listener, new Set([header]));
  else if (accepted.size < maxAcceptedHosts) accepted.add(header);
}
