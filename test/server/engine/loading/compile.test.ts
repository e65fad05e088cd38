// Compiling loading jobs: schema errors with stable codes and the statement's line:column, the
// cache by (graph, text, catalog version), and generated names for LOAD "path" sources.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compiledJob,
  compileJobText,
  compileLoadingJob,
  parseLoadingJob,
} from '../../../../src/server/engine/loading/compile.js';
import { compileError, defineJob, loadingCatalog, tempEngine, type TempEngine } from './helpers.js';

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

describe('compileLoadingJob', () => {
  it.each([
    ['LOAD f TO VERTEX nobody VALUES ($0);', 'LOADING-UNKNOWN-TYPE', 'line 3:'],
    ['LOAD f TO VERTEX person VALUES ($0, $1);', 'LOADING-VALUE-COUNT', 'takes 4 values'],
    ['LOAD g TO VERTEX person VALUES ($0, _, _, _);', 'LOADING-UNKNOWN-FILENAME', 'line 3:8'],
    ['LOAD f TO VERTEX person VALUES (nope($0), _, _, _);', 'LOADING-UNKNOWN-FUNCTION', 'nope'],
    ['LOAD f TO VERTEX person VALUES ($0, to_int($1), _, _);', 'LOADING-UNKNOWN-FUNCTION', 'WHERE'],
    ['LOAD f TO EDGE transfer VALUES ($0, $1, _, $2);', 'LOADING-SKIPPED-KEY', 'discriminator'],
    ['LOAD f TO VERTEX person VALUES (_, _, _, _);', 'LOADING-SKIPPED-KEY', 'id'],
    [
      'LOAD f TO VERTEX person VALUES ($0, _, _, _) USING QUOTE="x";',
      'LOADING-BAD-OPTION',
      'QUOTE',
    ],
    [
      'LOAD f TO VERTEX person VALUES ($0, _, _, _) USING COLOR="x";',
      'LOADING-BAD-OPTION',
      'COLOR',
    ],
    ['LOAD f TO VERTEX person VALUES ($0 $1, _, _, _);', 'LOADING-SYNTAX', 'line 3:'],
  ])('%s → %s', (body, code, text) => {
    const error = compileError(body);
    expect(error?.code).toBe(code);
    expect(error?.message).toContain('loading job "j"');
    expect(error?.message).toContain(text);
  });

  it('compiles once per (graph, text, catalog version)', async () => {
    await defineJob(temp.engine, 'j', personJob);
    const catalog = temp.engine.catalog;
    const first = compiledJob(catalog, 'social', 'j');
    expect(compiledJob(catalog, 'social', 'j')).toBe(first);
    expect(
      compileJobText(personJob, { ...catalog, version: catalog.version + 1 }, 'social'),
    ).not.toBe(first);
  });

  it('names LOAD "path" sources __GSQL_FILENAME_<n>__, one per path', () => {
    const job = compileLoadingJob(
      parseLoadingJob(
        'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f = "/d/f.csv";' +
          ' LOAD "/d/a.csv" TO VERTEX post VALUES ($0, _, _);' +
          ' LOAD "/d/b.csv" TO VERTEX post VALUES ($0, _, _);' +
          ' LOAD "/d/a.csv" TO VERTEX account VALUES ($0, _); }',
      ),
      loadingCatalog(),
    );
    expect([...job.filenames]).toEqual([
      ['f', '/d/f.csv'],
      ['__GSQL_FILENAME_0__', '/d/a.csv'],
      ['__GSQL_FILENAME_1__', '/d/b.csv'],
    ]);
    expect(job.statements.map((s) => s.variable)).toEqual([
      '__GSQL_FILENAME_0__',
      '__GSQL_FILENAME_1__',
      '__GSQL_FILENAME_0__',
    ]);
  });
});
