// No load counts an object valid and then drops it (issue 15): the vertices and edges the graph
// leaves out when a batch is applied (NEW_VERTEX_ONLY on an existing vertex, VERTEX_MUST_EXIST on
// a missing end, an id deleted permanently) are rejected objects in the statistics, and the
// upsert endpoint's accepted counts are what was stored. Each case runs through HTTP: POST
// /restpp/ddl, RUN LOADING JOB through /gsql/v1/statements, and POST /restpp/graph; the stored
// counts are read back with the built-ins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

let files: string;
let running: InProcessServer;
let client: GraphClient;

async function gsql(script: string): Promise<string> {
  const answer = await client.gsql(script);
  if (!answer.ok) throw new Error(`GSQL failed (${answer.returnCode}):\n${answer.output}`);
  return answer.output;
}

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'gwb-load-skipped-files-'));
  running = await startInProcess({
    prefix: 'gwb-load-skipped',
    graph: 'net',
    server: { allowFiles: [files] },
  });
  client = running.client;
  await gsql(`CREATE VERTEX Node (PRIMARY_ID id STRING, name STRING)
CREATE DIRECTED EDGE Link (FROM Node, TO Node, w INT)
CREATE DIRECTED EDGE Hop (FROM Node, TO Node, DISCRIMINATOR(day INT))
CREATE GRAPH net (*)
USE GRAPH net
CREATE LOADING JOB only_new FOR GRAPH net {
  DEFINE FILENAME f;
  LOAD f TO VERTEX Node VALUES ($0, $1) USING NEW_VERTEX_ONLY="true";
}
CREATE LOADING JOB must_exist FOR GRAPH net {
  DEFINE FILENAME f;
  LOAD f TO EDGE Link VALUES ($0, $1, $2) USING VERTEX_MUST_EXIST="true";
}
CREATE LOADING JOB must_exist_disc FOR GRAPH net {
  DEFINE FILENAME f;
  LOAD f TO EDGE Hop VALUES ($0, $1, $2) USING VERTEX_MUST_EXIST="true";
}
CREATE LOADING JOB vertex_then_edge FOR GRAPH net {
  DEFINE FILENAME f;
  LOAD f TO VERTEX Node VALUES ($0, $0), TO EDGE Link VALUES ($0, $1, $2)
    USING VERTEX_MUST_EXIST="true";
}
CREATE LOADING JOB plain FOR GRAPH net {
  DEFINE FILENAME v;
  DEFINE FILENAME e;
  LOAD v TO VERTEX Node VALUES ($0, $1);
  LOAD e TO EDGE Link VALUES ($0, $1, $2);
}`);
}, 60_000);

afterAll(async () => {
  await running.close();
  rmSync(files, { recursive: true, force: true });
});

beforeEach(async () => {
  // Clears the data and the ids deleted permanently; the schema and jobs stay.
  await client.call('clearStore', {});
});

interface Stats {
  validLine: number;
  rejectLine: number;
  vertex: Record<string, number | string>[];
  edge: Record<string, number | string>[];
}

async function ddl(tag: string, body: string, filename = 'f') {
  const results = await client.call('loadData', {
    path: { graph_name: 'net' },
    query: { tag, filename },
    body,
  });
  return results[0]?.statistics as unknown as Stats;
}

/** POST /ddl with concise=true, through the client (its result schema takes the concise form). */
async function ddlConcise(tag: string, body: string): Promise<unknown> {
  const results = await client.call('loadData', {
    path: { graph_name: 'net' },
    query: { tag, filename: 'f', concise: true },
    body,
  });
  return results[0]?.statistics;
}

/** RUN LOADING JOB on a file through the GSQL shell; its printed report. */
async function runJob(tag: string, body: string, variable = 'f'): Promise<string> {
  const path = join(files, `${tag}-${variable}.csv`);
  writeFileSync(path, body);
  return gsql(`USE GRAPH net\nRUN LOADING JOB ${tag} USING ${variable}="${path}"`);
}

async function count(fn: 'stat_vertex_number' | 'stat_edge_number', type: string) {
  const rows = await client.call('runBuiltin', {
    path: { graph_name: 'net' },
    body: { function: fn, type },
  });
  return Number((rows[0] as { count: number }).count);
}

const nodes = () => count('stat_vertex_number', 'Node');
const links = () => count('stat_edge_number', 'Link');
const hops = () => count('stat_edge_number', 'Hop');

async function upsertNodes(...ids: string[]) {
  const vertices = { Node: Object.fromEntries(ids.map((id) => [id, { name: { value: id } }])) };
  await client.call('upsertGraph', { path: { graph_name: 'net' }, body: { vertices } });
}

async function names(): Promise<Record<string, unknown>> {
  const list = await client.getVertices('Node');
  const pairs = list.map((v): [string, unknown] => [
    'v_id' in v ? String(v.v_id) : '',
    (v.attributes as { name: unknown }).name,
  ]);
  return Object.fromEntries(pairs);
}

/** Deletes `id` permanently: it may never be inserted again until the store is cleared. */
async function deleteForever(id: string) {
  const answer = await client.call('deleteVertices', {
    path: { graph_name: 'net', vertex_type: 'Node' },
    query: { permanent: true, filter: [`name="${id}"`] },
  });
  expect(answer).toMatchObject({ deleted_vertices: 1 });
}

const object = (typeName: string, counts: Record<string, number>): unknown =>
  expect.objectContaining({ typeName, ...counts }) as unknown;

describe('NEW_VERTEX_ONLY on a vertex that exists', () => {
  // `a` exists before; the second `b` line finds the vertex the first one made.
  const input = 'a,A2\nb,B\nb,B2\nc,C\n';
  const expected = object('Node', { validObject: 2, invalidPrimaryId: 2 });

  it('POST /ddl: the skipped vertices are invalid primary ids, validObject is what was stored', async () => {
    await upsertNodes('a');
    const stats = await ddl('only_new', input);
    expect(stats).toMatchObject({ validLine: 4, rejectLine: 0 });
    expect(stats.vertex).toEqual([expected]);
    expect(await nodes()).toBe(1 + 2);
    expect(await names()).toEqual({ a: 'a', b: 'B', c: 'C' });
  });

  it('RUN LOADING JOB: the report warns of them, and the same vertices are stored', async () => {
    await upsertNodes('a');
    const output = await runJob('only_new', input);
    expect(output).toContain('valid lines: 4, rejected lines: 0');
    expect(output).toMatch(/:Node: 2 object\(s\) have an invalid primary id\./);
    expect(await names()).toEqual({ a: 'a', b: 'B', c: 'C' });
  });

  it('a background run (/gsql/v1/loading-jobs/run): the status counts them', async () => {
    await upsertNodes('a');
    const path = join(files, 'only-new-background.csv');
    writeFileSync(path, input);
    const started = await client.call('runLoadingJobs', {
      query: { graph: 'net' },
      body: [{ name: 'only_new', dataSources: [{ filename: 'f', name: 'file', path }] }],
    });
    const id = started.jobIds[0] ?? '';
    let status: Record<string, unknown> = {};
    for (;;) {
      const [answer] = await client.call('getLoadingJobStatus', { path: { jobId: id } });
      status = (answer as { overall: Record<string, unknown> }).overall;
      if (status.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toMatchObject({
      status: 'FINISHED',
      statistics: {
        fileLevel: { validLine: 4 },
        objectLevel: { vertex: [{ typeName: 'Node', validObject: 2, invalidPrimaryId: 2 }] },
      },
    });
    expect(await names()).toEqual({ a: 'a', b: 'B', c: 'C' });
  });

  it('concise statistics count only the vertices added', async () => {
    await upsertNodes('a');
    expect(await ddlConcise('only_new', input)).toEqual({
      vertex: 2,
      edge: 0,
      deleteVertex: 0,
      deleteEdge: 0,
    });
    expect(await nodes()).toBe(3);
  });
});

describe('VERTEX_MUST_EXIST with a missing end', () => {
  // a and b exist; x, y and z do not: a missing source is the edge's invalid primary id, a
  // missing target (source present) its invalid secondary id.
  const input = 'a,b,1\na,x,2\ny,b,3\ny,z,4\nb,a,5\n';
  const expected = (type: string) =>
    object(type, { validObject: 2, invalidPrimaryId: 2, invalidSecondaryId: 1 });

  it('POST /ddl: refused edges are counted, and create no vertex', async () => {
    await upsertNodes('a', 'b');
    const stats = await ddl('must_exist', input);
    expect(stats).toMatchObject({ validLine: 5, rejectLine: 0 });
    expect(stats.edge).toEqual([expected('Link')]);
    expect(await links()).toBe(2);
    expect(await nodes()).toBe(2);
  });

  it('POST /ddl, discriminated edges (one mutation each): the same counts', async () => {
    await upsertNodes('a', 'b');
    const stats = await ddl('must_exist_disc', input);
    expect(stats.edge).toEqual([expected('Hop')]);
    expect(await hops()).toBe(2);
    expect(await nodes()).toBe(2);
  });

  it('RUN LOADING JOB: the report warns of them, and only the edges between existing ends are stored', async () => {
    await upsertNodes('a', 'b');
    const output = await runJob('must_exist', input);
    expect(output).toContain('valid lines: 5, rejected lines: 0');
    expect(output).toMatch(/:Link: 2 object\(s\) have an invalid primary id\./);
    expect(output).toMatch(/:Link: 1 object\(s\) have an invalid secondary id\./);
    expect(await links()).toBe(2);
    expect(await nodes()).toBe(2);
  });

  it('a vertex loaded by an earlier line of the same request is an existing end', async () => {
    // Each line loads its first column as a vertex, then the edge: p -> q comes before q does.
    const stats = await ddl('vertex_then_edge', 'p,q,1\nq,p,2\nq,r,3\n');
    expect(stats.vertex).toEqual([object('Node', { validObject: 3 })]);
    expect(stats.edge).toEqual([object('Link', { validObject: 1, invalidSecondaryId: 2 })]);
    expect(await links()).toBe(1);
    expect(await nodes()).toBe(2);
  });
});

describe('an id deleted permanently', () => {
  it('POST /ddl: a vertex or an edge end with that id is refused and counted', async () => {
    await upsertNodes('a', 'b');
    await deleteForever('a');
    const vertices = await ddl('plain', 'a,A\nc,C\n', 'v');
    expect(vertices.vertex).toEqual([object('Node', { validObject: 1, invalidPrimaryId: 1 })]);
    // a -> c: source refused; c -> a: target refused; c -> b stored; d -> a: the refused target
    // leaves no `d` behind.
    const edges = await ddl('plain', 'a,c,1\nc,a,2\nc,b,3\nd,a,4\n', 'e');
    expect(edges.edge).toEqual([
      object('Link', { validObject: 1, invalidPrimaryId: 1, invalidSecondaryId: 2 }),
    ]);
    expect(await links()).toBe(1);
    expect(await names()).toEqual({ b: 'b', c: 'C' });
  });

  it('RUN LOADING JOB: the same, counted in each file run', async () => {
    await upsertNodes('a', 'b');
    await deleteForever('a');
    const vertexRun = await runJob('plain', 'a,A\nc,C\n', 'v');
    expect(vertexRun).toMatch(/:Node: 1 object\(s\) have an invalid primary id\./);
    const edgeRun = await runJob('plain', 'a,c,1\nc,a,2\nc,b,3\n', 'e');
    expect(edgeRun).toMatch(/:Link: 1 object\(s\) have an invalid primary id\./);
    expect(edgeRun).toMatch(/:Link: 1 object\(s\) have an invalid secondary id\./);
    expect(await links()).toBe(1);
    expect(await names()).toEqual({ b: 'b', c: 'C' });
  });
});

describe('POST /restpp/graph: accepted counts are what was stored', () => {
  const upsert = (query: Record<string, boolean>, body: Record<string, unknown>) =>
    client.call('upsertGraph', { path: { graph_name: 'net' }, query, body });
  const edge = (to: string) => ({ Link: { Node: { [to]: { w: { value: 1 } } } } });

  it('new_vertex_only: existing vertices are skipped and listed', async () => {
    await upsertNodes('a');
    const before = await nodes();
    const answer = await upsert(
      { new_vertex_only: true },
      { vertices: { Node: { a: { name: { value: 'A2' } }, n: { name: { value: 'N' } } } } },
    );
    expect(answer).toEqual([
      {
        accepted_vertices: 1,
        accepted_edges: 0,
        skipped_vertices: 1,
        vertices_already_exist: [{ v_type: 'Node', v_id: 'a' }],
      },
    ]);
    expect((await nodes()) - before).toBe(1);
    expect(await names()).toEqual({ a: 'a', n: 'N' });
  });

  it('vertex_must_exist: edges to a missing end are skipped and create nothing', async () => {
    await upsertNodes('a', 'b');
    const answer = await upsert(
      { vertex_must_exist: true },
      { edges: { Node: { a: { ...edge('b') }, m: edge('a') } } },
    );
    expect(answer[0]).toMatchObject({ accepted_vertices: 0, accepted_edges: 1, skipped_edges: 1 });
    expect(await links()).toBe(1);
    expect(await nodes()).toBe(2);
  });

  it('ids deleted permanently: neither the vertex nor an edge to it is accepted or stored', async () => {
    await upsertNodes('a', 'b');
    await deleteForever('a');
    const answer = await upsert(
      {},
      {
        vertices: { Node: { a: { name: { value: 'A' } }, c: { name: { value: 'C' } } } },
        // c -> a and new e -> a are refused (and leave no e behind); c -> b is stored.
        edges: {
          Node: {
            c: { Link: { Node: { a: { w: { value: 1 } }, b: { w: { value: 2 } } } } },
            e: edge('a'),
          },
        },
      },
    );
    expect(answer[0]).toMatchObject({ accepted_vertices: 1, accepted_edges: 1 });
    expect(await names()).toEqual({ b: 'b', c: 'C' });
    expect(await links()).toBe(1);
  });
});
