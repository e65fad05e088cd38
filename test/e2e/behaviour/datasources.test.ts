// Data sources: stored with secrets shown empty, granted and revoked, S3 objects read through a
// local S3-compatible server (s3rver, started here) by RUN LOADING JOB and sample-data, buckets
// listed; Kafka, GCS and ABS sources stored and checked, a load from them refused by code.
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let P: string;
let s3server: S3rver;
let s3dir: string;
let endpoint: string;
const bucket = 'gwb-data';
// s3rver checks request signatures against its fixed credentials.
const accessKey = 'S3RVER';
const secretKey = 'S3RVER';

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'gwb-s3-'));
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await s3server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: accessKey, secretAccessKey: secretKey },
  });
  const put = (key: string, body: string) =>
    s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  await put('single.csv', 'id,name,age\nann,Ann,41\nbob,Bob,37\n');
  await put('people/a.csv', 'id,name,age\ncid,Cid,5\n');
  await put('people/b.csv', 'id,name,age\ndan,Dan,6\neve,Eve,7\n');
  await put('people/.hidden', 'not loaded\n');
  await put('extra.csv', 'id,name,age\nfay,Fay,8\n');
  await put('lines.json', '{"id":"x","n":1}\n{"id":"y","n":2}\n');
  s3.destroy();

  target = await openTarget('ds');
  client = target.client;
  g = target.graph;
  P = `${g}_p`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${P} (PRIMARY_ID id STRING, name STRING, age INT)
CREATE GRAPH ${g} (${P})
CREATE LOADING JOB ${g}_job FOR GRAPH ${g} {
  DEFINE FILENAME f = "$${g}_s3:s3://${bucket}/single.csv";
  LOAD f TO VERTEX ${P} VALUES ($"id", $"name", $"age") USING SEPARATOR=",", HEADER="true";
}`,
  );
}, 60_000);

afterAll(async () => {
  await client
    .gsql(`USE GRAPH ${g}\nDROP JOB ${g}_job\nDROP GRAPH ${g}\nDROP VERTEX ${P}`)
    .catch(() => undefined);
  await client.call('dropDataSource', { path: { dsName: `${g}_s3` } }).catch(() => undefined);
  await target.close();
  await s3server.close();
  rmSync(s3dir, { recursive: true, force: true });
});

const s3config = () => ({
  type: 's3',
  'access.key': accessKey,
  'secret.key': secretKey,
  endpoint,
});

const ids = async () =>
  (await client.getVertices(P)).map((v) => ('v_id' in v ? v.v_id : '')).sort();

describe('S3 data sources', () => {
  it('creates a global source and shows it with its secret empty', async () => {
    expect(
      await client.call('createDataSource', { body: { name: `${g}_s3`, config: s3config() } }),
    ).toBe(`Data source ${g}_s3 is created`);
    const all = await client.call('getDataSources', {});
    const mine = all.find((s) => s.name === `${g}_s3`);
    expect(mine).toMatchObject({ type: 'S3', isLocal: false });
    expect(mine?.content['secret.key']).toBe('');
    expect(mine?.content['access.key']).toBe(accessKey);
    const one = await client.call('getDataSource', { path: { dsName: `${g}_s3` } });
    expect(one.content['secret.key']).toBe('');
    await expect(
      client.call('createDataSource', { body: { name: `${g}_s3`, config: s3config() } }),
    ).rejects.toMatchObject({ status: 409, code: 'DATASOURCE-EXISTS' });
  });

  it('lists the buckets it reaches', async () => {
    const buckets = await client.call('listBuckets', { path: { s3Name: `${g}_s3` } });
    expect(buckets).toContain(bucket);
  });

  it('loads only once granted to the graph', async () => {
    const refused = await client.gsql(`USE GRAPH ${g}\nRUN LOADING JOB ${g}_job`);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('not granted');
    expect(
      await client.call('grantDataSource', { body: { graphs: [g], datasource: `${g}_s3` } }),
    ).toBe(`Successfully grant datasource ${g}_s3 to the graph(s) [${g}]`);
    await gsqlOk(client, `USE GRAPH ${g}\nRUN LOADING JOB ${g}_job`);
    expect(await ids()).toEqual(['ann', 'bob']);
  });

  it('loads every object under a prefix, skipping hidden ones', async () => {
    await gsqlOk(
      client,
      `USE GRAPH ${g}\nRUN LOADING JOB ${g}_job USING f="$${g}_s3:{\\"file.uris\\": \\"s3://${bucket}/people/\\"}"`,
    );
    expect(await ids()).toEqual(['ann', 'bob', 'cid', 'dan', 'eve']);
  });

  it('runs the job by POST /gsql/v1/loading-jobs/run with the source named', async () => {
    const answer = await client.call('runLoadingJobs', {
      query: { graph: g },
      body: [
        {
          name: `${g}_job`,
          dataSources: [{ filename: 'f', name: `${g}_s3`, path: `s3://${bucket}/extra.csv` }],
        },
      ],
    });
    expect(answer.jobIds).toHaveLength(1);
    // The run is in the background: wait for its vertex (no bound on how long it takes).
    for (let i = 0; i < 100 && !(await ids()).includes('fay'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await ids()).toContain('fay');
  });

  it('samples the first rows of an object, CSV and JSON', async () => {
    const csv = await client.call('sampleData', {
      body: {
        graphName: g,
        dataSource: `${g}_s3`,
        type: 's3',
        path: `s3://${bucket}/single.csv`,
        dataFormat: 'csv',
        parsing: { fileFormat: 'none', eol: '\\n', header: 'true' },
        size: 1,
      },
    });
    expect(csv).toEqual({
      data: [['ann', 'Ann', '41']],
      header: ['id', 'name', 'age'],
      json: false,
    });
    const json = await client.call('sampleData', {
      body: {
        graphName: g,
        dataSource: `${g}_s3`,
        path: `s3a://${bucket}/lines.json`,
        dataFormat: 'json',
        parsing: { fileFormat: 'none', eol: '\\n' },
      },
    });
    expect(json).toEqual({
      data: [
        { id: 'x', n: 1 },
        { id: 'y', n: 2 },
      ],
      header: [],
      json: true,
    });
  });

  it('keeps the stored secret when an update gives it empty; wrong keys fail to read', async () => {
    await client.call('updateDataSource', {
      body: { name: `${g}_s3`, config: { ...s3config(), 'secret.key': '' } },
    });
    expect(await client.call('listBuckets', { path: { s3Name: `${g}_s3` } })).toContain(bucket);
    await client.call('grantDataSource', { body: { graphs: [g], datasource: `${g}_s3` } });
    await client.call('updateDataSource', {
      body: { name: `${g}_s3`, config: { ...s3config(), 'access.key': 'NOT_A_KEY' } },
    });
    await expect(
      client.call('sampleData', {
        body: {
          graphName: g,
          dataSource: `${g}_s3`,
          path: `s3://${bucket}/single.csv`,
          parsing: {},
        },
      }),
    ).rejects.toMatchObject({ code: 'DATASOURCE-READ-FAILED' });
    await client.call('updateDataSource', { body: { name: `${g}_s3`, config: s3config() } });
  });

  it('refuses a load once revoked', async () => {
    expect(
      await client.call('revokeDataSource', { body: { graphs: [g], datasource: `${g}_s3` } }),
    ).toBe(`Successfully revoke datasource ${g}_s3 from graph(s) [${g}]`);
    const refused = await client.gsql(`USE GRAPH ${g}\nRUN LOADING JOB ${g}_job`);
    expect(refused.ok).toBe(false);
  });
});

describe('sources this service stores but cannot read', () => {
  it('stores a Kafka source local to the graph; a load from it names what is missing', async () => {
    await client.call('createDataSource', {
      query: { graph: g },
      body: {
        name: `${g}_k`,
        config: { type: 'kafka', broker: 'kafka-0.example.com:9092', kafka_config: {} },
      },
    });
    const mine = (await client.call('getDataSources', {})).find((s) => s.name === `${g}_k`);
    expect(mine).toMatchObject({ type: 'KAFKA', belongTo: g, isLocal: true });
    const failed = await client.gsql(
      `USE GRAPH ${g}\nRUN LOADING JOB ${g}_job USING f="$${g}_k:{\\"topic\\": \\"t\\"}"`,
    );
    expect(failed.ok).toBe(false);
    expect(failed.output).toContain('Kafka consumer');
    await expect(
      client.call('runLoadingJobs', {
        query: { graph: g },
        body: [
          {
            name: `${g}_job`,
            dataSources: [{ filename: 'f', name: `${g}_k`, config: { topic: 'people' } }],
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'DATASOURCE-UNREACHABLE' });
  });

  it('checks the keys each type needs', async () => {
    await expect(
      client.call('createDataSource', {
        body: { name: `${g}_bad`, config: { type: 'kafka', broker: 'not a host!' } },
      }),
    ).rejects.toMatchObject({ status: 400, code: 'DATASOURCE-INVALID' });
    await expect(
      client.call('createDataSource', {
        body: { name: `${g}_gcs`, config: { type: 'gcs', project_id: 'p' } },
      }),
    ).rejects.toMatchObject({ status: 400, code: 'DATASOURCE-INVALID' });
    await expect(
      client.call('createDataSource', {
        body: { name: `${g}_x`, config: { type: 'ftp' } },
      }),
    ).rejects.toMatchObject({ status: 400, code: 'DATASOURCE-INVALID' });
    await client.call('createDataSource', {
      query: { graph: g },
      body: {
        name: `${g}_abs`,
        config: { type: 'abs', 'account.name': 'acct', 'account.key': 'k3y' },
      },
    });
    const abs = await client.call('getDataSource', {
      path: { dsName: `${g}_abs` },
      query: { graph: g },
    });
    expect(abs.content['account.key']).toBe('');
  });

  it('drops one, then all of the graph', async () => {
    expect(
      await client.call('dropDataSource', { path: { dsName: `${g}_k` }, query: { graph: g } }),
    ).toBe(`Data source ${g}_k is dropped.`);
    await client.call('dropAllDataSources', { query: { graph: g } });
    const left = (await client.call('getDataSources', {})).filter((s) => s.belongTo === g);
    expect(left).toEqual([]);
    await expect(
      client.call('dropDataSource', { path: { dsName: `${g}_k` }, query: { graph: g } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
