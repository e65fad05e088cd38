// Every operation of the catalogue builds a well-formed request in both path forms.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src/core/client/build-request.js';
import { operations } from '../../../src/core/ops/index.js';

const bases = { gsql: 'http://db:14240', restpp: 'http://db:9000' };

function dummyPath(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, `${n}-value`]));
}

describe('buildRequest', () => {
  it.each(operations.map((op) => [op.name, op] as const))('%s', (_name, op) => {
    for (const form of ['v4', 'v3'] as const) {
      const request = buildRequest(op, form, bases, { path: dummyPath(op.pathParamNames) });
      const url = new URL(request.url);
      expect(url.pathname).not.toMatch(/[{}]/);
      for (const name of op.pathParamNames) expect(request.url).toContain(`${name}-value`);
      const onRestppPort = url.port === '9000';
      const legacyRestpp =
        (form === 'v3' || op.legacyOnly === true) &&
        op.legacyPath !== null &&
        (op.legacyService ?? op.service) === 'restpp';
      expect(onRestppPort).toBe(legacyRestpp);
      if (form === 'v4' && op.service === 'restpp' && !op.legacyOnly) {
        expect(url.pathname.startsWith('/restpp/')).toBe(true);
      }
    }
  });

  it('encodes path parameters', () => {
    const op = operations.find((o) => o.name === 'getVertex');
    if (!op) throw new Error('getVertex missing');
    const request = buildRequest(op, 'v4', bases, {
      path: { graph_name: 'g', vertex_type: 'person', vertex_id: 'a/b c' },
    });
    expect(request.url).toBe('http://db:14240/restpp/graph/g/vertices/person/a%2Fb%20c');
  });

  it('refuses `.` and `..` path values, which URL parsing would fold into another path', () => {
    const op = operations.find((o) => o.name === 'deleteVertex');
    if (!op) throw new Error('deleteVertex missing');
    for (const id of ['.', '..']) {
      expect(() =>
        buildRequest(op, 'v4', bases, {
          path: { graph_name: 'g', vertex_type: 'person', vertex_id: id },
        }),
      ).toThrow(expect.objectContaining({ code: 'GWB-INPUT' }));
    }
  });

  it('refuses a missing path parameter', () => {
    const op = operations.find((o) => o.name === 'getVertex');
    if (!op) throw new Error('getVertex missing');
    expect(() => buildRequest(op, 'v4', bases, { path: { graph_name: 'g' } })).toThrow(
      expect.objectContaining({ code: 'GWB-INPUT' }),
    );
  });
});
