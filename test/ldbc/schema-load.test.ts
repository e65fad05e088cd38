// The LDBC SNB BI TigerGraph implementation's schema and loading jobs, unmodified, on a real
// `gwb serve` child process: ddl/schema.gsql (edge types with several FROM/TO pairs in both
// written forms, reverse edges, a global schema-change job adding indexes, CREATE GRAPH (*)),
// then ddl/load_static.gsql and ddl/load_dynamic.gsql run as scripts/setup.sh runs them
// (`RUN LOADING JOB ... USING file_X="ANY:<folder>"`) on generated data (generate.ts). Every
// vertex and edge the generator wrote must be there, per type and per FROM/TO pair, with the
// endpoint types and values of the data.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient, parseJson } from '../../src/core/client/index.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';
import { generate, type GeneratedData } from './generate.js';
import { LDBC_TIGERGRAPH } from './paths.js';

const graph = 'ldbc_snb';
let work: string;
let serve: GwbServe;
let client: GraphClient;
let data: GeneratedData;

const ddl = (name: string) => readFileSync(join(LDBC_TIGERGRAPH, 'ddl', name), 'utf8');

/** Runs a script as `gsql [--graph ldbc_snb] FILE` does; fails with the shell's text. */
async function gsql(script: string, useGraph: boolean): Promise<string> {
  const answer = await client.gsql(useGraph ? `USE GRAPH ${graph}\n${script}` : script);
  if (!answer.ok) throw new Error(`GSQL failed (${answer.returnCode}):\n${answer.output}`);
  return answer.output;
}

interface Envelope<T> {
  readonly error: boolean;
  readonly message: string;
  readonly results: T;
}

async function restpp<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${serve.url}/restpp${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return parseJson(await response.text()) as Envelope<T>;
}

interface EdgeRow {
  readonly from_type: string;
  readonly from_id: string;
  readonly to_type: string;
  readonly to_id: string;
}

/** The edges of one type leaving a vertex, as `Type:id` of their targets, sorted. */
async function targets(type: string, id: number, edge: string): Promise<string[]> {
  const answer = await restpp<EdgeRow[]>('GET', `/graph/${graph}/edges/${type}/${id}/${edge}`);
  expect(answer.error, answer.message).toBe(false);
  return answer.results.map((e) => `${e.to_type}:${e.to_id}`).sort();
}

async function edgeCount(edge: string, from?: string, to?: string): Promise<number> {
  const answer = await restpp<{ e_type: string; count: number }[]>('POST', `/builtins/${graph}`, {
    function: 'stat_edge_number',
    type: edge,
    ...(from ? { from_type: from } : {}),
    ...(to ? { to_type: to } : {}),
  });
  expect(answer.error, answer.message).toBe(false);
  return answer.results[0]?.count ?? -1;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gwb-ldbc-load-'));
  data = generate(join(work, 'data'), { seed: 5, scale: 1 });
  serve = await startGwbServe({ args: ['--allow-files', work] });
  client = new GraphClient({ url: serve.url, username: 'tigergraph', password: 'tigergraph' });
}, 120_000);

afterAll(async () => {
  await client?.close();
  await serve?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('LDBC SNB BI schema and loading jobs on gwb serve', () => {
  it('creates the schema from ddl/schema.gsql', async () => {
    const output = await gsql(ddl('schema.gsql'), false);
    expect(output).toContain('Global schema change succeeded.');
    expect(output).toContain('The graph ldbc_snb is created.');
  });

  it('reports the edge types with several pairs in the schema JSON', async () => {
    const response = await fetch(`${serve.url}/gsql/v1/schema?graph=${graph}`, {
      headers: {
        authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`,
      },
    });
    const body = (await response.json()) as Envelope<{
      EdgeTypes: Record<string, unknown>[];
      VertexTypes: { Name: string; Attributes: { AttributeName: string; HasIndex: boolean }[] }[];
    }>;
    const edge = (name: string) => body.results.EdgeTypes.find((e) => e['Name'] === name);
    expect(edge('IS_LOCATED_IN')).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: '*',
      EdgePairs: [
        { From: 'Company', To: 'Country' },
        { From: 'Person', To: 'City' },
        { From: 'University', To: 'City' },
      ],
      Config: { REVERSE_EDGE: 'IS_LOCATED_IN_REVERSE' },
    });
    // `FROM Comment|Post, TO Person`: every combination, the shared target named.
    expect(edge('HAS_CREATOR')).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: 'Person',
      EdgePairs: [
        { From: 'Comment', To: 'Person' },
        { From: 'Post', To: 'Person' },
      ],
    });
    expect(edge('MESG_LOCATED_IN')).toMatchObject({ ToVertexTypeName: 'Country', Config: {} });
    expect(edge('CONTAINER_OF')).toMatchObject({ FromVertexTypeName: 'Forum' });
    expect(edge('CONTAINER_OF')).not.toHaveProperty('EdgePairs');
    const country = body.results.VertexTypes.find((v) => v.Name === 'Country');
    expect(country?.Attributes.find((a) => a.AttributeName === 'name')?.HasIndex).toBe(true);
  });

  it('creates load_static and load_dynamic', async () => {
    await gsql(ddl('load_static.gsql'), true);
    await gsql(ddl('load_dynamic.gsql'), true);
  });

  it('runs both jobs over the data folders as scripts/setup.sh does, rejecting no line', async () => {
    for (const job of ['load_static', 'load_dynamic'] as const) {
      const using = Object.entries(data.jobs[job])
        .map(([variable, folder]) => `${variable}="ANY:${folder}"`)
        .join(', ');
      const output = await gsql(`RUN LOADING JOB ${job} USING ${using}`, true);
      const files = output.match(/\[FINISHED\]/g) ?? [];
      // Two part files per folder.
      expect(files).toHaveLength(Object.keys(data.jobs[job]).length * 2);
      expect(output).not.toMatch(/rejected lines: [1-9]/);
    }
  });

  it('holds every vertex the generator wrote, per type', async () => {
    const answer = await restpp<{ v_type: string; count: number }[]>('POST', `/builtins/${graph}`, {
      function: 'stat_vertex_number',
      type: '*',
    });
    expect(Object.fromEntries(answer.results.map((r) => [r.v_type, r.count]))).toEqual(
      data.vertices,
    );
  });

  it('holds every edge the generator wrote, per type and per FROM/TO pair', async () => {
    const answer = await restpp<{ e_type: string; count: number }[]>('POST', `/builtins/${graph}`, {
      function: 'stat_edge_number',
      type: '*',
    });
    expect(Object.fromEntries(answer.results.map((r) => [r.e_type, r.count]))).toEqual(data.edges);
    for (const pair of data.pairs) {
      expect(
        await edgeCount(pair.edge, pair.from, pair.to),
        `${pair.edge} ${pair.from}->${pair.to}`,
      ).toBe(pair.count);
    }
    // No edge landed on a combination outside the pairs.
    expect(await edgeCount('HAS_CREATOR', 'Forum')).toBe(0);
    expect(await edgeCount('IS_LOCATED_IN', 'Company', 'City')).toBe(0);
  });

  it('stores multi-pair edges with their endpoint types, forwards and reversed', async () => {
    const { dataset } = data;
    const onPost = dataset.comments.find((c) => c.parentPost !== null);
    const onComment = dataset.comments.find((c) => c.parentComment !== null);
    expect(await targets('Comment', onPost?.id ?? 0, 'REPLY_OF')).toEqual([
      `Post:${onPost?.parentPost}`,
    ]);
    expect(await targets('Comment', onComment?.id ?? 0, 'REPLY_OF')).toEqual([
      `Comment:${onComment?.parentComment}`,
    ]);
    // A person's messages through the reverse of HAS_CREATOR (FROM Comment|Post, TO Person).
    const author = dataset.persons.find(
      (p) =>
        dataset.posts.some((m) => m.creator === p.id) &&
        dataset.comments.some((m) => m.creator === p.id),
    );
    const id = author?.id ?? 0;
    const written = [
      ...dataset.posts.filter((m) => m.creator === id).map((m) => `Post:${m.id}`),
      ...dataset.comments.filter((m) => m.creator === id).map((m) => `Comment:${m.id}`),
    ].sort();
    expect(await targets('Person', id, 'HAS_CREATOR_REVERSE')).toEqual(written);
    // IS_LOCATED_IN from three source types; its reverse from a city reaches two of them.
    const city = author?.city ?? 0;
    const located = [
      ...dataset.persons.filter((p) => p.city === city).map((p) => `Person:${p.id}`),
      ...dataset.organisations.filter((o) => o.place === city).map((o) => `University:${o.id}`),
    ].sort();
    expect(await targets('City', city, 'IS_LOCATED_IN_REVERSE')).toEqual(located);
  });

  it('loads the attribute values: ToMiliSeconds dates, SPLIT sets, the id as a number', async () => {
    const person = data.dataset.persons[3];
    const answer = await restpp<{ attributes: Record<string, unknown> }[]>(
      'GET',
      `/graph/${graph}/vertices/Person/${person?.id}`,
    );
    expect(answer.results[0]?.attributes).toEqual({
      id: person?.id,
      firstName: person?.firstName,
      lastName: person?.lastName,
      gender: person?.gender,
      birthday: Date.parse(`${person?.birthday}T00:00:00Z`),
      creationDate: person?.creationDate,
      locationIP: person?.locationIP,
      browserUsed: person?.browserUsed,
      speaks: person?.speaks,
      email: person?.emails,
      popularityScore: 0,
    });
    const knows = data.dataset.knows[0];
    const edges = await restpp<{ attributes: Record<string, unknown> }[]>(
      'GET',
      `/graph/${graph}/edges/Person/${knows?.person1}/KNOWS/Person/${knows?.person2}`,
    );
    expect(edges.results[0]?.attributes).toEqual({
      creationDate: knows?.date,
      weight19: 0,
      weight20: 10000,
    });
  });

  it('finds paths across multi-pair edges', async () => {
    const comment = data.dataset.comments[0];
    const creator = data.dataset.persons.find((p) => p.id === comment?.creator);
    const answer = await restpp<{ vertices: { v_type: string; v_id: string }[] }[]>(
      'POST',
      `/shortestpath/${graph}`,
      {
        source: { type: 'Comment', id: String(comment?.id) },
        target: { type: 'City', id: String(creator?.city) },
        edgeFilters: [{ type: 'HAS_CREATOR' }, { type: 'IS_LOCATED_IN' }],
      },
    );
    expect(answer.error, answer.message).toBe(false);
    const vertices = answer.results[0]?.vertices.map((v) => `${v.v_type}:${v.v_id}`).sort();
    expect(vertices).toEqual(
      [`City:${creator?.city}`, `Comment:${comment?.id}`, `Person:${creator?.id}`].sort(),
    );
  });

  it('refuses an upsert of a multi-pair edge between types none of its pairs join', async () => {
    const person = data.dataset.persons[0]?.id;
    const tag = data.dataset.tags[0]?.id;
    const answer = await restpp<unknown>('POST', `/graph/${graph}`, {
      edges: { Person: { [String(person)]: { HAS_CREATOR: { Tag: { [String(tag)]: {} } } } } },
    });
    expect(answer.error).toBe(true);
    expect(answer.message).toContain('edge type HAS_CREATOR does not go from Person to Tag');
    expect(await edgeCount('HAS_CREATOR', 'Person')).toBe(0);
  });
});
