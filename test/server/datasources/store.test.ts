// Data sources at rest: the secret values never reach the data folder in clear, come back after
// a restart, and are shown empty; the grant rules decide which graph may use a source.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataSourceError } from '../../../src/server/datasources/errors.js';
import {
  addSource,
  dataSourceStore,
  grant,
  openConfig,
  sourceJson,
  sourceRecord,
  usableSource,
} from '../../../src/server/datasources/store.js';
import { Engine } from '../../../src/server/engine/engine.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const secret = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

describe('data sources at rest', () => {
  it('seals secrets in the log of record and opens them after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gwb-ds-'));
    dirs.push(dir);
    const engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
    const config = { type: 's3', 'access.key': 'AKIAEXAMPLE', 'secret.key': secret };
    await dataSourceStore(engine).update((all) => ({
      next: addSource(all, sourceRecord(dir, 'src', null, config, undefined)),
      result: undefined,
    }));
    await engine.close();
    for (const file of filesUnder(dir)) {
      expect(readFileSync(file).includes(Buffer.from(secret))).toBe(false);
    }
    const reopened = await Engine.open({ dir, rebuildIntervalMs: 0 });
    try {
      const [stored] = dataSourceStore(reopened).current;
      expect(stored).toBeDefined();
      if (!stored) return;
      expect(openConfig(dir, stored)['secret.key']).toBe(secret);
      expect(sourceJson(stored).content).toEqual({
        type: 's3',
        'access.key': 'AKIAEXAMPLE',
        'secret.key': '',
      });
    } finally {
      await reopened.close();
    }
  });

  it('lets a graph use its own sources and the global ones granted to it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gwb-ds-'));
    dirs.push(dir);
    const kafka = { type: 'kafka', broker: 'k:9092' };
    let all = addSource([], sourceRecord(dir, 'global_k', null, kafka, undefined));
    all = addSource(all, sourceRecord(dir, 'local_k', 'g1', kafka, undefined));
    expect(usableSource(all, 'g1', 'local_k').graph).toBe('g1');
    expect(() => usableSource(all, 'g2', 'local_k')).toThrow(DataSourceError);
    expect(() => usableSource(all, 'g1', 'global_k')).toThrow(/not granted/);
    all = grant(all, 'global_k', ['g1'], true);
    expect(usableSource(all, 'g1', 'global_k').name).toBe('global_k');
    all = grant(all, 'global_k', ['g1'], false);
    expect(() => usableSource(all, 'g1', 'global_k')).toThrow(/not granted/);
    expect(() => grant(all, 'local_k', ['g2'], true)).toThrow(/only global sources/);
  });
});
