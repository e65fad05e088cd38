// The query tools against the embedded service itself (replay.test.ts covers the same tools on
// recorded answers of a real server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectInMemory, startFixture, textOf, type Fixture } from './fixture.js';

const readText = `CREATE QUERY older_than(INT n) FOR GRAPH social {
  S = {Person.*};
  T = SELECT s FROM S:s WHERE s.age > n;
  PRINT T;
}`;
const writeText = `CREATE QUERY age_all() FOR GRAPH social {
  S = {Person.*};
  T = SELECT s FROM S:s POST-ACCUM s.age = s.age + 1;
  PRINT T;
}`;

let fixture: Fixture;

beforeAll(async () => {
  fixture = await startFixture();
  const shell = await fixture.client.gsql(
    `USE GRAPH social\n${readText}\n${writeText}\nINSTALL QUERY older_than, age_all`,
  );
  if (!shell.ok) throw new Error(`the fixture queries did not install:\n${shell.output}`);
});
afterAll(async () => {
  await fixture?.close();
});

async function ages(): Promise<string[]> {
  const list = await fixture.client.getVertices('Person', {}, { graph: 'social' });
  return list
    .map((v) => JSON.stringify((v as { attributes?: Record<string, unknown> }).attributes))
    .sort();
}

describe('queries on the embedded service', () => {
  it('interpret_query runs a reading query', async () => {
    const c = await connectInMemory(fixture.client);
    const result = await callTool(c.mcp, 'interpret_query', {
      query:
        'INTERPRET QUERY () { S = {Person.*}; T = SELECT s FROM S:s WHERE s.age > 30; PRINT T; }',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.stringify(result.structuredContent)).toContain('erin');
    await c.close();
  });

  it('run_installed_query runs a reading query and refuses a writing one', async () => {
    const c = await connectInMemory(fixture.client);
    const ok = await callTool(c.mcp, 'run_installed_query', {
      name: 'older_than',
      params: { n: 30 },
    });
    expect(ok.isError, textOf(ok)).toBeFalsy();
    const before = await ages();
    const refused = await callTool(c.mcp, 'run_installed_query', { name: 'age_all' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^Refused: query age_all writes/);
    expect(await ages()).toEqual(before);
    const described = await callTool(c.mcp, 'describe_query', { name: 'age_all' });
    expect(described.structuredContent).toMatchObject({
      writes: [{ what: 'assigns attribute age' }],
    });
    await c.close();
  });
  it('install_query, list_queries, describe_query and the query resource', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const installed = await callTool(rw.mcp, 'install_query', {
      query:
        'CREATE QUERY city_of(VERTEX<Person> p) FOR GRAPH social {\n' +
        '  S = {p};\n  T = SELECT c FROM S:s -(lives_in>:e)- City:c;\n  PRINT T;\n}',
    });
    expect(installed.isError, textOf(installed)).toBeFalsy();
    const listed = await callTool(rw.mcp, 'list_queries', {});
    const names = (listed.structuredContent as { queries: { name: string }[] }).queries.map(
      (q) => q.name,
    );
    expect(names).toEqual(expect.arrayContaining(['age_all', 'city_of', 'older_than']));
    const described = await callTool(rw.mcp, 'describe_query', { name: 'city_of' });
    expect(described.structuredContent).toMatchObject({ name: 'city_of', writes: [] });
    const { resources } = await rw.mcp.listResources();
    expect(resources.map((r) => r.uri)).toContain('gwb://graph/social/query/city_of');
    await rw.close();
  });
});

describe('read-only by the arguments given', () => {
  const maybeBump = `CREATE QUERY maybe_bump(BOOL bump = FALSE, STRING note = "") FOR GRAPH social {
  S = {Person.*};
  IF bump THEN
    T = SELECT s FROM S:s POST-ACCUM s.age = s.age + 1;
  END;
  PRINT S;
}`;

  beforeAll(async () => {
    const shell = await fixture.client.gsql(
      `USE GRAPH social\n${maybeBump}\nINSTALL QUERY maybe_bump`,
    );
    expect(shell.ok, shell.output).toBe(true);
  });

  it('runs a library template whose writes are off for these arguments, refuses when asked', async () => {
    const c = await connectInMemory(fixture.client);
    const pagerank = 'GDBMS_ALGO.centrality.pagerank';
    const reading = await callTool(c.mcp, 'run_template_query', {
      name: pagerank,
      graph: 'social',
      params: { v_type: 'Person', e_type: 'knows', top_k: 2 },
    });
    expect(reading.isError, textOf(reading)).toBeFalsy();
    expect(JSON.stringify(reading.structuredContent)).toContain('top_scores_heap');
    const writing = await callTool(c.mcp, 'run_template_query', {
      name: pagerank,
      graph: 'social',
      params: { v_type: 'Person', e_type: 'knows', result_attribute: 'age' },
    });
    expect(writing.isError).toBe(true);
    expect(textOf(writing)).toMatch(/^Refused: template query .* writes to the graph/);
    expect(textOf(writing)).toContain('setAttr');
    const filing = await callTool(c.mcp, 'run_template_query', {
      name: pagerank,
      graph: 'social',
      params: { v_type: 'Person', e_type: 'knows', file_path: '/tmp/out.csv' },
    });
    expect(filing.isError).toBe(true);
    expect(textOf(filing)).toContain('writes file f');
    await c.close();
  });

  it('refuses a parameter name the query does not have, listing the ones it has', async () => {
    const c = await connectInMemory(fixture.client);
    const result = await callTool(c.mcp, 'run_template_query', {
      name: 'GDBMS_ALGO.centrality.pagerank',
      graph: 'social',
      params: { vertex_type: 'Person', e_type: 'knows' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('has no parameter "vertex_type"');
    expect(textOf(result)).toMatch(/its parameters are: v_type, e_type, /);
    expect(textOf(result)).toContain('GWB-MCP-UNKNOWN-ARGUMENT');
    await c.close();
  });

  it('refuses a misspelt parameter name with writes allowed too', async () => {
    const rw = await connectInMemory(fixture.client, { allowWrites: true });
    const template = await callTool(rw.mcp, 'run_template_query', {
      name: 'GDBMS_ALGO.centrality.pagerank',
      graph: 'social',
      params: { vertex_type: 'Person', e_type: 'knows' },
    });
    expect(template.isError).toBe(true);
    expect(textOf(template)).toContain('GWB-MCP-UNKNOWN-ARGUMENT');
    const installed = await callTool(rw.mcp, 'run_installed_query', {
      name: 'maybe_bump',
      params: { bumpp: true },
    });
    expect(installed.isError).toBe(true);
    expect(textOf(installed)).toContain('has no parameter "bumpp"');
    await rw.close();
  });

  it('runs an installed query whose write sits behind a parameter left off, refuses it on', async () => {
    const before = await ages();
    const c = await connectInMemory(fixture.client);
    const off = await callTool(c.mcp, 'run_installed_query', { name: 'maybe_bump', params: {} });
    expect(off.isError, textOf(off)).toBeFalsy();
    const on = await callTool(c.mcp, 'run_installed_query', {
      name: 'maybe_bump',
      params: { bump: true },
    });
    expect(on.isError).toBe(true);
    expect(textOf(on)).toContain('assigns attribute age');
    expect(await ages()).toEqual(before);
    await c.close();
  });
});
