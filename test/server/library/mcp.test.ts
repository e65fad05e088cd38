// The MCP tool run_template_query against the embedded service's real library, end to end
// (GraphClient over HTTP, MCP server over the in-memory transport): a read-only template runs,
// a template whose definition can write (setAttr, FILE) is refused in read-only mode and runs
// with --allow-writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectInMemory, textOf } from '../../mcp/fixture.js';
import { loadCase, startLibraryServer, type LibraryServer, type LoadedGraph } from './helpers.js';

let lib: LibraryServer;
let L: LoadedGraph;

beforeAll(async () => {
  lib = await startLibraryServer();
  L = await loadCase(lib.client, 0, {
    n: 3,
    undirected: [
      [0, 1],
      [1, 2],
    ],
    directed: [
      [0, 1],
      [1, 2],
      [2, 0],
    ],
  });
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

describe('run_template_query on the embedded library', () => {
  it('runs a read-only template (bfs)', async () => {
    const c = await connectInMemory(lib.client);
    try {
      const result = await callTool(c.mcp, 'run_template_query', {
        name: 'GDBMS_ALGO.path.bfs',
        graph: L.graph,
        params: { v_type_set: [L.V], e_type_set: [L.E], v_start: { id: 'v0', type: L.V } },
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        results: { generatedQueryName: `GDBMS_ALGO_path_bfs_${L.graph}` },
      });
      expect(textOf(result)).toMatch(/Reached/);
    } finally {
      await c.close();
    }
  });

  it('refuses a template asked to write unless writes are allowed; unasked it only reads', async () => {
    const params = { v_type: L.V, e_type: L.D };
    // Asked to store scores in an attribute: the template's setAttr runs, so it writes.
    const writing = { ...params, result_attribute: 'score' };
    const readOnly = await connectInMemory(lib.client);
    try {
      const refused = await callTool(readOnly.mcp, 'run_template_query', {
        name: 'GDBMS_ALGO.centrality.pagerank',
        graph: L.graph,
        params: writing,
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/setAttr|file/);
      // Left at their defaults, result_attribute and file_path ask for no write.
      const read = await callTool(readOnly.mcp, 'run_template_query', {
        name: 'GDBMS_ALGO.centrality.pagerank',
        graph: L.graph,
        params,
      });
      expect(read.isError, textOf(read)).toBeFalsy();
    } finally {
      await readOnly.close();
    }
    const writer = await connectInMemory(lib.client, { allowWrites: true });
    try {
      const ran = await callTool(writer.mcp, 'run_template_query', {
        name: 'GDBMS_ALGO.centrality.pagerank',
        graph: L.graph,
        params,
      });
      expect(ran.isError, textOf(ran)).toBeFalsy();
    } finally {
      await writer.close();
    }
  });
});
