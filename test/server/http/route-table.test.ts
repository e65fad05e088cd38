// The route table derived from the catalogue: every operation is reachable at its current path
// on the main listener and at its legacy path on the listener of its legacy service; literal
// segments beat parameters; variants sharing a method and path dispatch by their trigger.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/core/ops/define.js';
import { catalogue, operations } from '../../../src/core/ops/index.js';
import { serviceHandlers } from '../../../src/server/handlers/index.js';
import {
  buildRouteTable,
  unsupportedOperations,
  type ListenerKind,
} from '../../../src/server/http/route-table.js';
import { pathSegments, routeParams, Router } from '../../../src/server/http/router.js';
import { pickVariant } from '../../../src/server/http/variants.js';
import type { HttpError } from '../../../src/server/http/errors.js';

const routes = buildRouteTable();
const router = new Router(routes);
const served = operations.filter((op) => op.service !== 'cloud');

/** A concrete path for a template: each parameter gets a value no literal segment equals. */
function concrete(template: string): { path: string; search: URLSearchParams } {
  const [path = '', query] = template.split('?');
  const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_, name: string) => `p_${name}`);
  return { path: fill(path), search: new URLSearchParams(query === undefined ? '' : fill(query)) };
}

/** What makes a request pick this operation among its variants. */
function trigger(op: Operation, search: URLSearchParams) {
  if (op.variant?.query !== undefined) search.set(op.variant.query, 'true');
  if (op.variant?.noBody) return { present: false, value: undefined };
  if (op.variant?.body !== undefined) return { present: true, value: { [op.variant.body]: [] } };
  return { present: true, value: { other: 1 } };
}

function resolve(listener: ListenerKind, method: string, template: string, op: Operation) {
  const { path, search } = concrete(template);
  const match = router.match(listener, method, pathSegments(path));
  const route = pickVariant(match.routes, search, trigger(op, search));
  return { route, params: route ? routeParams(route, match.captured, search) : {} };
}

describe('route table', () => {
  it('serves no control-plane operation', () => {
    expect(routes.some((r) => r.op.service === 'cloud')).toBe(false);
  });

  it.each(served.filter((op) => op.legacyOnly !== true).map((op) => [op.name, op] as const))(
    '%s is reachable at its current path on the main listener',
    (_name, op) => {
      const { route, params } = resolve('main', op.method, op.path, op);
      expect(route?.op.name).toBe(op.name);
      expect(route?.form).toBe('current');
      for (const name of op.pathParamNames) expect(params[name]).toBe(`p_${name}`);
    },
  );

  it.each(
    served
      .filter((op) => op.legacyPath !== null && (op.legacyPath !== op.path || op.legacyOnly))
      .map((op) => [op.name, op] as const),
  )('%s is reachable at its legacy path on the right listener', (_name, op) => {
    const listener: ListenerKind =
      (op.legacyService ?? op.service) === 'restpp' ? 'restpp' : 'main';
    const { route, params } = resolve(
      listener,
      op.legacyMethod ?? op.method,
      op.legacyPath ?? '',
      op,
    );
    expect(route?.op.name).toBe(op.name);
    expect(route?.form).toBe('legacy');
    for (const name of op.pathParamNames) expect(params[name]).toBe(`p_${name}`);
  });

  it('puts REST++ legacy forms on the REST++ listener and GSQL legacy forms on the main one', () => {
    const where = (op: Operation) =>
      routes.filter((r) => r.op === op && r.form === 'legacy').map((r) => [r.listener, r.template]);
    expect(where(catalogue.echo)).toEqual([['restpp', '/echo']]);
    expect(where(catalogue.runStatements)).toEqual([['main', '/gsqlserver/gsql/file']]);
    expect(where(catalogue.installQueries)).toEqual([['main', '/gsql/queries/install']]);
    // ...and, like every REST++ path since 4.1, under /restpp on the GSQL port.
    expect(where(catalogue.requestToken)).toEqual([
      ['restpp', '/requesttoken'],
      ['main', '/restpp/requesttoken'],
    ]);
    // The same path in both forms is one route.
    expect(where(catalogue.ping)).toEqual([]);
  });

  it('maps a legacy query-string parameter to the path parameter', () => {
    const match = router.match('main', 'GET', pathSegments('/gsql/library'));
    const route = match.routes[0];
    expect(route?.op.name).toBe('getTemplateInfo');
    const params = route
      ? routeParams(route, match.captured, new URLSearchParams('functionName=gds.pagerank'))
      : {};
    expect(params).toEqual({ functionName: 'gds.pagerank' });
  });

  it('prefers literal segments, and falls back to a parameter for other methods', () => {
    const literal = router.match('main', 'GET', pathSegments('/gsql/v1/loading-jobs/status'));
    expect(literal.routes.map((r) => r.op.name)).toEqual(['getLoadingJobsStatus']);
    const param = router.match('main', 'DELETE', pathSegments('/gsql/v1/loading-jobs/status'));
    expect(param.routes.map((r) => r.op.name)).toEqual(['dropLoadingJob']);
  });

  it('decodes path segments and keeps encoded slashes inside a parameter', () => {
    const match = router.match(
      'main',
      'GET',
      pathSegments('/restpp/graph/g/vertices/Person/a%2Fb%20c'),
    );
    const route = match.routes[0];
    expect(route?.op.name).toBe('getVertex');
    expect(route ? routeParams(route, match.captured, new URLSearchParams()) : {}).toMatchObject({
      vertex_id: 'a/b c',
    });
  });

  it('answers 404 for an unknown path and 405 (with Allow) for a wrong method', () => {
    const fail = (method: string, path: string, listener: ListenerKind = 'main') => {
      try {
        router.match(listener, method, pathSegments(path));
      } catch (error) {
        return error as HttpError;
      }
      throw new Error('no error');
    };
    expect(fail('GET', '/restpp/nope').status).toBe(404);
    expect(fail('GET', '/echo').status).toBe(404); // the legacy form lives on the REST++ port
    expect(fail('GET', '/restpp/echo', 'restpp').status).toBe(404); // no prefix on the REST++ port
    expect(router.match('restpp', 'GET', pathSegments('/echo')).routes[0]?.op.name).toBe('echo');
    const wrong = fail('DELETE', '/restpp/echo');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, POST');
  });

  it('gives every variant group one service and at most one plain form', () => {
    const groups = new Map<string, Operation[]>();
    for (const r of routes) {
      const key = `${r.listener} ${r.method} ${r.template.replace(/\{\w+\}/g, '{}')}`;
      groups.set(key, [...(groups.get(key) ?? []), r.op]);
    }
    for (const [key, ops] of groups) {
      if (ops.length < 2) continue;
      expect(new Set(ops.map((o) => o.service)).size, key).toBe(1);
      expect(ops.filter((o) => o.variant === undefined).length, key).toBeLessThanOrEqual(1);
    }
  });

  it('picks variants: query flag, then no body, then body field, then the plain form', () => {
    const pick = (method: string, path: string, query: string, body?: unknown) => {
      const match = router.match('main', method, pathSegments(path));
      const present = body !== undefined;
      return pickVariant(match.routes, new URLSearchParams(query), { present, value: body })?.op
        .name;
    };
    expect(pick('POST', '/gsql/v1/schema/vertices', 'gsql=true', { gsql: [] })).toBe(
      'createVertexTypesGsql',
    );
    expect(pick('POST', '/gsql/v1/schema/vertices', 'graph=g', { addVertices: ['A'] })).toBe(
      'addVertexTypesToGraph',
    );
    expect(pick('POST', '/gsql/v1/schema/vertices', '', { createVertices: [] })).toBe(
      'createVertexTypes',
    );
    expect(pick('POST', '/gsql/v1/schema/jobs/j', 'graph=g')).toBe('runSchemaJob');
    expect(pick('POST', '/gsql/v1/schema/jobs/j', '', { graphs: {} })).toBe(
      'createGlobalSchemaJob',
    );
    expect(pick('POST', '/gsql/v1/schema/jobs/j', 'graph=g', { addVertexTypes: [] })).toBe(
      'createLocalSchemaJob',
    );
    expect(pick('POST', '/gsql/v1/stats/cardinality', 'graph=g&vertex=A')).toBe(
      'refreshVertexCardinality',
    );
  });
});

describe('coverage of documents 1 and 2', () => {
  it('has a handler for every operation the embedded service serves: none answers 501', () => {
    expect(unsupportedOperations((name) => Object.hasOwn(serviceHandlers, name), routes)).toEqual(
      [],
    );
  });
});
