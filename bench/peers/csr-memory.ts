// Child process of bench/lib/memory.ts: the CSR loop's memory. Measures this process's resident
// set, reads the edge list, builds the CSR (bench/peers/csr.ts), drops the edge list, collects
// garbage and measures again; prints both and the bytes of the CSR's arrays as JSON.
import { processMemory } from '../lib/memory.js';
import { readEdgeList } from '../data/generate.js';
import { buildCsr } from './csr.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const csvPath = process.argv[2];
if (csvPath === undefined) throw new Error('usage: csr-memory.ts <edges.csv>');
gc();
const before = processMemory(process.pid);
let list: ReturnType<typeof readEdgeList> | undefined = readEdgeList(csvPath);
const csr = buildCsr(list);
list = undefined;
gc();
const after = processMemory(process.pid);
const arrays = [csr.ids, csr.offsets, csr.targets, csr.inOffsets, csr.sources].reduce(
  (n, a) => n + a.byteLength,
  0,
);
// Keeps the CSR alive up to the measurement.
process.stdout.write(`${JSON.stringify({ before, after, arrays, vertices: csr.ids.length })}\n`);
