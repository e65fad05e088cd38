// The report: one markdown table per workload (system, median, min, max, unit, speed relative
// to the embedded service, checksum, notes), checksum agreement against the reference row, the
// machine line, and the target lines of the issue.
import { cpus } from 'node:os';
import type { SizeName } from '../data/generate.js';
import { agree, describe, type Checksum } from './checksum.js';
import type { Summary } from './measure.js';

export const embeddedSystem = 'gwb serve (embedded)';

export type Unit = 'ms' | 'edges/s' | 'req/s' | 'lines/s';

export interface Row {
  readonly system: string;
  readonly unit: Unit;
  readonly summary?: Summary;
  /** Comparable answer; checked against the table's reference row. */
  readonly check?: Checksum;
  /** Shown as the checksum when there is no comparable answer. */
  readonly checkText?: string;
  /** Why the system has no figure (e.g. "not available yet (501: ...)"). */
  readonly unavailable?: string;
  readonly note?: string;
  /** RSS growth, bytes. */
  readonly memory?: number;
  /** Peak RSS growth while loading (bytes) and the bytes loaded: memory per loaded byte. */
  readonly peakMemory?: number;
  readonly loadedBytes?: number;
  /** The dataset size, when not the run's own (e.g. interpret measured on S, M and L). */
  readonly size?: SizeName;
}

export interface Table {
  readonly id: string;
  readonly title: string;
  readonly rows: Row[];
  readonly notes: string[];
}

const higherIsBetter = (unit: Unit) => unit !== 'ms';

function num(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '—';
  if (unit === 'ms') return value >= 100 ? value.toFixed(0) : value.toPrecision(3);
  return Math.round(value).toLocaleString('en-US');
}

function mb(bytes: number | undefined): string {
  return bytes === undefined ? '' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** Speed relative to the embedded service: > 1 means faster than it. */
export function speedVsEmbedded(row: Row, embedded: Row | undefined): number | undefined {
  const a = row.summary?.median;
  const b = embedded?.summary?.median;
  if (a === undefined || b === undefined || !(a > 0) || !(b > 0)) return undefined;
  return higherIsBetter(row.unit) ? a / b : b / a;
}

/** The first row with a comparable checksum is the reference (the CSR loop, listed first). */
export function mismatches(table: Table): string[] {
  const reference = table.rows.find((r) => r.check !== undefined && r.unavailable === undefined);
  if (!reference?.check) return [];
  const out: string[] = [];
  for (const row of table.rows) {
    if (row === reference || !row.check) continue;
    if (!agree(reference.check, row.check))
      out.push(
        `${table.title}: ${row.system} answers ${describe(row.check)}, ${reference.system} ${describe(reference.check)}`,
      );
  }
  return out;
}

export function renderTable(table: Table): string {
  const embedded = table.rows.find((r) => r.system === embeddedSystem && r.summary);
  const reference = table.rows.find((r) => r.check !== undefined && r.unavailable === undefined);
  const withMemory = table.rows.some((r) => r.memory !== undefined);
  const head = ['system', 'median', 'min', 'max', 'unit', 'runs', 'vs embedded', 'checksum'];
  if (withMemory) head.push('RSS +');
  head.push('notes');
  const lines = [
    `### ${table.title}`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
  ];
  for (const row of table.rows) {
    const s = row.summary;
    const ratio = speedVsEmbedded(row, embedded);
    let check = row.check ? describe(row.check) : (row.checkText ?? '');
    if (row.check && reference?.check && row !== reference)
      check += agree(reference.check, row.check) ? ' ✓' : ' **MISMATCH**';
    const system = row.size ? `${row.system}, size ${row.size}` : row.system;
    const cells = s
      ? [
          system,
          num(s.median, row.unit),
          num(s.min, row.unit),
          num(s.max, row.unit),
          row.unit,
          String(s.runs),
          ratio === undefined ? '—' : `${ratio.toFixed(2)}x`,
          check,
        ]
      : [system, '—', '—', '—', row.unit, '0', '—', check];
    if (withMemory) cells.push(mb(row.memory));
    cells.push([row.unavailable, row.note].filter((x) => x).join('; '));
    lines.push(
      `| ${cells.map((c) => c.replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`,
    );
  }
  for (const note of table.notes) lines.push('', note);
  return lines.join('\n');
}

export function machineLine(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  return `Machine: ${model}, ${cpu.length} cores, Node ${process.version}, ${process.platform}/${process.arch}`;
}
