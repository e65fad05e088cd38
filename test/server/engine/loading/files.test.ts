// Local files for RUN LOADING JOB: only regular files inside the allowed folders (after symlinks),
// relative paths against the first folder; files stream through the job; the registry runs jobs
// in the background with the spec's ids and status shape, pause/resume and abort.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  localPaths,
  resolveAllowedFile,
  resolveAllowedFiles,
  runLoadingJobOnFiles,
} from '../../../../src/server/engine/loading/files.js';
import { LoadingJobRegistry } from '../../../../src/server/engine/loading/jobs-registry.js';
import { ShellSession } from '../../../../src/server/engine/shell/session.js';
import { shellServices } from '../../../../src/server/handlers/shell-services.js';
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

describe('resolveAllowedFiles: folders and cluster prefixes', () => {
  it('reads ALL:, ANY: and machine lists as the paths of this machine (m1)', () => {
    expect(localPaths('ANY:/data/graph.csv')).toEqual(['/data/graph.csv']);
    expect(localPaths('all:rel/graph.csv')).toEqual(['rel/graph.csv']);
    expect(localPaths('m1:/data1.csv, m2|m3|m1:/data/data2.csv, m4:/x.csv')).toEqual([
      '/data1.csv',
      '/data/data2.csv',
    ]);
    expect(localPaths('plain/file.csv')).toEqual(['plain/file.csv']);
    expect(() => localPaths('m2:/data1.csv')).toThrow(/no path for m1/);
  });

  it('expands a folder to its non-hidden regular files in name order', async () => {
    const folder = join(allowed, 'parts');
    mkdirSync(join(folder, 'nested'), { recursive: true });
    writeFileSync(join(folder, 'part-00001.csv'), 'b\n');
    writeFileSync(join(folder, 'part-00000.csv'), 'a\n');
    writeFileSync(join(folder, '.hidden.crc'), 'x\n');
    writeFileSync(join(folder, 'nested', 'deeper.csv'), 'y\n');
    const expected = [join(folder, 'part-00000.csv'), join(folder, 'part-00001.csv')];
    expect(await resolveAllowedFiles('parts', [allowed])).toEqual(expected);
    expect(await resolveAllowedFiles(`ANY:${folder}`, [allowed])).toEqual(expected);
  });

  it.each([
    ['ANY:../secret.csv', 'outside the allowed folders'],
    ['ANY:', 'not a valid path'],
    ['m1:/nowhere.csv, m2:/b.csv', 'no such file'],
  ])('refuses %j (%s)', async (path, reason) => {
    await expect(resolveAllowedFiles(path, [allowed])).rejects.toMatchObject({
      code: 'LOADING-FILE',
      message: expect.stringContaining(reason) as unknown,
    });
  });

  it('refuses a folder with nothing to load', async () => {
    mkdirSync(join(allowed, 'empty'));
    await expect(resolveAllowedFiles('empty', [allowed])).rejects.toMatchObject({
      code: 'LOADING-FILE',
      message: expect.stringContaining('no files to load') as unknown,
    });
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

  it('loads every file of a folder, each with its own statistics and its header', async () => {
    await defineJob(
      temp.engine,
      'h',
      'CREATE LOADING JOB h FOR GRAPH social { DEFINE FILENAME f;' +
        ' LOAD f TO VERTEX person VALUES ($1, $0, _, _) USING header="true", separator="|"; }',
    );
    const folder = join(allowed, 'Person');
    mkdirSync(folder);
    writeFileSync(join(folder, 'part-00000.csv'), 'name|id\nAnn|ann\nBob|bob\n');
    writeFileSync(join(folder, 'part-00001.csv'), 'name|id\nCid|cid\n');
    const results = await runLoadingJobOnFiles(
      temp.engine,
      'social',
      'h',
      { f: `ANY:${folder}` },
      { allowedDirs: [allowed] },
    );
    expect(results.map((r) => r.sourceFileName)).toEqual([
      join(folder, 'part-00000.csv'),
      join(folder, 'part-00001.csv'),
    ]);
    expect(results.map((r) => r.statistics)).toEqual([
      stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
      stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
    ]);
    expect(Object.keys(dump(temp.engine).vertices['person'] ?? {}).sort()).toEqual([
      'ann',
      'bob',
      'cid',
    ]);
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

describe('legacy RUN JOB of an online-post job (the reference’s earlier kits)', () => {
  it('feeds USING FILENAME= to the job and applies SEPARATOR= and EOL=', async () => {
    writeFileSync(join(allowed, 'semi.txt'), 'cat;Cat\ndan;Dan\n');
    const session = new ShellSession(temp.engine, shellServices(temp.engine, [allowed]));
    const result = await session.run(
      'USE GRAPH social\n' +
        'CREATE ONLINE_POST JOB op FOR GRAPH social { LOAD TO VERTEX person VALUES ($0, $1, _, _); }\n' +
        'RUN JOB op USING FILENAME="semi.txt", SEPARATOR=";", EOL="\\n"\n',
    );
    expect(result.returnCode, result.lines.join('\n')).toBe(0);
    expect(result.lines.join('\n')).toMatch(/valid lines: 2, rejected lines: 0/);
    expect(dump(temp.engine).vertices.person).toEqual({
      cat: { name: 'Cat', age: 0, score: 0 },
      dan: { name: 'Dan', age: 0, score: 0 },
    });
  });
});

describe('the shell’s report of RUN LOADING JOB', () => {
  it('warns of every line or object read but not loaded, by type and reason', async () => {
    writeFileSync(join(allowed, 'bad-bags.csv'), '1,true\nx,false\n,true\n2\n3,maybe\n');
    const session = new ShellSession(temp.engine, shellServices(temp.engine, [allowed]));
    const result = await session.run(
      'USE GRAPH social\n' +
        'CREATE LOADING JOB bags FOR GRAPH social { DEFINE FILENAME f; LOAD f TO VERTEX bag VALUES ($0, _, _, _, $1); }\n' +
        'RUN LOADING JOB bags USING f="bad-bags.csv"\n',
    );
    expect(result.returnCode, result.lines.join('\n')).toBe(0);
    const file = 'bad-bags.csv';
    expect(result.lines.filter((l) => l.startsWith('[WARNING]'))).toEqual([
      `[WARNING] bad data in ${file}: 1 line(s) do not have enough number of tokens.`,
      `[WARNING] bad data in ${file}:bag: 1 object(s) have no id.`,
      `[WARNING] bad data in ${file}:bag: 1 object(s) have invalid attributes.`,
      `[WARNING] bad data in ${file}:bag: 1 object(s) have an invalid primary id.`,
    ]);
    expect(Object.keys(dump(temp.engine).vertices.bag ?? {})).toEqual(['1']);
  });
});
