// Data operations of the engine: upserts read as a stream (op codes, checks that refuse the whole
// request), vertex and edge reads with the REST filter/select/sort/limit, deletes, built-ins.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBuiltin } from '../../../src/server/engine/data/builtins.js';
import { listEdges, planDeleteEdges } from '../../../src/server/engine/data/edges.js';
import type { UpsertOptions } from '../../../src/server/engine/data/upsert.js';
import { streamUpsert } from '../../../src/server/engine/data/upsert-stream.js';
import {
  getVertex,
  listVertices,
  planDeleteVertices,
} from '../../../src/server/engine/data/vertices.js';
import { Engine } from '../../../src/server/engine/engine.js';
import { GraphScope } from '../../../src/server/engine/scope.js';
import { socialCatalog } from './fixtures.js';

let dir: string;
let engine: Engine;
const scope = () => new GraphScope(engine.graph, 'social');
type UpsertBody = Record<string, unknown>;

/** The body as bytes in small chunks (tokens cut across chunks), read as the endpoint reads it. */
async function* chunksOf(text: string): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
}

const upsert = async (body: UpsertBody, options: UpsertOptions = {}) => ({
  report: await streamUpsert(engine, 'social', chunksOf(JSON.stringify(body)), options),
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-data-'));
  engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
  await engine.changeSchema(() => socialCatalog());
  await upsert({
    vertices: {
      person: {
        ann: { name: { value: 'Ann' }, age: { value: 41 }, score: 1.5 },
        bob: { name: { value: 'Bob' }, age: { value: 25 } },
        cid: { name: { value: 'Cid' }, age: { value: 33 } },
      },
      post: { p1: { title: { value: 'hello' }, at: { value: '2024-01-02 03:04:05' } } },
    },
    edges: {
      person: {
        ann: {
          knows: { person: { bob: { since: { value: 2015 } } } },
          likes: { post: { p1: {} } },
        },
        cid: { knows: { person: { ann: { since: { value: 2020 } } } } },
      },
    },
  });
});
afterEach(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('upsert', () => {
  it('applies op codes against stored values', async () => {
    const { report } = await upsert({
      vertices: {
        person: {
          ann: { age: { value: 1, op: 'add' } },
          bob: { age: { value: 99, op: 'min' } },
          dan: { age: { value: 7, op: '~' } },
        },
      },
    });
    expect(report.acceptedVertices).toBe(3);
    const ages = listVertices(scope(), 'person', { select: ['age'], sort: ['name'] }).map((v) => [
      v.v_id,
      v.attributes.age,
    ]);
    expect(ages).toEqual([
      ['dan', 7],
      ['ann', 42],
      ['bob', 25],
      ['cid', 33],
    ]);
  });

  it('refuses the whole request on one bad value, unknown type or attribute', async () => {
    const before = listVertices(scope(), 'person', {});
    const bad: UpsertBody[] = [
      { vertices: { person: { eve: { age: { value: 'old' } } } } },
      { vertices: { person: { eve: { height: { value: 1 } } } } },
      { vertices: { animal: { rex: {} } } },
      { vertices: { person: { eve: { age: { value: 1, op: 'times' } } } } },
      { edges: { person: { ann: { likes: { person: { bob: {} } } } } } },
      {
        vertices: { person: { eve: {} } },
        edges: { account: { a: { transfer: { account: { b: { amount: 5 } } } } } },
      },
    ];
    for (const body of bad)
      await expect(upsert(body)).rejects.toMatchObject({ name: 'EngineError' });
    expect(listVertices(scope(), 'person', {})).toEqual(before);
  });

  it('honours vertex_must_exist and new_vertex_only', async () => {
    const skipped = await upsert(
      { edges: { person: { ann: { knows: { person: { zed: {} } } } } } },
      { vertexMustExist: true },
    );
    expect(skipped.report).toMatchObject({
      acceptedEdges: 0,
      skippedEdges: 1,
      missingVertices: [{ v_type: 'person', v_id: 'zed' }],
    });
    expect(scope().vertexTable('person').find('zed')).toBe(-1);
    const fresh = await upsert(
      { vertices: { person: { ann: { age: 1 }, eve: { age: 2 } } } },
      { newVertexOnly: true },
    );
    expect(fresh.report).toMatchObject({ acceptedVertices: 1, skippedVertices: 1 });
    expect(getVertex(scope(), 'person', 'ann').attributes.age).toBe(41);
  });

  it('creates missing edge endpoints with default attributes', async () => {
    await upsert({ edges: { person: { ann: { knows: { person: { new_friend: {} } } } } } });
    expect(getVertex(scope(), 'person', 'new_friend')).toEqual({
      v_id: 'new_friend',
      v_type: 'person',
      attributes: { name: '', age: 0, score: 0 },
    });
  });
});

describe('reads', () => {
  it('filters, selects, sorts and limits vertices', () => {
    const rows = listVertices(scope(), 'person', {
      filter: ['age>=30'],
      select: ['name'],
      sort: ['-age'],
      limit: 5,
    });
    expect(rows).toEqual([
      { v_id: 'ann', v_type: 'person', attributes: { name: 'Ann' } },
      { v_id: 'cid', v_type: 'person', attributes: { name: 'Cid' } },
    ]);
    expect(listVertices(scope(), 'person', { filter: ['name="Bob"'] }).map((v) => v.v_id)).toEqual([
      'bob',
    ]);
    expect(getVertex(scope(), 'post', 'p1').attributes.at).toBe('2024-01-02 03:04:05');
    expect(() => listVertices(scope(), 'person', { filter: ['age~3'] })).toThrow(
      /filter condition/,
    );
    expect(() => listVertices(scope(), 'person', { select: ['nope'] })).toThrow(
      /unknown attribute "nope"/,
    );
  });

  it('lists the edges of a vertex from either end of an undirected edge, and reverse edges', () => {
    const fromAnn = listEdges(scope(), {
      sourceType: 'person',
      sourceId: 'ann',
      edgeType: 'knows',
    });
    expect(fromAnn.map((e) => [e.from_id, e.to_id, e.attributes.since]).sort()).toEqual([
      ['ann', 'bob', 2015],
      ['ann', 'cid', 2020],
    ]);
    const reverse = listEdges(scope(), {
      sourceType: 'post',
      sourceId: 'p1',
      edgeType: 'liked_by',
    });
    expect(reverse).toEqual([
      {
        e_type: 'liked_by',
        from_id: 'p1',
        from_type: 'post',
        to_id: 'ann',
        to_type: 'person',
        directed: true,
        attributes: {},
      },
    ]);
    const any = listEdges(scope(), { sourceType: 'person', sourceId: 'ann', edgeType: '_' });
    expect(any.map((e) => e.e_type).sort()).toEqual(['knows', 'knows', 'likes']);
  });

  it('plans deletes that remove incident edges', async () => {
    await engine.write((g) => ({
      mutations: planDeleteVertices(new GraphScope(g, 'social'), 'person', {
        filter: ['name="Ann"'],
      }),
    }));
    expect(listEdges(scope(), { sourceType: 'person', sourceId: 'bob' })).toEqual([]);
    await engine.write((g) => ({
      mutations: planDeleteEdges(new GraphScope(g, 'social'), {
        sourceType: 'person',
        sourceId: 'cid',
        edgeType: 'knows',
      }),
    }));
    expect(runBuiltin(scope(), { function: 'stat_edge_number', type: '*' })).toEqual([
      { e_type: 'knows', count: 0 },
      { e_type: 'likes', count: 0 },
      { e_type: 'transfer', count: 0 },
    ]);
  });
});

describe('built-ins', () => {
  it('counts and summarises by type', () => {
    expect(runBuiltin(scope(), { function: 'stat_vertex_number', type: '*' })).toEqual([
      { v_type: 'person', count: 3 },
      { v_type: 'post', count: 1 },
      { v_type: 'account', count: 0 },
    ]);
    const [person] = runBuiltin(scope(), { function: 'stat_vertex_attr', type: 'person' }) as [
      { attributeStat: unknown[] },
    ];
    expect(person.attributeStat).toEqual([
      { vattrName: 'age', MAX: 41, MIN: 25, AVG: 33 },
      { vattrName: 'score', MAX: 1.5, MIN: 0, AVG: 0.5 },
    ]);
    expect(runBuiltin(scope(), { function: 'stat_edge_attr', type: 'knows' })).toEqual([
      { e_type: 'knows', attributes: { since: { MAX: 2020, MIN: 2015, AVG: 2017.5 } } },
    ]);
  });
});
