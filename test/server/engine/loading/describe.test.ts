// The json=true form of a loading job (GET /gsql/v1/loading-jobs/{job}?json=true), shaped as the
// real service's sample.
import { describe, expect, it } from 'vitest';
import { parseLoadingJob } from '../../../../src/server/engine/loading/compile.js';
import { describeLoadingJob } from '../../../../src/server/engine/loading/describe.js';
import { loadingCatalog } from './helpers.js';

describe('describeLoadingJob', () => {
  it('lists headers, file names and statements with their mappings', () => {
    const ast = parseLoadingJob(
      'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f1; DEFINE HEADER h = "id", "to";' +
        ' LOAD f1 TO VERTEX person VALUES ($"id", _, $1, gsql_trim($2))' +
        ' USING QUOTE="double", SEPARATOR=",", HEADER="true", USER_DEFINED_HEADER="h";' +
        ' LOAD "/d/a.csv" TO EDGE knows VALUES ($0, $"to", "5"); }',
    );
    expect(describeLoadingJob(ast, 'social', loadingCatalog())).toEqual({
      Filters: [],
      GraphName: 'social',
      Headers: { h: ['id', 'to'] },
      JobName: 'j',
      FileNames: { f1: '', __GSQL_FILENAME_0__: '/d/a.csv' },
      LoadingStatements: [
        {
          Type: 'Vertex',
          UsingClauses: {
            QUOTE: 'double',
            SEPARATOR: ',',
            HEADER: 'true',
            USER_DEFINED_HEADER: 'h',
          },
          Mappings: [
            { Type: 'SrcColName', Value: 'id' },
            { Type: 'Default' },
            { Type: 'SrcColIndex', Value: 1 },
            { Type: 'Expression', Value: 'gsql_trim($2)' },
          ],
          TargetName: 'person',
          DataSource: { Type: 'FileVar', Value: 'f1' },
        },
        {
          Type: 'Edge',
          UsingClauses: {},
          Mappings: [
            { Type: 'SrcColIndex', Value: 0 },
            { Type: 'SrcColName', Value: 'to' },
            { Type: 'Literal', Value: '5' },
          ],
          TargetName: 'knows',
          FromVertexType: 'person',
          ToVertexType: 'person',
          DataSource: { Type: 'FileVar', Value: '__GSQL_FILENAME_0__' },
        },
      ],
    });
  });

  it('names the end types of a multi-pair edge when the target writes them', () => {
    const ast = parseLoadingJob(
      'CREATE LOADING JOB j FOR GRAPH social { DEFINE FILENAME f;' +
        ' LOAD f TO EDGE placed VALUES ($0 post, $1 person, _), TO EDGE placed VALUES ($0, $1 bag, _); }',
    );
    const statements = describeLoadingJob(ast, 'social', loadingCatalog()).LoadingStatements;
    expect(statements[0]).toMatchObject({ FromVertexType: 'post', ToVertexType: 'person' });
    // The source of the second could be either of the pairs' sources: not named.
    expect(statements[1]).not.toHaveProperty('FromVertexType');
    expect(statements[1]).not.toHaveProperty('ToVertexType');
  });
});
