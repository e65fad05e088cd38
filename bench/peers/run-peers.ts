// Runs every peer (TS CSR loop, graphology, kuzu, DuckDB) on the graph workloads of a dataset:
// load (timed, RSS growth; the CSR loop's measured in a process of its own, bench/lib/memory.ts,
// as the embedded service's is), 2- and 3-hop counts, PageRank, shortest paths and each peer's extra
// rows. A peer that does not load here, or fails a workload, becomes a row that says why.
import type { Dataset } from '../data/generate.js';
import type { Flags, PeerId, WorkloadId } from '../flags.js';
import { pagerankChecksum } from '../lib/checksum.js';
import { rssOf, summarise, timed, type TimedOptions } from '../lib/measure.js';
import { csrMemory } from '../lib/memory.js';

/** The CSR loop's RSS growth in a process of its own (none when it cannot be measured). */
function csrGrowth(csvPath: string): number | undefined {
  try {
    const m = csrMemory(csvPath);
    return m.after.rss - m.before.rss;
  } catch {
    return undefined;
  }
}
import type { Row } from '../lib/report.js';
import type { Peer } from './peer.js';

type PeerFactory = () => Promise<Peer>;
const peerFactories: readonly [PeerId, string, PeerFactory][] = [
  ['csr', 'TS CSR loop', async () => (await import('./csr.js')).csrPeer()],
  ['graphology', 'graphology', async () => (await import('./graphology.js')).graphologyPeer()],
  ['kuzu', 'kuzu', async () => (await import('./kuzu.js')).kuzuPeer()],
  ['duckdb', 'DuckDB', async () => (await import('./duckdb.js')).duckdbPeer()],
];

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** Every peer on every graph workload; rows by table id. */
export async function runPeers(
  ds: Dataset,
  flags: Flags,
  timing: TimedOptions,
  log: (s: string) => void,
): Promise<Map<string, Row[]>> {
  const rows = new Map<string, Row[]>();
  const add = (id: string, row: Row) => rows.set(id, [...(rows.get(id) ?? []), row]);
  const want = (w: WorkloadId) => flags.only.has(w);
  const graphWork = want('load') || want('khop') || want('pagerank') || want('paths');
  if (!graphWork) return rows;
  for (const [id, label, factory] of peerFactories) {
    if (!flags.peers.has(id)) continue;
    log(`peer ${label}`);
    let peer: Peer;
    try {
      peer = await factory();
    } catch (error) {
      const why = `does not load here: ${errorText(error)}`;
      for (const id of ['load', 'khop2', 'khop3', 'pagerank', 'paths'])
        add(id, { system: label, unit: id === 'load' ? 'edges/s' : 'ms', unavailable: why });
      continue;
    }
    try {
      const before = rssOf();
      const load = await timed(
        () => peer.load(ds),
        { ...timing, warmup: false },
        () => peer.close(),
      );
      const after = rssOf();
      const growth =
        peer.name === 'TS CSR loop'
          ? csrGrowth(ds.csvPath)
          : before !== undefined && after !== undefined && after > before
            ? after - before
            : undefined;
      if (want('load'))
        add('load', {
          system: peer.name,
          unit: 'edges/s',
          summary: summarise(load.times.map((ms) => ds.meta.edgeCount / (ms / 1000))),
          note: 'from the CSV file, in-process',
          memory: growth,
        });
    } catch (error) {
      const why = `load failed: ${errorText(error)}`;
      for (const id of ['load', 'khop2', 'khop3', 'pagerank', 'paths'])
        add(id, { system: peer.name, unit: id === 'load' ? 'edges/s' : 'ms', unavailable: why });
      await peer.close().catch(() => undefined);
      continue;
    }
    const attempt = async (id: string, fn: () => Promise<Row>) => {
      try {
        add(id, await fn());
      } catch (error) {
        add(id, { system: peer.name, unit: 'ms', unavailable: `failed: ${errorText(error)}` });
      }
    };
    const warm: TimedOptions = { ...timing, warmup: 'steady' };
    for (const k of [2, 3]) {
      if (!want('khop')) break;
      const khop = peer.khop?.bind(peer);
      if (!khop) {
        add(`khop${k}`, { system: peer.name, unit: 'ms', unavailable: peer.unsupported.khop });
        continue;
      }
      await attempt(`khop${k}`, async () => {
        const { times, value } = await timed(() => khop(ds.meta.seeds, k), warm);
        return {
          system: peer.name,
          unit: 'ms',
          summary: summarise(times),
          check: { kind: 'counts', values: value },
        };
      });
    }
    if (want('pagerank')) {
      const pagerank = peer.pagerank?.bind(peer);
      if (!pagerank)
        add('pagerank', { system: peer.name, unit: 'ms', unavailable: peer.unsupported.pagerank });
      else
        await attempt('pagerank', async () => {
          const { times, value } = await timed(() => pagerank(10, 0.85), warm);
          return {
            system: peer.name,
            unit: 'ms',
            summary: summarise(times),
            check: pagerankChecksum(value.ids, value.scores),
          };
        });
    }
    if (want('paths')) {
      const shortest = peer.shortest?.bind(peer);
      if (!shortest)
        add('paths', { system: peer.name, unit: 'ms', unavailable: peer.unsupported.paths });
      else
        await attempt('paths', async () => {
          const { times, value } = await timed(() => shortest(ds.meta.pairs), warm);
          return {
            system: peer.name,
            unit: 'ms',
            summary: summarise(times),
            check: { kind: 'lengths', values: value },
          };
        });
    }
    for (const extra of peer.extras ?? []) {
      if (!want(extra.workload)) continue;
      await attempt(extra.workload, async () => {
        const { times, value } = await timed(() => extra.run(), warm);
        return {
          system: extra.system,
          unit: 'ms',
          summary: summarise(times),
          checkText: value,
          note: extra.note,
        };
      });
    }
    await peer.close();
  }
  return rows;
}
