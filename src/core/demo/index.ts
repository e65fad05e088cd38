// `\demo` (and later the notebook's sample): creates the demo graph through the public API only:
// the schema and example queries as GSQL through the statements channel, the data by upsert.
// Safe to run again: an existing demo graph keeps its schema and the same data is upserted.
// A step that fails is reported in the outcome, never hidden.
import type { GraphClient } from '../client/index.js';
import { demoBatches } from './data.js';
import { demoGraph, demoQueries, demoSchema } from './schema.js';

export { demoGraph, demoQueries, demoSchema } from './schema.js';
export { demoBatches, demoSize, personId } from './data.js';

export interface DemoOutcome {
  readonly graph: string;
  readonly schemaCreated: boolean;
  readonly vertices: number;
  readonly edges: number;
  /** Installed example query names. */
  readonly installed: readonly string[];
  /** Why the example queries could not be created or installed, when they could not. */
  readonly queryFailure?: string;
}

export class DemoError extends Error {}

async function graphExists(client: GraphClient, signal?: AbortSignal): Promise<boolean> {
  const answer = await client.call('getGraphs', {}, signal ? { signal } : {});
  return answer.graphs.some((g) => g.graphName === demoGraph);
}

export async function createDemo(
  client: GraphClient,
  progress: (line: string) => void = () => undefined,
  signal?: AbortSignal,
): Promise<DemoOutcome> {
  const opts = signal ? { signal } : {};
  const exists = await graphExists(client, signal);
  if (!exists) {
    progress(`creating the schema of graph ${demoGraph}`);
    const ddl = await client.gsql(demoSchema, opts);
    if (!ddl.ok) throw new DemoError(`creating the demo schema failed:\n${ddl.output}`);
  } else {
    progress(`graph ${demoGraph} exists: keeping its schema, refreshing its data`);
  }
  let vertices = 0;
  let edges = 0;
  for (const body of demoBatches()) {
    const [answer] = await client.upsert(body, {}, { graph: demoGraph, ...opts });
    vertices += Number(answer?.accepted_vertices ?? 0);
    edges += Number(answer?.accepted_edges ?? 0);
    progress(`upserted ${vertices} vertices, ${edges} edges`);
  }
  const names = Object.keys(demoQueries);
  const script = [`USE GRAPH ${demoGraph}`, ...Object.values(demoQueries)].join('\n');
  const created = await client.gsql(script, opts);
  const failure = (text: string) =>
    text
      .split('\n')
      .filter((l) => !/^Using graph /.test(l))
      .join('\n')
      .trim();
  if (!created.ok) {
    return {
      graph: demoGraph,
      schemaCreated: !exists,
      vertices,
      edges,
      installed: [],
      queryFailure: failure(created.output),
    };
  }
  progress('installing the example queries');
  const install = await client.gsql(
    `USE GRAPH ${demoGraph}\nINSTALL QUERY ${names.join(', ')}`,
    opts,
  );
  return {
    graph: demoGraph,
    schemaCreated: !exists,
    vertices,
    edges,
    installed: install.ok ? names : [],
    ...(install.ok ? {} : { queryFailure: failure(install.output) }),
  };
}
