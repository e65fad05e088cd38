// Command-line flags of `npm run bench`: --quick, --size S|M|L (--large), --only <w,...>,
// --runs N, --profile, --in-process.
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
] as const;
export type WorkloadId = (typeof workloadIds)[number];

export interface Flags {
  readonly quick: boolean;
  readonly size: SizeName;
  readonly only: ReadonlySet<WorkloadId>;
  readonly runs: number;
  readonly profile: boolean;
  readonly inProcess: boolean;
}

export function parseFlags(argv: readonly string[]): Flags {
  let quick = false;
  let size: SizeName | undefined;
  let runs: number | undefined;
  let profile = false;
  let inProcess = false;
  const only = new Set<WorkloadId>();
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
    else if (arg === '--only') {
      for (const w of value().split(',')) {
        if (!(workloadIds as readonly string[]).includes(w))
          throw new Error(`--only: one of ${workloadIds.join(', ')}, not ${w}`);
        only.add(w as WorkloadId);
      }
    } else throw new Error(`unknown flag ${arg}`);
  }
  return {
    quick,
    size: size ?? (quick ? 'S' : 'M'),
    only: only.size > 0 ? only : new Set(workloadIds),
    runs: runs ?? (quick ? 3 : 5),
    profile,
    inProcess,
  };
}
