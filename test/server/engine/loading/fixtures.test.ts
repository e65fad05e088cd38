// Runs the loading fixtures of cases.ts: each job is stored in a fresh engine's catalog, its
// input loaded through runLoadingJob, and the statistics and the resulting data compared.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLoadingJob } from '../../../../src/server/engine/loading/run.js';
import { cases } from './cases.js';
import { chunks, defineJob, dump, tempEngine, type TempEngine } from './helpers.js';

let temp: TempEngine;
beforeEach(async () => {
  temp = await tempEngine();
});
afterEach(async () => {
  await temp.dispose();
});

describe('loading fixtures', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const engine = temp.engine;
      await defineJob(engine, 'j', `CREATE LOADING JOB j FOR GRAPH social { ${c.body} }`);
      const [result, ...rest] = await runLoadingJob(
        engine,
        'social',
        'j',
        { filename: 'f', ...c.options },
        chunks([c.input]),
      );
      expect(rest).toEqual([]);
      expect(result).toEqual({ sourceFileName: 'Online_POST', statistics: c.statistics });
      const data = dump(engine);
      for (const [type, expected] of Object.entries(c.data?.vertices ?? {})) {
        expect(data.vertices[type], `vertices of ${type}`).toEqual(expected);
      }
      for (const [type, expected] of Object.entries(c.data?.edges ?? {})) {
        expect(data.edges[type], `edges of ${type}`).toEqual(expected);
      }
    });
  }
});
