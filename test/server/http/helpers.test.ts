// The small pure pieces of the HTTP layer: JSON depth counting, GSQL-TIMEOUT, the Host check,
// query objects from URLSearchParams, and the messages made of zod issues.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/core/ops/index.js';
import type { HttpError } from '../../../src/server/http/errors.js';
import { checkBrowserOrigin, checkHost } from '../../../src/server/http/host-check.js';
import {
  defaultTimeoutMs,
  jsonDepthExceeds,
  parseTimeoutHeader,
} from '../../../src/server/http/limits.js';
import { rawQuery } from '../../../src/server/http/query.js';
import { parseOrThrow } from '../../../src/server/http/validate.js';

function failure(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a failure');
}

describe('JSON depth', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[\\"[[[[' }), 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\\\"}', 1)).toBe(false);
  });
});

describe('GSQL-TIMEOUT', () => {
  it('defaults, falls back above 2^31-1, refuses garbage', () => {
    expect(parseTimeoutHeader(undefined)).toBe(defaultTimeoutMs);
    expect(parseTimeoutHeader('0')).toBe(defaultTimeoutMs);
    expect(parseTimeoutHeader('2500')).toBe(2500);
    expect(parseTimeoutHeader('2147483647')).toBe(2147483647);
    expect(parseTimeoutHeader('2147483648')).toBe(defaultTimeoutMs);
    expect(failure(() => parseTimeoutHeader('-1')).status).toBe(400);
    expect(failure(() => parseTimeoutHeader('1.5')).status).toBe(400);
  });
});

describe('Host check', () => {
  it('accepts the loopback names on the bound port when bound to loopback', () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080', 'LOCALHOST:8080']) {
      expect(() => checkHost(host, '127.0.0.1', 8080)).not.toThrow();
    }
    for (const host of ['evil.test:8080', '127.0.0.1:8081', '127.0.0.1', 'a:b:c', undefined]) {
      expect(failure(() => checkHost(host, '127.0.0.1', 8080)).status).toBe(403);
    }
  });

  it('accepts only the bound name otherwise, and IP literals when bound to all interfaces', () => {
    expect(() => checkHost('db.example:80', 'db.example', 80)).not.toThrow();
    expect(() => checkHost('db.example', 'db.example', 80)).not.toThrow();
    expect(failure(() => checkHost('evil.example:80', 'db.example', 80)).status).toBe(403);
    expect(() => checkHost('10.1.2.3:9000', '0.0.0.0', 9000)).not.toThrow();
    expect(failure(() => checkHost('rebind.evil.example:9000', '0.0.0.0', 9000)).status).toBe(403);
  });
});

describe('query objects', () => {
  it('makes arrays only where the schema takes them', () => {
    const search = new URLSearchParams('requestid=a&requestid=b&url=x&other=1');
    expect(rawQuery('abortQuery', catalogue.abortQuery.query, search)).toEqual({
      requestid: ['a', 'b'],
      url: 'x',
    });
    const twice = failure(() =>
      rawQuery('echo', catalogue.echo.query, new URLSearchParams('sleep=1&sleep=2')),
    );
    expect(twice.message).toBe('echo: query.sleep: given 2 times, expected once');
  });
});

describe('issue messages', () => {
  it('name the operation, the parameter and the value', () => {
    const bad = failure(() =>
      parseOrThrow(catalogue.listVertices.query, { limit: 'abc' }, 'listVertices', 'query'),
    );
    expect(bad.message).toBe('listVertices: query.limit: expected an integer, got "abc"');
    expect(bad.code).toBe('REST-30001');
    const missing = failure(() => parseOrThrow(catalogue.loadData.query, {}, 'loadData', 'query'));
    expect(missing.message).toMatch(/^loadData: query\.tag: expected string \(missing\)/);
    const schema = catalogue.runBuiltin.body;
    if (!schema) throw new Error('runBuiltin takes a body');
    const body = failure(() =>
      parseOrThrow(schema, { function: 'x', type: '*' }, 'runBuiltin', 'body'),
    );
    expect(body.code).toBe('REST-30000');
    expect(body.message).toMatch(/^runBuiltin: body\.function: expected one of "stat_vertex_attr"/);
    expect(body.message).toMatch(/got "x"$/);
  });
});

describe('browser origin check', () => {
  it('refuses cross-site browser requests, allows same-origin ones and non-browsers', () => {
    const check = (origin?: string, site?: string) => () =>
      checkBrowserOrigin(origin, site, '127.0.0.1', 14240);
    expect(check()).not.toThrow();
    expect(check('http://127.0.0.1:14240', 'same-origin')).not.toThrow();
    expect(check('http://localhost:14240')).not.toThrow();
    expect(check(undefined, 'none')).not.toThrow();
    expect(failure(check('https://evil.example')).status).toBe(403);
    expect(failure(check('http://localhost:3000')).status).toBe(403);
    expect(failure(check('null')).status).toBe(403);
    expect(failure(check(undefined, 'cross-site')).status).toBe(403);
    expect(failure(check(undefined, 'same-site')).status).toBe(403);
  });
});
