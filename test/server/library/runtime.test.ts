// Template runs under the query runtime: listed by showprocesslist with the library URL while
// they run, ended by GSQL-TIMEOUT with the timeout error and no change to the graph, and
// recompiled after a schema change (the compiled form is cached per graph and catalog version).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGraphError } from '../../../src/core/errors.js';
import { loadCase, startLibraryServer, type LibraryServer, type LoadedGraph } from './helpers.js';

let lib: LibraryServer;
let L: LoadedGraph;
const n = 2000;
const closeness = 'GDBMS_ALGO.centrality.closeness_cent';

beforeAll(async () => {
  lib = await startLibraryServer();
  // A long path: closeness runs one search per vertex, hundreds of rounds each.
  const path = Array.from({ length: n - 1 }, (_, k) => [k, k + 1] as const);
  L = await loadCase(lib.client, 0, { n, undirected: path, directed: path });
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

const params = () => ({
  v_type_set: [L.V],
  e_type_set: [L.E],
  max_hops: n,
  result_attribute: 'score',
});

async function scores(): Promise<unknown[]> {
  const list = await lib.client.getVertices(L.V, {}, { graph: L.graph });
  return list.map((v) => (v as unknown as { attributes: { score: number } }).attributes.score);
}

describe('template runs in the query runtime', () => {
  it('is listed while it runs and ends at GSQL-TIMEOUT, changing nothing', async () => {
    const before = await scores();
    const pending = lib.client
      .runTemplate(closeness, params(), { graph: L.graph, timeoutMs: 1500 })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    const running = await lib.client.call('showProcessList', { path: { graph_name: L.graph } });
    expect(running.map((q) => (q as { url?: string }).url)).toContain(
      `/gsql/v1/library/${closeness}`,
    );
    const error = await pending;
    expect(isGraphError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'REST-3000' });
    expect(await scores()).toEqual(before);
  }, 30_000);

  it('sees a schema change: a new attribute can be written right after it is added', async () => {
    const job = await lib.client.gsql(
      `CREATE GLOBAL SCHEMA_CHANGE JOB add_rank { ALTER VERTEX ${L.V} ADD ATTRIBUTE (rank FLOAT); }\nRUN GLOBAL SCHEMA_CHANGE JOB add_rank`,
    );
    expect(job.ok, job.output).toBe(true);
    await lib.client.runTemplate(
      'GDBMS_ALGO.centrality.degree_cent',
      {
        v_type_set: [L.V],
        e_type_set: [L.E],
        reverse_e_type_set: [],
        result_attribute: 'rank',
        normalize: false,
        print_results: false,
      },
      { graph: L.graph },
    );
    const list = await lib.client.getVertices(L.V, {}, { graph: L.graph });
    const ranks = list.map(
      (v) => (v as unknown as { attributes: { rank: number } }).attributes.rank,
    );
    expect(ranks.sort()).toEqual([...Array<number>(n - 2).fill(2), 1, 1].sort());
  }, 30_000);
});
