// Read-only by default, enforced; and the write tools with --allow-writes, against a real
// `gwb serve` child. The graph is read back through GraphClient, not through the MCP tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectInMemory, startFixture, textOf, type Fixture } from './fixture.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(async () => {
  await fixture?.close();
});

async function aliceAge(): Promise<unknown> {
  const [alice] = await fixture.client.getVertex(
    { type: 'Person', id: 'alice' },
    { graph: 'social' },
  );
  return alice?.attributes?.age;
}

describe('read-only mode', () => {
  it('does not offer the write tools at all', async () => {
    const ro = await connectInMemory(fixture.client);
    const result = await callTool(ro.mcp, 'upsert_data', {
      data: { vertices: { Person: { zed: {} } } },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Tool upsert_data not found/);
    await ro.close();
  });

  it('refuses an interpreted query that writes, sends nothing, and the graph is unchanged', async () => {
    const ro = await connectInMemory(fixture.client);
    const before = await aliceAge();
    for (const stmt of [
      'T = SELECT s FROM S:s POST-ACCUM s.age = 99;',
      'T = SELECT s FROM S:s ACCUM s.setAttr("age", 99);',
      'INSERT INTO Person VALUES ("zed", 1);',
      'DELETE s FROM S:s;',
    ]) {
      const query = `INTERPRET QUERY () FOR GRAPH social {\n  S = {Person.*};\n  ${stmt}\n}`;
      const result = await callTool(ro.mcp, 'interpret_query', { query });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Refused: the query writes to the graph \(3:\d+ /);
    }
    expect(await aliceAge()).toBe(before);
    const counted = await fixture.client.call('runBuiltin', {
      path: { graph_name: 'social' },
      body: { function: 'stat_vertex_number', type: 'Person' },
    });
    expect(counted).toEqual([{ v_type: 'Person', count: 5 }]);
    await ro.close();
  });

  it('never lets a name smuggle a statement into the GSQL channel', async () => {
    const ro = await connectInMemory(fixture.client);
    const injected = 'x\nDROP ALL';
    const tool = await callTool(ro.mcp, 'describe_query', { name: injected });
    expect(tool.isError).toBe(true);
    expect(textOf(tool)).toMatch(/Input validation error/);
    const uri = `gwb://graph/social/query/${encodeURIComponent(injected)}`;
    await expect(ro.mcp.readResource({ uri })).rejects.toThrow(/plain GSQL names/);
    expect(await aliceAge()).toBe(31);
    await ro.close();
  });
});

describe('with --allow-writes', () => {
  it('upsert_data, delete_edges, delete_vertices', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const up = await callTool(rw.mcp, 'upsert_data', {
      data: {
        vertices: { Person: { zed: { age: { value: 7 } } } },
        edges: { Person: { zed: { knows: { Person: { alice: {} } } } } },
      },
    });
    expect(up.isError).toBeFalsy();
    expect(up.structuredContent).toMatchObject({
      result: [{ accepted_vertices: 1, accepted_edges: 1 }],
    });
    const edge = await callTool(rw.mcp, 'delete_edges', {
      vertexType: 'Person',
      vertexId: 'zed',
      edgeType: 'knows',
      targetVertexType: 'Person',
      targetVertexId: 'alice',
    });
    expect(edge.isError).toBeFalsy();
    const none = await callTool(rw.mcp, 'delete_vertices', { vertexType: 'Person' });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('nothing was deleted');
    const gone = await callTool(rw.mcp, 'delete_vertices', {
      vertexType: 'Person',
      vertexId: 'zed',
    });
    expect(gone.isError).toBeFalsy();
    expect(gone.structuredContent).toMatchObject({ result: { deleted_vertices: 1 } });
    await rw.close();
  });

  it('run_gsql checks syntax first and returns the shell output', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const bad = await callTool(rw.mcp, 'run_gsql', {
      query: 'CREATE VERTEX (PRIMARY_ID x STRING)',
    });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^GSQL syntax error, nothing was sent:\n1:15: /);
    const ok = await callTool(rw.mcp, 'run_gsql', {
      query: 'USE GRAPH social\nSHOW VERTEX Person',
    });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toMatchObject({ truncated: false });
    expect(textOf(ok)).toContain('Person');
    await rw.close();
  });

  it('change_schema adds an attribute; run_loading_job loads lines', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const change = await callTool(rw.mcp, 'change_schema', {
      global: true,
      change: {
        alterVertexTypes: [
          {
            name: 'City',
            addAttributes: [{ AttributeName: 'pop', AttributeType: { Name: 'INT' } }],
          },
        ],
      },
    });
    expect(change.isError, textOf(change)).toBeFalsy();
    const job = await callTool(rw.mcp, 'run_gsql', {
      query:
        'USE GRAPH social\nCREATE LOADING JOB load_cities FOR GRAPH social {\n' +
        '  DEFINE FILENAME f1;\n  LOAD f1 TO VERTEX City VALUES ($0, $1) USING SEPARATOR=",";\n}',
    });
    expect(job.isError, textOf(job)).toBeFalsy();
    const load = await callTool(rw.mcp, 'run_loading_job', {
      job: 'load_cities',
      filename: 'f1',
      data: 'rome,2800000\nlima,9700000\n',
    });
    expect(load.isError, textOf(load)).toBeFalsy();
    const [rome] = await fixture.client.getVertex(
      { type: 'City', id: 'rome' },
      { graph: 'social' },
    );
    expect(rome?.attributes).toMatchObject({ pop: 2800000 });
    await rw.close();
  });

  it('install_query checks the text first', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const bad = await callTool(rw.mcp, 'install_query', { query: 'CREATE QUERY q( { }' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^GSQL syntax error, nothing was sent:\n1:/);
    const notQuery = await callTool(rw.mcp, 'install_query', { query: 'USE GRAPH social' });
    expect(textOf(notQuery)).toContain('Expected CREATE QUERY statements');
    await rw.close();
  });
});
