// Parameter encoding, row by row of spec document 1's tables: the query-string forms for GET and
// the JSON forms for POST, on the wire of a real HTTP exchange.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GraphClient,
  encodeQueryParams,
  mapParam,
  tupleParam,
} from '../../../src/core/client/index.js';
import { ok, startReplayServer, version4, type ReplayServer } from '../../helpers/replay-server.js';

let server: ReplayServer;
let client: GraphClient;

beforeAll(async () => {
  server = await startReplayServer();
  server.on('GET /restpp/version', () => version4);
  server.on('GET /restpp/query/g/q', () => ok([]));
  server.on('POST /restpp/query/g/q', () => ok([]));
  client = new GraphClient({ url: server.url, graph: 'g' });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function sentQuery(params: Record<string, unknown>): Promise<string> {
  await client.runQuery('q', params);
  return server.requests.at(-1)?.url.split('?')[1] ?? '';
}

describe('query-string forms (GET)', () => {
  const rows: [string, Record<string, unknown>, string][] = [
    ['string', { name: 'Tom Smith' }, 'name=Tom+Smith'],
    ['number', { k: 3, x: 2.5 }, 'k=3&x=2.5'],
    ['boolean', { flag: true }, 'flag=true'],
    ['big integer', { n: 18446744073709551615n }, 'n=18446744073709551615'],
    ['set or bag of primitives', { ids: [1, 2, 3] }, 'ids=1&ids=2&ids=3'],
    ['VERTEX of a declared type', { v: { id: 'Tom' } }, 'v=Tom'],
    ['VERTEX of unspecified type', { v: { id: 'Tom', type: 'person' } }, 'v=Tom&v.type=person'],
    ['set of VERTEX of a declared type', { vs: [{ id: 'a' }, { id: 'b' }] }, 'vs=a&vs=b'],
    [
      'set of VERTEX of unspecified type',
      {
        vs: [
          { id: 'a', type: 'person' },
          { id: 'b', type: 'person' },
        ],
      },
      'vs=a&vs=b&vs.type=person',
    ],
    ['DATETIME', { at: '2024-01-02 03:04:05' }, 'at=2024-01-02+03%3A04%3A05'],
  ];
  it.each(rows)('%s', async (_row, params, expected) => {
    expect(await sentQuery(params)).toBe(expected);
  });

  it('refuses what a query string cannot carry, naming the parameter', () => {
    expect(() => encodeQueryParams('runInstalledQuery', { m: mapParam({ a: 1 }) })).toThrow(
      /parameter m is a MAP or tuple/,
    );
    expect(() =>
      encodeQueryParams('runInstalledQuery', {
        vs: [
          { id: 'a', type: 'x' },
          { id: 'b', type: 'y' },
        ],
      }),
    ).toThrow(/mixes vertex types/);
    expect(() => encodeQueryParams('runInstalledQuery', { v: { id: ['a', 1] } })).toThrow(
      expect.objectContaining({ code: 'GWB-ENCODE' }),
    );
  });

  it('sends comma-separated list parameters as one value', async () => {
    server.on('GET /restpp/graph/g/vertices/person', () => ok([]));
    await client.getVertices('person', { select: ['name', 'age'], filter: ['age>30'], limit: 5 });
    const query = server.requests.at(-1)?.query;
    expect(query?.getAll('select')).toEqual(['name,age']);
    expect(query?.get('filter')).toBe('age>30');
    expect(query?.get('limit')).toBe('5');
  });
});

describe('JSON forms (POST)', () => {
  it('sends scalars, sets, vertices, MAP, tuples and composite keys as the spec shows', async () => {
    const params = {
      s: 'x',
      n: 9007199254740993n,
      set: [1, 2],
      v: { id: 'Tom', type: 'person' },
      typed: [{ id: 'a' }, { id: 'b' }],
      m: mapParam(
        new Map([
          ['England', 'London'],
          ['Germany', 'Berlin'],
        ]),
      ),
      t: tupleParam({ name: 'Sam', age: 24 }),
      byObject: { id: { first: 'Ada', last: 'Lovelace' }, type: 'author' },
      byArray: { id: ['Ada', 'Lovelace'], type: 'author' },
    };
    await client.runQuery('q', params, { method: 'POST' });
    const sent = server.requests.at(-1);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toBe(
      '{"s":"x","n":9007199254740993,"set":[1,2],"v":{"id":"Tom","type":"person"},' +
        '"typed":[{"id":"a"},{"id":"b"}],' +
        '"m":{"keylist":["England","Germany"],"valuelist":["London","Berlin"]},' +
        '"t":{"keylist":["name","age"],"valuelist":["Sam",24]},' +
        '"byObject":{"id":{"first":"Ada","last":"Lovelace"},"type":"author"},' +
        '"byArray":{"id":["Ada","Lovelace"],"type":"author"}}',
    );
  });

  it('sends path-finding bodies with vertex objects and filters', async () => {
    server.on('POST /restpp/allpaths/g', () => ok([]));
    await client.allPaths({
      sources: [{ type: 'person', id: '1' }],
      target: { type: 'person', id: '9' },
      vertexFilters: [{ type: 'person', condition: 'age > 30 and name != "x"' }],
      maxLength: 4,
    });
    expect(JSON.parse(server.requests.at(-1)?.body ?? '')).toEqual({
      sources: [{ type: 'person', id: '1' }],
      target: { type: 'person', id: '9' },
      vertexFilters: [{ type: 'person', condition: 'age > 30 and name != "x"' }],
      maxLength: 4,
    });
  });
});
