// Command-line flags of `npm run bench`: --quick, --size S|M|L (--large), --only <w,...>,
// --runs N, --profile, --in-process, --ldbc-scale N (the LDBC generator's scale), --out FILE
// (where the report goes instead of bench/results/latest.md), --peers <p,...> (which peers run).
import type { SizeName } from './data/generate.js';

export const workloadIds = [
  'load',
  'upsert',
  'lookup',
  'khop',
  'pagerank',
  'paths',
  'interpret',
  'parse',
  'ldbc',
  'restart',
] as const;
export type WorkloadId = (typeof workloadIds)[number];

export const peerIds = ['csr', 'graphology', 'kuzu', 'duckdb'] as const;
export type PeerId = (typeof peerIds)[number];

export interface Flags {
  readonly quick: boolean;
  readonly size: SizeName;
  readonly only: ReadonlySet<WorkloadId>;
  /** The peers that run (all by default; e.g. graphology alone takes an hour at size L). */
  readonly peers: ReadonlySet<PeerId>;
  readonly runs: number;
  readonly profile: boolean;
  readonly inProcess: boolean;
  /** Scale of the LDBC row's generated data: about 3,300 vertices and 22,000 edges per unit. */
  readonly ldbcScale: number;
  /** The report file; bench/results/latest.md when absent. */
  readonly out?: string;
}

/** The LDBC scale per bench size: a few hundred thousand vertices at M (and at L: the LDBC row
 * is about the queries, not memory). */
const ldbcScales: Record<SizeName, number> = { S: 5, M: 100, L: 100 };

export function parseFlags(argv: readonly string[]): Flags {
  let quick = false;
  let size: SizeName | undefined;
  let runs: number | undefined;
  let profile = false;
  let inProcess = false;
  let ldbcScale: number | undefined;
  let out: string | undefined;
  const only = new Set<WorkloadId>();
  const peers = new Set<PeerId>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--quick') quick = true;
    else if (arg === '--large') size = 'L';
    else if (arg === '--profile') profile = true;
    else if (arg === '--in-process') inProcess = true;
    else if (arg === '--size') {
      const v = value().toUpperCase();
      if (v !== 'S' && v !== 'M' && v !== 'L') throw new Error(`--size: S, M or L, not ${v}`);
      size = v;
    } else if (arg === '--runs') runs = Number(value());
    else if (arg === '--ldbc-scale') {
      ldbcScale = Number(value());
      if (!(ldbcScale > 0)) throw new Error(`--ldbc-scale: a positive number`);
    } else if (arg === '--out') out = value();
    else if (arg === '--only') {
      for (const w of value().split(',')) {
        if (!(workloadIds as readonly string[]).includes(w))
          throw new Error(`--only: one of ${workloadIds.join(', ')}, not ${w}`);
        only.add(w as WorkloadId);
      }
    } else if (arg === '--peers') {
      for (const p of value().split(',')) {
        if (!(peerIds as readonly string[]).includes(p))
          throw new Error(`--peers: one of ${peerIds.join(', ')}, not ${p}`);
        peers.add(p as PeerId);
      }
    } else throw new Error(`unknown flag ${arg}`);
  }
  const sized = size ?? (quick ? 'S' : 'M');
  return {
    quick,
    size: sized,
    only: only.size > 0 ? only : new Set(workloadIds),
    peers: peers.size > 0 ? peers : new Set(peerIds),
    runs: runs ?? (quick ? 3 : 5),
    profile,
    inProcess,
    ldbcScale: ldbcScale ?? ldbcScales[sized],
    ...(out === undefined ? {} : { out }),
  };
}
