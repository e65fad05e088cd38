// Local files for RUN LOADING JOB: only regular files inside the allowed folders (after symlinks),
// relative paths against the first folder; files stream through the job; the registry runs jobs
// in the background with the spec's ids and status shape, pause/resume and abort.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  resolveAllowedFile,
  runLoadingJobOnFiles,
} from '../../../../src/server/engine/loading/files.js';
import { LoadingJobRegistry } from '../../../../src/server/engine/loading/jobs-registry.js';
import { defineJob, dump, stats, tempEngine, type TempEngine } from './helpers.js';

let temp: TempEngine;
let root: string;
let allowed: string;
beforeEach(async () => {
  temp = await tempEngine();
  root = mkdtempSync(join(tmpdir(), 'gwb-files-'));
  allowed = join(root, 'allowed');
  mkdirSync(join(allowed, 'sub'), { recursive: true });
  writeFileSync(join(allowed, 'people.csv'), 'ann,Ann\nbob,Bob\n');
  writeFileSync(join(allowed, 'sub', 'posts.csv'), 'p1,Hello\n');
  writeFileSync(join(root, 'secret.csv'), 'x,y\n');
  symlinkSync(join(root, 'secret.csv'), join(allowed, 'escape.csv'));
  symlinkSync(join(allowed, 'people.csv'), join(allowed, 'alias.csv'));
});
afterEach(async () => {
  await temp.dispose();
  rmSync(root, { recursive: true, force: true });
});

const job =
  'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f; DEFINE FILENAME g = "sub/posts.csv";' +
  ' LOAD f TO VERTEX person VALUES ($0, $1, _, _); LOAD g TO VERTEX post VALUES ($0, $1, _); }';

describe('resolveAllowedFile', () => {
  it('accepts regular files inside the folder, relative or absolute, through symlinks inside', async () => {
    const real = join(allowed, 'people.csv');
    expect(await resolveAllowedFile('people.csv', [allowed])).toBe(real);
    expect(await resolveAllowedFile(real, [allowed])).toBe(real);
    expect(await resolveAllowedFile('alias.csv', [allowed])).toBe(real);
    expect(await resolveAllowedFile('sub/../people.csv', [allowed])).toBe(real);
  });

  it.each([
    ['../secret.csv', 'outside the allowed folders'],
    ['escape.csv', 'outside the allowed folders'],
    ['sub', 'not a regular file'],
    ['missing.csv', 'no such file'],
    ['', 'not a valid path'],
  ])('refuses %j (%s)', async (path, reason) => {
    await expect(resolveAllowedFile(path, [allowed])).rejects.toMatchObject({
      code: 'LOADING-FILE',
      message: expect.stringContaining(reason) as unknown,
    });
  });

  it('accepts a second allowed folder for absolute paths', async () => {
    const real = join(root, 'secret.csv');
    expect(await resolveAllowedFile(real, [allowed, root])).toBe(real);
  });
});

describe('runLoadingJobOnFiles', () => {
  it('streams each file through its variable; defaults come from DEFINE FILENAME', async () => {
    await defineJob(temp.engine, 'j', job);
    const results = await runLoadingJobOnFiles(
      temp.engine,
      'social',
      'j',
      { f: 'people.csv' },
      { allowedDirs: [allowed] },
    );
    expect(results).toEqual([
      {
        sourceFileName: 'people.csv',
        statistics: stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
      },
    ]);
    const all = await runLoadingJobOnFiles(
      temp.engine,
      'social',
      'j',
      {},
      { allowedDirs: [allowed] },
    );
    expect(all.map((r) => r.sourceFileName)).toEqual(['sub/posts.csv']);
    expect(Object.keys(dump(temp.engine).vertices)).toEqual(['person', 'post']);
  });

  it('loads nothing when one of the files is refused', async () => {
    await defineJob(temp.engine, 'j', job);
    await expect(
      runLoadingJobOnFiles(
        temp.engine,
        'social',
        'j',
        { f: 'people.csv', g: '../secret.csv' },
        { allowedDirs: [allowed] },
      ),
    ).rejects.toMatchObject({ code: 'LOADING-FILE' });
    expect(dump(temp.engine).vertices).toEqual({});
  });
});

describe('LoadingJobRegistry', () => {
  it('runs a job in the background and reports the spec status shape', async () => {
    await defineJob(temp.engine, 'j', job);
    const registry = new LoadingJobRegistry(() => 1_700_000_000_000);
    const id = await registry.start(
      temp.engine,
      'social',
      'j',
      { f: 'people.csv' },
      {
        allowedDirs: [allowed],
      },
    );
    expect(id).toBe('social.j.file.m1.1700000000000');
    await registry.wait(id);
    const status = registry.status(id);
    expect(Object.keys(status?.overall ?? {})).toEqual([
      'averageSpeed',
      'currentSpeed',
      'duration',
      'endTime',
      'id',
      'progress',
      'size',
      'startTime',
      'status',
      'statistics',
    ]);
    expect(status).toMatchObject({
      overall: {
        id,
        progress: 1,
        size: 16,
        status: 'FINISHED',
        statistics: {
          fileLevel: { validLine: 2 },
          objectLevel: {
            vertex: [{ invalidAttribute: 0, noIdFound: 0, typeName: 'person', validObject: 2 }],
          },
        },
      },
      workers: [{ tasks: [{ filename: 'f' }] }],
    });
    // A second job started in the same millisecond still gets its own id.
    const next = await registry.start(temp.engine, 'social', 'j', {}, { allowedDirs: [allowed] });
    expect(next).toBe('social.j.file.m1.1700000000001');
    await registry.wait(next);
  });

  it('pauses, resumes and aborts', async () => {
    await defineJob(temp.engine, 'j', job);
    const lines = Array.from({ length: 5000 }, (_, i) => `p${i},P${i}`).join('\n');
    writeFileSync(join(allowed, 'many.csv'), lines);
    const registry = new LoadingJobRegistry();
    const start = () =>
      registry.start(
        temp.engine,
        'social',
        'j',
        { f: 'many.csv' },
        {
          allowedDirs: [allowed],
          batchSize: 100,
        },
      );
    const paused = await start();
    expect(registry.abort('social', [paused], true)).toEqual([paused]);
    expect(registry.status(paused)?.overall.status).toBe('PAUSED');
    await new Promise((r) => setTimeout(r, 50));
    expect(registry.status(paused)?.overall.status).toBe('PAUSED');
    expect(registry.resume(paused)).toBe(true);
    await registry.wait(paused);
    expect(registry.status(paused)?.overall.statistics.fileLevel.validLine).toBe(5000);

    const aborted = await start();
    expect(registry.abort('other-graph', [aborted])).toEqual([]);
    expect(registry.abort('social', [aborted])).toEqual([aborted]);
    await registry.wait(aborted);
    expect(registry.status(aborted)?.overall.status).toBe('ABORTED');
    expect(registry.resume(aborted)).toBe(false);
  });
});
