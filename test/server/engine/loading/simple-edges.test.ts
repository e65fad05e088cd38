// The loop that reads the lines of the simplest edge loads (loading/simple-edges.ts) leaves the
// same statistics and the same graph as the general reader, line for line: generated lines with
// every kind of line it must leave to the general reader (empty, too few tokens, empty or
// non-canonical ids, CR before the EOL, ids too long for it, lines over the length limit, a
// header), split into random chunks, are loaded once by a job it reads and once by the same job
// with USING QUOTE (which the general reader alone takes; the lines hold no quote).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runLoadingJob } from '../../../../src/server/engine/loading/run.js';
import { SimpleEdgeLines } from '../../../../src/server/engine/loading/simple-edges.js';
import { seededRandom } from '../../../helpers/random.js';
import { chunks, defineJob, dump, tempEngine, type TempEngine } from './helpers.js';

let plain: TempEngine;
let general: TempEngine;
beforeEach(async () => {
  plain = await tempEngine();
  general = await tempEngine();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await plain.dispose();
  await general.dispose();
});

/** person (STRING id) -> bag (INT id) through `placed`, its attribute left alone. */
const job = (using: string) =>
  `CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f;` +
  ` LOAD f TO EDGE placed VALUES ($0 person, $2 bag, _) USING ${using}; }`;

function lines(seed: number, n: number): string {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const person = () => pick(['p1', 'p2', 'ä', '東京', `p${Math.floor(next() * 50)}`]);
  const bag = () => String(Math.floor(next() * 80));
  const odd = [
    '',
    'p1',
    'p1,x',
    ',x,3',
    'p1,x,',
    'p1,x,007',
    'p1,x,-4',
    'p1,x,+4',
    'p1,x, 4',
    'p1,x,4x',
    'p1,x,4\r',
    'p1,x,99999999999999999999',
    `${'q'.repeat(200)},x,5`,
    `p1,${'y'.repeat(70)},5`,
    'p1,x,5,extra,tokens',
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(next() < 0.15 ? pick(odd) : `${person()},${pick(['', 'x', 'yy'])},${bag()}`);
  }
  return `${out.join('\n')}${next() < 0.5 ? '\n' : ''}`;
}

function split(text: string, seed: number): Uint8Array[] {
  const bytes = Buffer.from(text);
  const next = seededRandom(seed);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(next() * 300);
    parts.push(bytes.subarray(at, at + size));
    at += size;
  }
  return parts;
}

describe('simple edge lines', () => {
  for (const [seed, header, maxLineLength] of [
    [1, false, undefined],
    [2, true, undefined],
    [3, false, 60],
  ] as const) {
    it(`count and load as the general reader does (seed ${seed})`, async () => {
      const using = `SEPARATOR=","${header ? ', HEADER="true"' : ''}`;
      await defineJob(plain.engine, 'j', job(using));
      await defineJob(general.engine, 'j', job(`${using}, QUOTE="double"`));
      const text = (header ? 'who,what,bag\n' : '') + lines(seed, 3000);
      const run = (temp: TempEngine) =>
        runLoadingJob(
          temp.engine,
          'social',
          'j',
          { filename: 'f', batchSize: 700, ...(maxLineLength ? { maxLineLength } : {}) },
          chunks(split(text, seed)),
        );
      const read = vi.spyOn(SimpleEdgeLines.prototype, 'read');
      const expected = await run(general);
      expect(read).not.toHaveBeenCalled();
      const actual = await run(plain);
      // The loop read lines (the odd ones it left to the general reader).
      const reads = read.mock.calls.filter(([, from], i) => {
        const to = read.mock.results[i]?.value as number;
        return to > from;
      });
      expect(reads.length).toBeGreaterThan(100);
      expect(actual).toEqual(expected);
      const stats = expected[0]?.statistics as { validLine: number; rejectLine: number };
      expect(stats.validLine).toBeGreaterThan(2000);
      expect(stats.rejectLine).toBeGreaterThan(0);
      expect(dump(plain.engine)).toEqual(dump(general.engine));
    });
  }
});
