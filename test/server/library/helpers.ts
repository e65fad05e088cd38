// The library suites' server: the embedded service in process (startServer with the service's
// handler map, file writes allowed in its own temporary folder), and small generated graphs
// loaded through the API: one graph per case, with its own vertex type V<i>, an undirected edge
// type E<i> and a directed edge type D<i> with the reverse edge D<i>_rev.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { GraphClient } from '../../../src/core/client/index.js';
import { serviceHandlers } from '../../../src/server/handlers/index.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';

export interface LibraryServer {
  readonly server: RunningServer;
  readonly client: GraphClient;
  /** A folder the service may write files to (file_path). */
  readonly files: string;
  close(): Promise<void>;
}

export async function startLibraryServer(): Promise<LibraryServer> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-library-'));
  const files = mkdtempSync(join(tmpdir(), 'gwb-library-files-'));
  const server = await startServer({
    dir,
    port: 0,
    handlers: serviceHandlers,
    allowFiles: [files],
    log: { info: () => undefined, error: () => undefined },
  });
  const client = new GraphClient(
    { url: server.url, username: 'tigergraph', password: 'tigergraph' },
    { validateResults: true },
  );
  return {
    server,
    client,
    files,
    close: async () => {
      await client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(files, { recursive: true, force: true });
    },
  };
}

export interface GraphCase {
  readonly n: number;
  /** Undirected pairs (no self-loops, no repeats). */
  readonly undirected: readonly (readonly [number, number])[];
  /** Directed pairs (no self-loops, no repeats). */
  readonly directed: readonly (readonly [number, number])[];
}

function pairs(n: number, raw: [number, number][], directed: boolean): [number, number][] {
  const seen = new Set<string>();
  const kept: [number, number][] = [];
  for (const [a, b] of raw) {
    if (a === b) continue;
    const key = directed ? `${a}>${b}` : `${Math.min(a, b)}-${Math.max(a, b)}`;
    if (seen.has(key) || a >= n || b >= n) continue;
    seen.add(key);
    kept.push([a, b]);
  }
  return kept;
}

/** Seeded random small graphs (repeatable runs). */
export function graphCases(count: number, seed: number): GraphCase[] {
  const arb = fc.integer({ min: 2, max: 18 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      u: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 3 }),
      d: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 3 }),
    }),
  );
  return fc.sample(arb, { numRuns: count, seed }).map(({ n, u, d }) => ({
    n,
    undirected: pairs(n, u, false),
    directed: pairs(n, d, true),
  }));
}

export interface LoadedGraph {
  readonly graph: string;
  readonly V: string;
  readonly E: string;
  readonly D: string;
  readonly Drev: string;
  readonly g: GraphCase;
}

/** Creates graph g<i> with its own types and loads the case through upsert. */
export async function loadCase(client: GraphClient, i: number, g: GraphCase): Promise<LoadedGraph> {
  const [graph, V, E, D] = [`g${i}`, `V${i}`, `E${i}`, `D${i}`];
  const Drev = `${D}_rev`;
  const shell = await client.gsql(
    [
      `CREATE VERTEX ${V} (PRIMARY_ID id STRING, score FLOAT, label INT) WITH primary_id_as_attribute="true"`,
      `CREATE UNDIRECTED EDGE ${E} (FROM ${V}, TO ${V})`,
      `CREATE DIRECTED EDGE ${D} (FROM ${V}, TO ${V}) WITH REVERSE_EDGE="${Drev}"`,
      `CREATE GRAPH ${graph} (${V}, ${E}, ${D})`,
    ].join('\n'),
  );
  if (!shell.ok) throw new Error(`schema failed: ${shell.output}`);
  const vertices = {
    [V]: Object.fromEntries(Array.from({ length: g.n }, (_, k) => [`v${k}`, {}])),
  };
  const edges: Record<string, Record<string, Record<string, Record<string, object>>>> = {};
  const add = (type: string, a: number, b: number) => {
    const from = ((edges[V] ??= {})[`v${a}`] ??= {});
    ((from[type] ??= {}) as Record<string, Record<string, object>>)[V] ??= {};
    ((from[type] as Record<string, Record<string, object>>)[V] as Record<string, object>)[`v${b}`] =
      {};
  };
  for (const [a, b] of g.undirected) add(E, a, b);
  for (const [a, b] of g.directed) add(D, a, b);
  await client.upsert({ vertices, edges } as never, {}, { graph });
  return { graph, V, E, D, Drev, g };
}

/** v12 -> 12 */
export const index = (id: string): number => Number(id.slice(1));
