// Template (library) queries on any server that speaks the API: the info endpoint answers a
// template's definition and parameter table, a run answers its output and the
// generatedQueryName, and an unknown template or a bad parameter is refused with 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { isGraphError } from '../../../src/core/errors.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let V: string;
let E: string;
const pagerank = 'GDBMS_ALGO.centrality.pagerank';

beforeAll(async () => {
  target = await openTarget('lib');
  client = target.client;
  g = target.graph;
  V = `${g}_v`;
  E = `${g}_e`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${V} (PRIMARY_ID id STRING)
CREATE UNDIRECTED EDGE ${E} (FROM ${V}, TO ${V})
CREATE GRAPH ${g} (${V}, ${E})`,
  );
  const to = (...ids: string[]) => ({ [E]: { [V]: Object.fromEntries(ids.map((i) => [i, {}])) } });
  await client.upsert({
    vertices: { [V]: { a: {}, b: {}, c: {}, d: {} } },
    edges: { [V]: { a: to('b', 'c'), b: to('c'), c: to('d') } },
  });
}, 60_000);

afterAll(async () => {
  await client.gsql(`DROP GRAPH ${g}\nDROP EDGE ${E}\nDROP VERTEX ${V}`).catch(() => undefined);
  await target.close();
});

describe('template queries', () => {
  it('answers the definition and parameters of a template', async () => {
    const [info] = await client.call('getTemplateInfo', { path: { functionName: pagerank } });
    expect(info?.name).toBe(pagerank);
    expect(info?.query).toMatch(/QUERY/);
    expect(Object.keys(info?.params ?? {})).toEqual(expect.arrayContaining(['v_type', 'e_type']));
  });

  it('runs a template on a graph and names the generated query', async () => {
    const answer = (await client.runTemplate(pagerank, { v_type: V, e_type: E }, { graph: g })) as {
      generatedQueryName?: unknown;
      results?: unknown;
    };
    expect(typeof answer.generatedQueryName).toBe('string');
    expect(Array.isArray(answer.results)).toBe(true);
  });

  it('refuses an unknown template and an unknown parameter', async () => {
    const unknown = await client
      .call('getTemplateInfo', { path: { functionName: 'GDBMS_ALGO.nope.missing' } })
      .catch((e: unknown) => e);
    expect(isGraphError(unknown)).toBe(true);
    expect(String((unknown as { status?: number }).status)).toMatch(/^4\d\d$/);
    const bad = await client
      .runTemplate(pagerank, { v_type: V, e_type: E, no_such_param: 1 }, { graph: g })
      .catch((e: unknown) => e);
    expect(isGraphError(bad) && bad.status === 400).toBe(true);
  });
});
