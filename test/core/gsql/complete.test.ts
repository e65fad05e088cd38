// Completion cases as a table: the text with `‸` at the cursor, and what must (or must not)
// be offered there.
import { describe, expect, it } from 'vitest';
import { complete, type CompletionSchema } from '../../../src/core/gsql/index.js';

const schema: CompletionSchema = {
  graphs: ['Social', 'Finance'],
  vertexTypes: [
    { name: 'Person', attributes: ['name', 'age'] },
    { name: 'Company', attributes: ['title', 'founded'] },
  ],
  edgeTypes: [
    { name: 'Works_At', attributes: ['since'] },
    { name: 'Knows', attributes: [] },
  ],
  queries: ['pagerank', 'page_views', 'bfs'],
};

const QUERY =
  'CREATE QUERY q(INT k) {\n  SumAccum<INT> @@total;\n  MapAccum<STRING, INT> @counts;\n';

function labels(textWithCursor: string): string[] {
  const offset = textWithCursor.indexOf('‸');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  return complete(text, offset, schema).map((c) => `${c.kind}:${c.label}`);
}

describe('complete', () => {
  it.each([
    ['shell keywords at the start', '‸', ['keyword:CREATE', 'keyword:USE', 'keyword:LS']],
    ['keywords filtered by the typed prefix', 'IN‸', ['keyword:INSTALL', 'keyword:INTERPRET']],
    ['graphs after USE GRAPH', 'USE GRAPH ‸', ['graph:Social', 'graph:Finance']],
    ['graphs after FOR GRAPH', 'CREATE QUERY q() FOR GRAPH F‸', ['graph:Finance']],
    ['queries after RUN QUERY', 'RUN QUERY pa‸', ['query:pagerank', 'query:page_views']],
    ['queries after INSTALL QUERY', 'INSTALL QUERY ‸', ['keyword:ALL', 'query:bfs']],
    ['queries after DROP QUERY', 'DROP QUERY b‸', ['query:bfs']],
    [
      'vertex types after FROM',
      `${QUERY}  S = SELECT t FROM ‸`,
      ['vertexType:Person', 'vertexType:Company'],
    ],
    [
      'edge types in an edge step',
      `${QUERY}  S = SELECT t FROM S:s -(‸`,
      ['edgeType:Works_At', 'edgeType:Knows'],
    ],
    [
      'edge types after an alternative bar',
      `${QUERY}  S = SELECT t FROM S:s -(Knows|W‸`,
      ['edgeType:Works_At'],
    ],
    [
      'vertex types after an arrow',
      `${QUERY}  S = SELECT t FROM S:s -(Knows)-> C‸`,
      ['vertexType:Company'],
    ],
    [
      'clause keywords after FROM',
      `${QUERY}  S = SELECT t FROM S:s ‸`,
      ['keyword:WHERE', 'keyword:ACCUM', 'keyword:POST-ACCUM', 'keyword:LIMIT'],
    ],
    [
      'operators after a condition',
      `${QUERY}  S = SELECT t FROM S:s WHERE s.age > 3 A‸`,
      ['keyword:AND', 'keyword:ACCUM'],
    ],
    ['statement keywords in a query body', `${QUERY}  PR‸`, ['keyword:PRINT']],
    ['types in a query body', `${QUERY}  Sum‸`, ['keyword:SumAccum']],
    [
      'global accumulators after @@',
      `${QUERY}  S = SELECT t FROM S:s ACCUM @@‸`,
      ['accumulator:@@total'],
    ],
    [
      'vertex accumulators after alias.@',
      `${QUERY}  S = SELECT t FROM S:s ACCUM s.@‸`,
      ['accumulator:@counts'],
    ],
    [
      'attributes of the alias type',
      `${QUERY}  S = SELECT t FROM Person:s -(Works_At:e)-> Company:t WHERE t.‸`,
      ['attribute:title', 'attribute:founded', 'accumulator:@counts'],
    ],
    [
      'attributes of an edge alias',
      `${QUERY}  S = SELECT t FROM Person:s -(Works_At:e)-> Company:t WHERE e.s‸`,
      ['attribute:since'],
    ],
    [
      'attributes through a seed',
      `${QUERY}  P = {Person.*};\n  S = SELECT s FROM P:s WHERE s.‸`,
      ['attribute:name', 'attribute:age'],
    ],
    ['functions in expressions', `${QUERY}  INT x = getv‸`, ['function:getvid']],
    [
      'vertex methods after alias.',
      `${QUERY}  S = SELECT s FROM S:s WHERE s.out‸`,
      ['function:outdegree'],
    ],
    ['accumulator methods after @@acc.', `${QUERY}  PRINT @@total.s‸`, ['function:size']],
    [
      'vertex types in an openCypher node pattern',
      `${QUERY}  S = SELECT b FROM (a:P‸`,
      ['vertexType:Person'],
    ],
    [
      'vertex type alternatives after a second colon',
      `${QUERY}  S = SELECT b FROM (a:Person:‸`,
      ['vertexType:Person', 'vertexType:Company'],
    ],
    [
      'edge types in an openCypher edge pattern',
      `${QUERY}  S = SELECT b FROM (a:Person)-[:‸`,
      ['edgeType:Works_At', 'edgeType:Knows'],
    ],
    [
      'edge types after a composition dot',
      `${QUERY}  S = SELECT t FROM S:s -(Knows>.‸`,
      ['edgeType:Works_At', 'edgeType:Knows'],
    ],
    [
      'attributes of an openCypher alias',
      `${QUERY}  S = SELECT b FROM (a:Person)-[e:Works_At]->(b:Company) WHERE b.‸`,
      ['attribute:title', 'attribute:founded'],
    ],
    [
      'attributes in a property map value',
      `${QUERY}  S = SELECT b FROM (a:Person)-[:Knows]-(b:Person {name: a.‸`,
      ['attribute:name', 'attribute:age'],
    ],
    [
      'attribute keys in a vertex property map',
      `${QUERY}  S = SELECT b FROM (a:Company {‸`,
      ['attribute:title', 'attribute:founded'],
    ],
    [
      'attribute keys after a comma in an edge property map',
      `${QUERY}  S = SELECT b FROM (a)-[e:Works_At {since: 1, s‸`,
      ['attribute:since'],
    ],
    [
      'time units after an INTERVAL amount',
      `${QUERY}  DATETIME d = datetime_add(now(), INTERVAL 3 ‸`,
      ['keyword:DAY', 'keyword:MONTH', 'keyword:SECOND'],
    ],
    ['accumulator types after TYPEDEF', `${QUERY}  TYPEDEF H‸`, ['keyword:HeapAccum']],
    ['function files after PUT', 'PUT ‸', ['keyword:ExprFunctions', 'keyword:TokenBank']],
    ['function files after GET', 'GET Ex‸', ['keyword:ExprFunctions', 'keyword:ExprUtil']],
    ['session parameters after SET', 'SET s‸', ['keyword:syntax_version']],
    ['syntax versions after SYNTAX', 'CREATE QUERY q() SYNTAX ‸', ['keyword:v2', 'keyword:v3']],
    ['syntax versions in SET', 'SET syntax_version = ‸', ['keyword:v1', 'keyword:v2']],
    [
      'vertex types after TO VERTEX',
      'CREATE LOADING JOB j FOR GRAPH g {\n  LOAD f TO VERTEX ‸',
      ['vertexType:Person', 'vertexType:Company'],
    ],
  ])('%s', (_name, text, expected) => {
    expect(labels(text)).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    ['inside a comment', `${QUERY}  // FR‸`],
    ['inside a string', `${QUERY}  PRINT "FR‸`],
  ])('offers nothing %s', (_name, text) => {
    expect(labels(text)).toEqual([]);
  });

  it('does not offer keywords that cannot follow', () => {
    const offered = labels(`${QUERY}  S = SELECT t FROM S:s WHERE s.age > 3 ‸`);
    expect(offered).not.toContain('keyword:CREATE');
    expect(offered).not.toContain('keyword:FROM');
    expect(labels('USE GRAPH ‸')).not.toContain('vertexType:Person');
  });

  it('offers the built-in function table with each signature as detail', () => {
    const text = `${QUERY}  INT x = datetime_a`;
    const found = complete(text, text.length).filter((c) => c.kind === 'function');
    expect(found).toContainEqual({
      label: 'datetime_add',
      kind: 'function',
      detail: 'datetime_add(DATETIME date, INTERVAL interval, [STRING unit]) -> DATETIME',
    });
    const all = complete(`${QUERY}  INT x = `, `${QUERY}  INT x = `.length);
    expect(all.filter((c) => c.kind === 'function').map((c) => c.label)).toEqual(
      expect.arrayContaining(['log10', 'soundex', 'parse_json_object', 'evaluate']),
    );
  });

  it('gives accumulator types as detail, and works without a schema', () => {
    const offset = `${QUERY}  @@`.length;
    expect(complete(`${QUERY}  @@`, offset)).toEqual([
      { label: '@@total', kind: 'accumulator', detail: 'SumAccum<INT>' },
    ]);
    expect(complete('USE GRAPH ', 10)).toEqual([]);
  });
});
