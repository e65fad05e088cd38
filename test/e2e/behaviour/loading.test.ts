// Loading through a loading job and POST /restpp/ddl: exact statistics, bad lines counted and
// skipped, good lines loaded, the job listed and described by the loading-job endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let P: string;

beforeAll(async () => {
  target = await openTarget('load');
  client = target.client;
  g = target.graph;
  P = `${g}_p`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${P} (PRIMARY_ID id STRING, name STRING, age INT)
CREATE DIRECTED EDGE ${g}_f (FROM ${P}, TO ${P}, since INT)
CREATE GRAPH ${g} (${P}, ${g}_f)
CREATE LOADING JOB ${g}_job FOR GRAPH ${g} {
  DEFINE FILENAME people;
  DEFINE FILENAME follows;
  LOAD people TO VERTEX ${P} VALUES ($"id", $"name", $"age") USING SEPARATOR=",", HEADER="true";
  LOAD follows TO EDGE ${g}_f VALUES ($0, $1, $2) USING SEPARATOR="|";
}`,
  );
}, 60_000);

afterAll(async () => {
  await client
    .gsql(`USE GRAPH ${g}\nDROP JOB ${g}_job\nDROP GRAPH ${g}\nDROP EDGE ${g}_f\nDROP VERTEX ${P}`)
    .catch(() => undefined);
  await target.close();
});

describe('loading', () => {
  it('loads a CSV body, counting and skipping bad lines', async () => {
    const csv = 'id,name,age\na,Ann,41\nb,Bob,not-a-number\nc,Cid\nd,Dan,7\n';
    const results = await client.call('loadData', {
      path: { graph_name: g },
      query: { tag: `${g}_job`, filename: 'people' },
      body: csv,
    });
    expect(results).toHaveLength(1);
    const stats = results[0]?.statistics;
    expect(stats).toMatchObject({ validLine: 3, rejectLine: 1, notEnoughToken: 1 });
    expect(stats?.vertex).toEqual([
      expect.objectContaining({ typeName: P, validObject: 2, invalidAttribute: 1 }),
    ]);
    const ids = (await client.getVertices(P)).map((v) => ('v_id' in v ? v.v_id : '')).sort();
    expect(ids).toEqual(['a', 'd']);
  });

  it('runs only the statements of the given filename variable', async () => {
    const results = await client.call('loadData', {
      path: { graph_name: g },
      query: { tag: `${g}_job`, filename: 'follows' },
      body: 'a|d|2020\nd|e|2021\n',
    });
    expect(results[0]?.statistics).toMatchObject({ validLine: 2, rejectLine: 0 });
    expect(await client.getEdges({ type: P, id: 'd' })).toMatchObject([
      { to_id: 'e', attributes: { since: 2021 } },
    ]);
  });

  it('lists and describes the job', async () => {
    const list = await client.call('getLoadingJobs', { query: { graph: g } });
    expect(list.jobNames).toEqual([`${g}_job`]);
    const text = await client.call('getLoadingJob', {
      path: { jobName: `${g}_job` },
      query: { graph: g },
    });
    expect(text).toMatchObject({ jobName: `${g}_job` });
  });

  it('refuses an unknown job or filename variable with a clear error', async () => {
    await expect(
      client.call('loadData', {
        path: { graph_name: g },
        query: { tag: 'nope', filename: 'people' },
        body: 'x',
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client.call('loadData', {
        path: { graph_name: g },
        query: { tag: `${g}_job`, filename: 'nope' },
        body: 'x',
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
