// User-defined tuples and accumulators: created by JSON and by GSQL, listed (also under the
// /gsql/udt/tuples alias), used by a vertex type, refused while in use, dropped one and several.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;

beforeAll(async () => {
  target = await openTarget('udt');
  client = target.client;
  g = target.graph;
}, 60_000);

afterAll(async () => {
  await client
    .gsql(`DROP VERTEX ${g}_v\nDROP TUPLE ${g}_A, ${g}_B, ${g}_C, ${g}_D`)
    .catch(() => undefined);
  await target.close();
});

const user = process.env.GWB_TEST_USER ?? 'tigergraph';
const password = process.env.GWB_TEST_PASSWORD ?? 'tigergraph';
const auth = () => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('tuples', () => {
  it('creates by JSON and shows the fields with their lengths', async () => {
    const message = await client.call('createTuples', {
      body: {
        tuples: [
          {
            Name: `${g}_A`,
            TupleElements: [
              { name: 'da', AttributeType: 'uint' },
              { name: 'flow', AttributeType: 'STRING' },
              { name: 'small', AttributeType: 'INT(2)' },
            ],
          },
        ],
      },
    });
    expect(message).toContain(`${g}_A`);
    const [tuple] = await client.call('getTuple', { path: { tupleName: `${g}_A` } });
    expect(tuple).toEqual({
      name: `${g}_A`,
      fields: [
        { fieldName: 'da', length: 8, fieldType: 'UINT' },
        { fieldName: 'flow', length: 8, fieldType: 'STRING' },
        { fieldName: 'small', length: 2, fieldType: 'INT' },
      ],
    });
  });

  it('creates by GSQL TYPEDEF, several at once', async () => {
    await client.call('createTuplesGsql', {
      query: { gsql: true },
      body: {
        gsql: `TYPEDEF TUPLE <x DOUBLE, y UINT(4)> ${g}_B; TYPEDEF TUPLE <name STRING(20), ok BOOL> ${g}_C`,
      },
    });
    const all = await client.call('listTuples', {});
    const names = all.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining([`${g}_A`, `${g}_B`, `${g}_C`]));
    expect(all.find((t) => t.name === `${g}_B`)?.fields[1]).toEqual({
      fieldName: 'y',
      length: 4,
      fieldType: 'UINT',
    });
  });

  it('answers the /gsql/udt/tuples alias', async () => {
    const created = await fetch(`${target.url}/gsql/udt/tuples`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/json' },
      body: JSON.stringify({
        tuples: [{ Name: `${g}_D`, TupleElements: [{ name: 'when', AttributeType: 'DATETIME' }] }],
      }),
    });
    expect(created.status).toBe(200);
    const listed = await fetch(`${target.url}/gsql/udt/tuples`, {
      headers: { authorization: auth() },
    });
    const body = (await listed.json()) as { error: boolean; results: { name: string }[] };
    expect(body.error).toBe(false);
    expect(body.results.map((t) => t.name)).toContain(`${g}_D`);
  });

  it('refuses a bad field type and a repeated name, changing nothing', async () => {
    await expect(
      client.call('createTuples', {
        body: {
          tuples: [{ Name: `${g}_E`, TupleElements: [{ name: 'a', AttributeType: 'INT(3)' }] }],
        },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      client.call('createTuples', {
        body: {
          tuples: [{ Name: `${g}_A`, TupleElements: [{ name: 'a', AttributeType: 'INT' }] }],
        },
      }),
    ).rejects.toMatchObject({ status: 409 });
    const names = (await client.call('listTuples', {})).map((t) => t.name);
    expect(names).not.toContain(`${g}_E`);
  });

  it('refuses to drop a tuple a vertex type uses; drops the others', async () => {
    await gsqlOk(client, `CREATE VERTEX ${g}_v (PRIMARY_ID id STRING, p ${g}_A)`);
    await expect(client.call('dropTuple', { path: { tupleName: `${g}_A` } })).rejects.toMatchObject(
      { status: 409 },
    );
    const message = await client.call('dropTuples', { query: { tupleName: [`${g}_B`, `${g}_C`] } });
    expect(message).toBe(`Successfully dropped userDefinedTuple: [${g}_B, ${g}_C].`);
    await client.call('dropTuple', { path: { tupleName: `${g}_D` } });
    const names = (await client.call('listTuples', {})).map((t) => t.name);
    expect(names).toContain(`${g}_A`);
    expect(names).not.toContain(`${g}_B`);
    await expect(client.call('getTuple', { path: { tupleName: `${g}_B` } })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('accumulators', () => {
  it('creates, lists, gets and drops accumulator typedefs', async () => {
    await client.call('createAccum', {
      body: { AccumString: `TYPEDEF GroupByAccum<INT a, SumAccum<INT> b> ${g}_grp` },
    });
    await client.call('createAccum', {
      body: { AccumString: `TYPEDEF HeapAccum<${g}_A>(3, da DESC) ${g}_heap` },
    });
    const [one] = await client.call('getAccum', { path: { accumName: `${g}_grp` } });
    expect(one?.[`${g}_grp`]).toMatch(/^GroupByAccum<INT a, SumAccum<INT> b> .*_grp\n$/);
    const all = await client.call('listAccums', {});
    const names = all.flatMap((entry) => Object.keys(entry));
    expect(names).toEqual(expect.arrayContaining([`${g}_grp`, `${g}_heap`]));
    await expect(
      client.call('createAccum', { body: { AccumString: `TYPEDEF SumAccum<INT> ${g}_grp` } }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      client.call('createAccum', { body: { AccumString: 'TYPEDEF TUPLE <a INT> notAnAccum' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await client.call('dropAccum', { path: { accumName: `${g}_grp` } })).toBe(
      `Successfully dropped accumulator: [${g}_grp].`,
    );
    await client.call('dropAccums', { query: { accumName: [`${g}_heap`] } });
    // The shell's top-level TYPEDEF lands in the same store.
    await gsqlOk(client, `TYPEDEF SumAccum<DOUBLE> ${g}_sum`);
    const [shell] = await client.call('getAccum', { path: { accumName: `${g}_sum` } });
    expect(shell?.[`${g}_sum`]).toBe(`SumAccum<DOUBLE> ${g}_sum\n`);
    await client.call('dropAccum', { path: { accumName: `${g}_sum` } });
    await expect(
      client.call('getAccum', { path: { accumName: `${g}_heap` } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
