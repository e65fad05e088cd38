// A small graph for the notebook tests, created through the public API of a real `gwb serve`:
// people who know each other, a hostile attribute value, and an installed query with parameters.
import { GraphClient } from '../../src/core/client/index.js';

export const schemaScript = `
CREATE VERTEX person (PRIMARY_ID id STRING, name STRING, age INT) WITH primary_id_as_attribute="true"
CREATE UNDIRECTED EDGE knows (FROM person, TO person, since INT)
CREATE GRAPH social (person, knows)
USE GRAPH social
CREATE QUERY friends(VERTEX<person> p, INT minAge) FOR GRAPH social {
  S = {p};
  F = SELECT t FROM S:s -(knows:e)- person:t WHERE t.age >= minAge;
  PRINT F;
}
CREATE QUERY spin(INT n) FOR GRAPH social {
  SumAccum<INT> @@i;
  WHILE @@i < n LIMIT 1000000000 DO @@i += 1; END;
  PRINT @@i;
}
INSTALL QUERY friends, spin
`;

export async function createSocialGraph(url: string): Promise<void> {
  const client = new GraphClient({ url, username: 'tigergraph', password: 'tigergraph' });
  try {
    const ddl = await client.gsql(schemaScript);
    if (!ddl.ok) throw new Error(`schema failed:\n${ddl.output}`);
    await client.upsert(
      {
        vertices: {
          person: {
            a: { name: { value: 'Ann' }, age: { value: 31 } },
            b: { name: { value: 'Bob' }, age: { value: 25 } },
            c: { name: { value: '<img src=x onerror=alert(1)>' }, age: { value: 40 } },
            d: { name: { value: 'Dee' }, age: { value: 19 } },
          },
        },
        edges: {
          person: {
            a: {
              knows: { person: { b: { since: { value: 2010 } }, c: { since: { value: 2015 } } } },
            },
            c: { knows: { person: { d: { since: { value: 2020 } } } } },
          },
        },
      },
      {},
      { graph: 'social' },
    );
  } finally {
    await client.close();
  }
}
