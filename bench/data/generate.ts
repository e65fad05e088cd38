// R-MAT power-law graph generator with a fixed seed (own splitmix64-style PRNG, no Math.random):
// deduplicated directed edges without self-loops, written as `src,dst` CSV under bench/data/ with
// a JSON sidecar naming the seeds of the k-hop workload and the pairs of the path workload.
// Files are regenerated when missing or when the generator version changes.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const dataDir = dirname(fileURLToPath(import.meta.url));
const generatorVersion = 2;

export type SizeName = 'S' | 'M' | 'L';

export interface GraphSpec {
  readonly name: string;
  /** Vertex id space: ids are 0..vertices-1 (only ids on an edge exist in the graph). */
  readonly vertices: number;
  readonly edges: number;
  readonly seed: number;
  /** How many k-hop seeds and shortest-path pairs to pick. */
  readonly seedCount?: number;
  readonly pairCount?: number;
}

export const sizes: Record<SizeName, GraphSpec> = {
  S: { name: 'rmat-S', vertices: 10_000, edges: 100_000, seed: 42 },
  M: { name: 'rmat-M', vertices: 100_000, edges: 1_000_000, seed: 42 },
  L: { name: 'rmat-L', vertices: 1_000_000, edges: 10_000_000, seed: 42 },
};

export interface DatasetMeta {
  readonly version: number;
  readonly spec: GraphSpec;
  /** Distinct vertex ids that occur on an edge. */
  readonly vertexCount: number;
  readonly edgeCount: number;
  /** k-hop start vertices (each has out-edges). */
  readonly seeds: readonly number[];
  /** Shortest-path [source, target] pairs. */
  readonly pairs: readonly (readonly [number, number])[];
}

export interface Dataset {
  readonly name: string;
  readonly csvPath: string;
  readonly meta: DatasetMeta;
}

/** A small fast PRNG (splitmix32 over a 32-bit state): deterministic for a seed. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uint32. */
  nextU32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
}

export interface EdgeList {
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
}

/**
 * R-MAT (Chakrabarti et al.) with a = 0.57, b = 0.19, c = 0.19, d = 0.05 and a little noise per
 * level; ids outside 0..vertices-1 are redrawn, then a fixed random permutation spreads the hubs
 * over the id space. Duplicate edges and self-loops are dropped until `edges` distinct remain.
 */
export function generateRmat(spec: GraphSpec): EdgeList {
  const { vertices, edges } = spec;
  if (edges > vertices * (vertices - 1)) throw new Error(`${spec.name}: too many edges`);
  const rng = new Prng(spec.seed);
  const scale = Math.max(1, Math.ceil(Math.log2(vertices)));
  const perm = new Uint32Array(vertices);
  for (let i = 0; i < vertices; i++) perm[i] = i;
  for (let i = vertices - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = perm[i] ?? 0;
    perm[i] = perm[j] ?? 0;
    perm[j] = t;
  }
  // Edges seen so far: an open-addressing set of edge indexes + 1 (a Set of 10M numbers at L
  // takes most of a minute and over a gigabyte).
  let capacity = 16;
  while (capacity < edges * 2) capacity *= 2;
  const seen = new Int32Array(capacity);
  const mask = capacity - 1;
  const src = new Uint32Array(edges);
  const dst = new Uint32Array(edges);
  let count = 0;
  while (count < edges) {
    let u = 0;
    let v = 0;
    for (let level = 0; level < scale; level++) {
      const noise = 0.95 + 0.1 * rng.next();
      const a = 0.57 * noise;
      const b = 0.19 * noise;
      const c = 0.19 * noise;
      const r = rng.next() * (a + b + c + 0.05 * (2 - noise));
      u <<= 1;
      v <<= 1;
      if (r < a) continue;
      if (r < a + b) v |= 1;
      else if (r < a + b + c) u |= 1;
      else {
        u |= 1;
        v |= 1;
      }
    }
    if (u >= vertices || v >= vertices || u === v) continue;
    const s = perm[u] ?? 0;
    const t = perm[v] ?? 0;
    let at = (Math.imul(s, 0x9e3779b1) ^ Math.imul(t, 0x85ebca77)) & mask;
    let duplicate = false;
    for (let e = seen[at] as number; e !== 0; at = (at + 1) & mask, e = seen[at] as number) {
      if (src[e - 1] === s && dst[e - 1] === t) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) continue;
    seen[at] = count + 1;
    src[count] = s;
    dst[count] = t;
    count++;
  }
  return { src, dst };
}

/** Picks the k-hop seeds (vertices with out-edges) and path pairs, deterministically. */
export function pickWorkloadVertices(
  spec: GraphSpec,
  list: EdgeList,
): Pick<DatasetMeta, 'vertexCount' | 'seeds' | 'pairs'> {
  const out = new Uint8Array(spec.vertices);
  const present = new Uint8Array(spec.vertices);
  for (let i = 0; i < list.src.length; i++) {
    const s = list.src[i] ?? 0;
    const t = list.dst[i] ?? 0;
    out[s] = 1;
    present[s] = 1;
    present[t] = 1;
  }
  const sources: number[] = [];
  const all: number[] = [];
  for (let v = 0; v < spec.vertices; v++) {
    if (out[v]) sources.push(v);
    if (present[v]) all.push(v);
  }
  const rng = new Prng(spec.seed ^ 0x5eed);
  const distinct = (pool: number[], n: number): number[] => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, pool.length)) chosen.add(pool[rng.below(pool.length)] ?? 0);
    return [...chosen];
  };
  const seeds = distinct(sources, spec.seedCount ?? 100);
  const pairs: [number, number][] = [];
  for (let i = 0; i < (spec.pairCount ?? 20); i++) {
    const s = sources[rng.below(sources.length)] ?? 0;
    let t = all[rng.below(all.length)] ?? 0;
    if (t === s) t = all[(all.indexOf(t) + 1) % all.length] ?? 0;
    pairs.push([s, t]);
  }
  return { vertexCount: all.length, seeds, pairs };
}

/** Writes `src,dst` lines, a block of lines at a time (no string of the whole file). */
function writeCsv(path: string, list: EdgeList): void {
  const fd = openSync(path, 'w');
  try {
    const block = 100_000;
    for (let from = 0; from < list.src.length; from += block) {
      let text = '';
      for (let i = from; i < Math.min(list.src.length, from + block); i++)
        text += `${list.src[i]},${list.dst[i]}\n`;
      writeSync(fd, text);
    }
  } finally {
    closeSync(fd);
  }
}

/** Writes `<dir>/<name>.csv` and `<dir>/<name>.json`; answers the dataset. */
export function writeDataset(spec: GraphSpec, dir: string = dataDir): Dataset {
  const list = generateRmat(spec);
  const meta: DatasetMeta = {
    version: generatorVersion,
    spec,
    edgeCount: list.src.length,
    ...pickWorkloadVertices(spec, list),
  };
  mkdirSync(dir, { recursive: true });
  const csvPath = join(dir, `${spec.name}.csv`);
  writeCsv(csvPath, list);
  writeFileSync(join(dir, `${spec.name}.json`), JSON.stringify(meta) + '\n');
  return { name: spec.name, csvPath, meta };
}

/** The dataset for a spec: read from disk when present and current, generated otherwise. */
export function ensureDataset(spec: GraphSpec, dir: string = dataDir): Dataset {
  const csvPath = join(dir, `${spec.name}.csv`);
  const metaPath = join(dir, `${spec.name}.json`);
  if (existsSync(csvPath) && existsSync(metaPath)) {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as DatasetMeta;
    if (meta.version === generatorVersion && JSON.stringify(meta.spec) === JSON.stringify(spec))
      return { name: spec.name, csvPath, meta };
  }
  return writeDataset(spec, dir);
}

/** Reads a dataset's CSV back into typed arrays (every peer starts from the same file). */
export function readEdgeList(csvPath: string): EdgeList {
  const text = readFileSync(csvPath, 'latin1');
  let lines = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  const src = new Uint32Array(lines);
  const dst = new Uint32Array(lines);
  let n = 0;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 44) {
      src[n] = value;
      value = 0;
    } else if (ch === 10) {
      dst[n++] = value;
      value = 0;
    } else if (ch !== 13) value = value * 10 + (ch - 48);
  }
  return { src, dst };
}

/**
 * The demo graph: the repository has none yet (no demo data under src/, test/ or scripts/), so
 * there is nothing to write; this answers undefined and the report says so.
 */
export function demoGraph(): undefined {
  return undefined;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const wanted = (process.argv.slice(2).filter((a) => /^[SML]$/.test(a)) as SizeName[]) ?? [];
  for (const size of wanted.length > 0 ? wanted : (['S', 'M'] as SizeName[])) {
    const start = performance.now();
    const ds = writeDataset(sizes[size]);
    const ms = performance.now() - start;
    console.log(
      `${ds.csvPath}: ${ds.meta.vertexCount} vertices, ${ds.meta.edgeCount} edges (${ms.toFixed(0)} ms)`,
    );
  }
}
