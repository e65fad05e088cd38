// Every tool through the SDK Client over InMemoryTransport, against a real `gwb serve` child with
// the small "social" graph: listed schemas and annotations, valid and invalid inputs, truncation,
// error mapping. Query execution tools are covered against recorded answers in replay.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTools } from '../../src/mcp/server.js';
import {
  callTool,
  connectInMemory,
  startFixture,
  textOf,
  type Connected,
  type Fixture,
} from './fixture.js';

const readTools = [
  'list_graphs',
  'get_schema',
  'list_queries',
  'describe_query',
  'run_installed_query',
  'interpret_query',
  'run_template_query',
  'find_shortest_paths',
  'find_all_paths',
  'get_vertices',
  'get_vertex',
  'get_edges',
  'count_vertices',
  'count_edges',
];
const writeTools = [
  'upsert_data',
  'delete_vertices',
  'delete_edges',
  'run_loading_job',
  'install_query',
  'run_gsql',
  'change_schema',
];

let fixture: Fixture;
let ro: Connected;

beforeAll(async () => {
  fixture = await startFixture();
  ro = await connectInMemory(fixture.client, { maxRows: 2 });
});
afterAll(async () => {
  await ro?.close();
  await fixture?.close();
});

describe('listing', () => {
  it('lists the read tools only, each with both schemas and all four annotations', async () => {
    const { tools } = await ro.mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(readTools);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description?.length).toBeGreaterThan(80);
      expect(tool.description).toContain('Example input: {');
      const a = tool.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
        expect(typeof (a as Record<string, unknown>)[hint]).toBe('boolean');
      }
      const props = Object.keys(tool.inputSchema.properties ?? {});
      if (tool.name !== 'list_graphs') expect(props).toContain('graph');
    }
  });

  it('lists the write tools with --allow-writes', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const { tools } = await rw.mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual([...readTools, ...writeTools]);
    await rw.close();
  });

  it('annotations snapshot (read-only / with --allow-writes)', async () => {
    const table = async (allowWrites: boolean) => {
      const c = await connectInMemory(fixture.client, { allowWrites });
      const { tools } = await c.mcp.listTools();
      await c.close();
      return Object.fromEntries(
        tools.map((t) => {
          const a = t.annotations ?? {};
          const flag = (v: boolean | undefined, letter: string) => (v ? letter : '-');
          return [
            t.name,
            flag(a.readOnlyHint, 'R') +
              flag(a.destructiveHint, 'D') +
              flag(a.idempotentHint, 'I') +
              flag(a.openWorldHint, 'O'),
          ];
        }),
      );
    };
    const reads = Object.fromEntries(readTools.map((n) => [n, 'R-I-']));
    expect(await table(false)).toEqual(reads);
    expect(await table(true)).toEqual({
      ...reads,
      run_installed_query: '-D--',
      interpret_query: '-D--',
      run_template_query: '-D--',
      upsert_data: '-D--',
      delete_vertices: '-DI-',
      delete_edges: '-DI-',
      run_loading_job: '-D--',
      install_query: '-D--',
      run_gsql: '-D--',
      change_schema: '-D--',
    });
    expect(allTools.map((t) => t.name).sort()).toEqual([...readTools, ...writeTools].sort());
  });
});

describe('read tools on the embedded service', () => {
  it('list_graphs and get_schema (summary and one type)', async () => {
    const graphs = await callTool(ro.mcp, 'list_graphs');
    expect(graphs.structuredContent).toEqual({
      graphs: [{ graphName: 'social', vertices: ['Person', 'City'], edges: ['knows', 'lives_in'] }],
    });
    const summary = await callTool(ro.mcp, 'get_schema', {});
    expect(summary.structuredContent).toMatchObject({
      graph: 'social',
      vertexTypes: [
        { name: 'Person', primaryId: 'name:STRING', attributes: 'age:INT' },
        { name: 'City', primaryId: 'name:STRING', attributes: '' },
      ],
      edgeTypes: [
        { name: 'knows', from: 'Person', to: 'Person', directed: false, attributes: 'since:INT' },
        { name: 'lives_in', from: 'Person', to: 'City', directed: true, attributes: '' },
      ],
    });
    expect(textOf(summary)).toContain('UNDIRECTED EDGE knows (FROM Person, TO Person, since:INT)');
    const person = await callTool(ro.mcp, 'get_schema', { type: 'Person' });
    expect(person.structuredContent).toMatchObject({ graph: 'social', detail: { Name: 'Person' } });
  });

  it('get_vertices truncates at the row limit and counts the total', async () => {
    const result = await callTool(ro.mcp, 'get_vertices', { vertexType: 'Person' });
    expect(result.structuredContent).toMatchObject({ truncated: true, total: 5 });
    expect((result.structuredContent as { rows: unknown[] }).rows).toHaveLength(2);
    expect(textOf(result).split('\n')[0]).toBe('2 vertices (truncated) of 5');
  });

  it('get_vertices with filter, select and sort; limit never above the setting', async () => {
    const result = await callTool(ro.mcp, 'get_vertices', {
      vertexType: 'Person',
      filter: ['age>30'],
      select: ['age'],
      sort: ['-age'],
      limit: 5,
    });
    const rows = (result.structuredContent as { rows: { v_id: string }[] }).rows;
    expect(rows.map((r) => r.v_id)).toEqual(['erin', 'carol']);
    expect(result.structuredContent).toMatchObject({ truncated: true, total: 3 });
  });

  it('get_vertex, get_edges', async () => {
    const vertex = await callTool(ro.mcp, 'get_vertex', {
      vertexType: 'Person',
      vertexId: 'alice',
    });
    expect(vertex.structuredContent).toMatchObject({
      vertex: { v_id: 'alice', v_type: 'Person', attributes: { age: 31 } },
    });
    const edges = await callTool(ro.mcp, 'get_edges', {
      vertexType: 'Person',
      vertexId: 'alice',
      edgeType: 'knows',
    });
    expect(edges.structuredContent).toMatchObject({
      rows: [{ e_type: 'knows', from_id: 'alice', to_id: 'bob', attributes: { since: 2020 } }],
      truncated: false,
    });
  });

  it('count_vertices and count_edges', async () => {
    const v = await callTool(ro.mcp, 'count_vertices', {});
    expect(v.structuredContent).toEqual({
      counts: [
        { type: 'Person', count: 5 },
        { type: 'City', count: 2 },
      ],
    });
    const e = await callTool(ro.mcp, 'count_edges', { edgeType: 'knows' });
    expect(e.structuredContent).toEqual({ counts: [{ type: 'knows', count: 3 }] });
  });

  it('find_shortest_paths and find_all_paths', async () => {
    const source = { type: 'Person', id: 'alice' };
    const shortest = await callTool(ro.mcp, 'find_shortest_paths', {
      source,
      target: { type: 'Person', id: 'dave' },
    });
    expect(shortest.isError).toBeFalsy();
    const [path] = (shortest.structuredContent as { paths: { vertices: { v_id: string }[] }[] })
      .paths;
    expect(path?.vertices.map((v) => v.v_id)).toEqual(['alice', 'bob', 'carol', 'dave']);
    const all = await callTool(ro.mcp, 'find_all_paths', {
      source,
      target: { type: 'City', id: 'oslo' },
      maxLength: 4,
    });
    expect(all.isError).toBeFalsy();
    expect(all.structuredContent).toMatchObject({ truncated: false });
  });

  it('list_queries answers on the embedded service', async () => {
    const result = await callTool(ro.mcp, 'list_queries', {});
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ graph: 'social' });
  });
});

describe('invalid input and errors', () => {
  it.each([
    ['get_vertices', {}],
    ['get_vertex', { vertexType: 'Person' }],
    ['get_edges', { vertexId: 'alice' }],
    ['count_vertices', { vertexType: 7 }],
    ['find_all_paths', { source: { type: 'Person', id: 'alice' } }],
    ['interpret_query', {}],
    ['run_installed_query', { params: {} }],
    ['describe_query', {}],
    ['get_schema', { type: '' }],
  ])('%s rejects %j', async (name, args) => {
    const result = await callTool(ro.mcp, name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Input validation error/);
  });

  it('refuses an argument name the tool does not take, listing the ones it does', async () => {
    // A misspelt filter must not be dropped silently: that would count every type.
    const result = await callTool(ro.mcp, 'count_vertices', { vertex_type: 'Person' });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('GWB-MCP-UNKNOWN-ARGUMENT');
    expect(text).toContain('count_vertices takes no argument "vertex_type"');
    expect(text).toMatch(/its arguments are: .*vertexType/);
    const { tools } = await ro.mcp.listTools();
    const listed = tools.find((t) => t.name === 'count_vertices');
    expect(listed?.inputSchema.additionalProperties).toBe(false);
  });

  it('says in each guarded tool what a read-only refusal means and how writes are allowed', async () => {
    const { tools } = await ro.mcp.listTools();
    for (const name of ['run_installed_query', 'interpret_query', 'run_template_query']) {
      const description = tools.find((t) => t.name === name)?.description ?? '';
      expect(description).toContain('is refused before it runs and nothing changes');
      expect(description).toContain('--allow-writes');
    }
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const open = (await rw.mcp.listTools()).tools.find((t) => t.name === 'interpret_query');
    expect(open?.description).not.toContain('is refused before it runs');
    await rw.close();
  });

  it('asks for exactly one source and one target before sending', async () => {
    const result = await callTool(ro.mcp, 'find_shortest_paths', {
      source: { type: 'Person', id: 'alice' },
      sources: [{ type: 'Person', id: 'bob' }],
      target: { type: 'Person', id: 'dave' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('exactly one of "source"/"sources"');
  });

  it("maps the service's errors to isError with its code and message", async () => {
    const result = await callTool(ro.mcp, 'get_vertices', { vertexType: 'Nope' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^\[[A-Z]+-[A-Z0-9-]+\] listVertices: .*Nope/);
    const graph = await callTool(ro.mcp, 'count_vertices', { graph: 'nograph' });
    expect(graph.isError).toBe(true);
    expect(textOf(graph)).toMatch(/^\[[A-Z]+-[A-Z0-9-]+\] runBuiltin: /);
  });
});
