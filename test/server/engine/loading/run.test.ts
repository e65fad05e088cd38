// runLoadingJob beyond the fixtures: the exact statistics JSON of the real service's sample,
// concise results, byte streams split inside characters, durability across a reopen, batches
// that never split a line, abort, 200,000 generated lines, legacy jobs and header errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLoadingJob } from '../../../../src/server/engine/loading/run.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { chunks, defineJob, dump, tempEngine, type TempEngine } from './helpers.js';

let temp: TempEngine;
beforeEach(async () => {
  temp = await tempEngine();
});
afterEach(async () => {
  await temp.dispose();
});

const personJob =
  'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f;' +
  ' LOAD f TO VERTEX person VALUES ($0, $1, $2, _), TO EDGE knows VALUES ($0, $3, _); }';

describe('runLoadingJob', () => {
  it('answers in the exact shape of the real service (key order too)', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const result = await runLoadingJob(
      temp.engine,
      'social',
      'j',
      { filename: 'f' },
      chunks(['ann,Ann,41,bob\nbad\n']),
    );
    expect(JSON.stringify(result, null, 1)).toBe(
      JSON.stringify(
        [
          {
            sourceFileName: 'Online_POST',
            statistics: {
              validLine: 1,
              rejectLine: 1,
              failedConditionLine: 0,
              notEnoughToken: 1,
              invalidJson: 0,
              oversizeToken: 0,
              vertex: [
                {
                  typeName: 'person',
                  validObject: 1,
                  noIdFound: 0,
                  invalidAttribute: 0,
                  invalidPrimaryId: 0,
                  invalidSecondaryId: 0,
                  incorrectFixedBinaryLength: 0,
                },
              ],
              edge: [
                {
                  typeName: 'knows',
                  validObject: 1,
                  noIdFound: 0,
                  invalidAttribute: 0,
                  invalidPrimaryId: 0,
                  invalidSecondaryId: 0,
                  incorrectFixedBinaryLength: 0,
                },
              ],
              deleteVertex: [],
              deleteEdge: [],
            },
          },
        ],
        null,
        1,
      ),
    );
  });

  it('gives only the numbers of vertices and edges when concise', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const result = await runLoadingJob(
      temp.engine,
      'social',
      'j',
      { filename: 'f', concise: true, sourceFileName: 'people.csv' },
      chunks(['ann,Ann,41,bob\ncid,Cid,3,ann\n']),
    );
    expect(result).toEqual([
      {
        sourceFileName: 'people.csv',
        statistics: { vertex: 2, edge: 2, deleteVertex: 0, deleteEdge: 0 },
      },
    ]);
  });

  it('reads a byte stream cut inside lines and inside multi-byte characters', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const text = 'zoë,Zoë 😀,30,émile\r\némile,Émile,31,zoë\r\n';
    const bytes = new TextEncoder().encode(text);
    const parts: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 3) parts.push(bytes.subarray(i, i + 3));
    await runLoadingJob(temp.engine, 'social', 'j', { filename: 'f', eol: '\r\n' }, chunks(parts));
    const people = dump(temp.engine).vertices.person ?? {};
    expect(people['zoë']).toEqual({ name: 'Zoë 😀', age: 30, score: 0 });
    expect(people['émile']).toEqual({ name: 'Émile', age: 31, score: 0 });
  });

  it('has written everything durably when it resolves', async () => {
    await defineJob(temp.engine, 'j', personJob);
    await runLoadingJob(
      temp.engine,
      'social',
      'j',
      { filename: 'f', batchSize: 3 },
      chunks(['a,A,1,b\nb,B,2,c\nc,C,3,a\nd,D,4,a\n']),
    );
    const before = dump(temp.engine);
    const reopened = await temp.reopen();
    expect(dump(reopened)).toEqual(before);
    expect(Object.keys(before.vertices.person ?? {})).toHaveLength(4);
  });

  it('writes batches of whole lines', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const engine = temp.engine;
    const batches: (readonly Mutation[])[] = [];
    const write = engine.write.bind(engine);
    engine.write = (plan) =>
      write((graph) => {
        const planned = plan(graph);
        batches.push(planned.mutations);
        return planned;
      });
    await runLoadingJob(
      engine,
      'social',
      'j',
      { filename: 'f', batchSize: 3 },
      chunks(['a,A,1,b\nb,B,2,c\nc,C,3,a\n']),
    );
    // Each line gives two objects (a vertex and an edge): batches of 4, never 3 (a batch
    // mutation counts its objects).
    const objects = (b: readonly Mutation[]) =>
      b.reduce((n, m) => n + (m.k === 'V' || m.k === 'E' ? m.n : 1), 0);
    expect(batches.map(objects)).toEqual([4, 2]);
  });

  it('applies objects in line order where the order decides the outcome', async () => {
    // Line 1's edge creates b (age 0) before line 2's vertex clause takes the maximum with -5:
    // in line order b keeps 0; with all vertices first, b would be created with -5.
    await defineJob(
      temp.engine,
      'j',
      'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f;' +
        ' LOAD f TO VERTEX person VALUES ($0, _, REDUCE(max($2)), _), TO EDGE knows VALUES ($0, $1, _); }',
    );
    await runLoadingJob(temp.engine, 'social', 'j', { filename: 'f' }, chunks(['a,b,7\nb,c,-5\n']));
    expect(dump(temp.engine).vertices.person?.b?.age).toBe(0);
    expect(dump(temp.engine).vertices.person?.a?.age).toBe(7);
  });

  it('keeps line order across two clauses writing the same vertex type', async () => {
    await defineJob(
      temp.engine,
      'j',
      'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f;' +
        ' LOAD f TO VERTEX person VALUES ($0, _, $1, _) WHERE $2 == "A",' +
        ' TO VERTEX person VALUES ($0, _, $1, _) WHERE $2 == "B"; }',
    );
    await runLoadingJob(
      temp.engine,
      'social',
      'j',
      { filename: 'f' },
      chunks(['x,1,A\nx,2,B\nx,3,A\n']),
    );
    expect(dump(temp.engine).vertices.person?.x?.age).toBe(3);
  });

  it('stops between batches when aborted; what was written stays', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const controller = new AbortController();
    async function* lines() {
      for (let i = 0; i < 1000; i++) {
        if (i === 500) controller.abort();
        await Promise.resolve();
        yield `p${i},P,${i},p${i + 1}\n`;
      }
    }
    await expect(
      runLoadingJob(
        temp.engine,
        'social',
        'j',
        { filename: 'f', batchSize: 100, signal: controller.signal },
        lines(),
      ),
    ).rejects.toMatchObject({ code: 'LOADING-ABORTED' });
    const people = temp.engine.graph.vertexTable('person')?.liveCount ?? 0;
    expect(people).toBeGreaterThan(400);
    expect(people).toBeLessThan(1001);
  });

  it('loads 200,000 generated lines from a generator source', async () => {
    await defineJob(
      temp.engine,
      'big',
      'CREATE LOADING JOB big FOR GRAPH social { DEFINE FILENAME f;' +
        ' LOAD f TO EDGE transfer VALUES ($0, $1, $2, $3) USING SEPARATOR="|"; }',
    );
    const n = 200_000;
    async function* generate() {
      let chunk = '';
      for (let i = 0; i < n; i++) {
        chunk += `a${i % 1000}|a${(i * 7) % 1000}|${i}|${i % 13}\n`;
        if (chunk.length > 60_000) {
          await Promise.resolve();
          yield chunk;
          chunk = '';
        }
      }
      yield chunk;
    }
    const [result] = await runLoadingJob(
      temp.engine,
      'social',
      'big',
      { filename: 'f' },
      generate(),
    );
    expect(result).toMatchObject({ statistics: { validLine: n, rejectLine: 0 } });
    expect(temp.engine.graph.edgeTable('transfer')?.liveCount).toBe(n);
    expect(temp.engine.graph.vertexTable('account')?.liveCount).toBe(1000);
  });

  it('runs legacy ONLINE_POST jobs and finds a variable by its path', async () => {
    await defineJob(
      temp.engine,
      'op',
      'CREATE ONLINE_POST JOB op FOR GRAPH social { LOAD TO VERTEX person VALUES ($0, $1, _, _); }',
    );
    await defineJob(
      temp.engine,
      'byPath',
      'CREATE LOADING JOB byPath FOR GRAPH social { DEFINE FILENAME f = "/d/p.csv";' +
        ' LOAD f TO VERTEX post VALUES ($0, $1, _); }',
    );
    const one = (job: string, filename: string, input: string) =>
      runLoadingJob(temp.engine, 'social', job, { filename }, chunks([input]));
    await one('op', 'anything', 'ann,Ann\n');
    await one('byPath', '/d/p.csv', 'p1,T\n');
    const data = dump(temp.engine);
    expect(data.vertices.person).toEqual({ ann: { name: 'Ann', age: 0, score: 0 } });
    expect(Object.keys(data.vertices.post ?? {})).toEqual(['p1']);
  });

  it('refuses an unknown job or filename with a clear error', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const run = (job: string, filename: string) =>
      runLoadingJob(temp.engine, 'social', job, { filename }, chunks(['']));
    await expect(run('nope', 'f')).rejects.toMatchObject({ code: 'LOADING-UNKNOWN-JOB' });
    await expect(run('j', 'g')).rejects.toMatchObject({ code: 'LOADING-UNKNOWN-FILENAME' });
  });
});

describe('header columns', () => {
  const named =
    'CREATE LOADING JOB h FOR GRAPH social { DEFINE FILENAME f;' +
    ' LOAD f TO VERTEX person VALUES ($"id", $"name", _, _); }';

  it('needs a header when columns are read by name', async () => {
    await defineJob(temp.engine, 'h', named);
    const run = (header: boolean, input: string) =>
      runLoadingJob(temp.engine, 'social', 'h', { filename: 'f', header }, chunks([input]));
    await expect(run(false, 'ann,Ann\n')).rejects.toMatchObject({ code: 'LOADING-NO-HEADER' });
    await expect(run(true, 'id,title\nann,Ann\n')).rejects.toMatchObject({
      code: 'LOADING-UNKNOWN-HEADER',
      message: expect.stringContaining('"name"') as unknown,
    });
    expect(dump(temp.engine).vertices).toEqual({});
  });
});
