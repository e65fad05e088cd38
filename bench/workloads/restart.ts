// Restart of the embedded service with the graph loaded: a clean stop (its close writes the
// checkpoint) and a start on the same data folder, timed from the start until it listens; the
// server's own log line says how long reading the checkpoint back took and how many log entries
// it replayed after it. The row's figure is that read (and replay) time per million edges: the
// rest of a start (the process, loading its modules, opening the store) does not grow with the
// graph, and the note gives it as the whole start until the server listens. The memory
// section compares the server's resident memory per edge (after loading and after the restart)
// with the CSR loop's.
import { summarise } from '../lib/measure.js';
import { csrMemory, mib, processMemory, type ProcessMemory } from '../lib/memory.js';
import { embeddedSystem, type Row } from '../lib/report.js';
import { unavailableRow, type EmbeddedContext } from './embedded.js';

const opened =
  /graph read from (.*?) \(([^)]*)\) in (\d+) ms, then ([\d,]+) log entries after sequence \d+ replayed in (\d+) ms/;

const perMillion = (ms: number, edges: number) => (ms / edges) * 1e6;
const fixed = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toPrecision(3));

/** Restarts the service `runs` times; the row's figure is read ms per million edges. */
export async function restartWorkload(ctx: EmbeddedContext, runs: number): Promise<Row> {
  const edges = ctx.ds.meta.edgeCount;
  try {
    const starts: number[] = [];
    const reads: number[] = [];
    let first: { closeMs: number; replayed: string; source: string } | undefined;
    for (let i = 0; i < runs; i++) {
      const restart = await ctx.service.restart();
      const found = opened.exec(restart.log);
      if (!found) throw new Error(`the server did not say how it read the graph: ${restart.log}`);
      starts.push(restart.startMs);
      reads.push(Number(found[3]) + Number(found[5]));
      first ??= {
        closeMs: restart.closeMs,
        replayed: found[4] ?? '?',
        source: /checkpoint /.test(found[1] ?? '') ? 'its checkpoint' : (found[1] ?? '?'),
      };
    }
    const read = summarise(reads).median;
    const start = summarise(starts).median;
    return {
      system: embeddedSystem,
      unit: 'ms',
      summary: summarise(reads.map((ms) => perMillion(ms, edges))),
      checkText: `edges=${edges}`,
      note:
        `graph read back from ${first?.source ?? '?'} (then ${first?.replayed ?? '?'} log ` +
        `entries replayed) in ${fixed(read)} ms; the whole start, from spawning gwb serve ` +
        `until it listens, ${fixed(start)} ms; the stop before the first start (writing the ` +
        `checkpoint) ${fixed(first?.closeMs ?? NaN)} ms`,
    };
  } catch (error) {
    return unavailableRow('ms', error);
  }
}

/** Resident memory of the service at some point, for the memory section. */
export interface MemoryPoint {
  readonly label: string;
  readonly memory: ProcessMemory;
}

/**
 * The memory section: the server's memory after loading and after restarting, each less the
 * empty service's, per edge; beside it the CSR loop's (a child process: after building less
 * before reading).
 */
export function memorySection(
  empty: ProcessMemory | undefined,
  points: readonly MemoryPoint[],
  csvPath: string,
  edges: number,
): string[] {
  const perEdge = (bytes: number) => `${(bytes / edges).toFixed(1)}`;
  const lines = [
    '| process | RSS | anonymous | file-mapped | RSS growth | bytes per edge |',
    '|---|---|---|---|---|---|',
  ];
  const row = (label: string, m: ProcessMemory, base: ProcessMemory) =>
    `| ${label} | ${mib(m.rss)} | ${mib(m.anon)} | ${mib(m.file)} | ${mib(m.rss - base.rss)} | ${perEdge(m.rss - base.rss)} |`;
  if (empty) {
    lines.push(row('gwb serve, empty (schema only)', empty, empty));
    for (const p of points) lines.push(row(p.label, p.memory, empty));
  }
  let csrNote = '';
  try {
    const csr = csrMemory(csvPath);
    lines.push(row('TS CSR loop (own process, after building)', csr.after, csr.before));
    csrNote = `; its typed arrays alone are ${perEdge(csr.arrays)} bytes per edge`;
  } catch (error) {
    csrNote = `; the CSR loop's memory could not be measured: ${String(error)}`;
  }
  return [
    ...lines,
    '',
    `Bytes per edge: RSS growth over the empty process divided by ${edges.toLocaleString('en-US')} edges${csrNote}. ` +
      'Anonymous memory is the heap and typed arrays; file-mapped pages are code and, for ' +
      'gwb serve, the pages of its lmdb log it touched (the kernel can drop them).',
  ];
}

/** The service's memory now, labelled (undefined where /proc is unreadable). */
export function memoryPoint(ctx: EmbeddedContext, label: string): MemoryPoint | undefined {
  const memory = processMemory(ctx.service.pid);
  return memory && { label, memory };
}
