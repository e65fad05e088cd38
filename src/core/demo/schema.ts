// The demo graph's schema and example queries, as GSQL text sent through the statements
// channel exactly as a user would type it (so the demo works against any server).
export const demoGraph = 'demo';

export const demoSchema = `CREATE VERTEX person (PRIMARY_ID id STRING, name STRING, age INT) WITH primary_id_as_attribute="true"
CREATE VERTEX company (PRIMARY_ID id STRING, name STRING, industry STRING) WITH primary_id_as_attribute="true"
CREATE VERTEX city (PRIMARY_ID id STRING, name STRING, country STRING) WITH primary_id_as_attribute="true"
CREATE UNDIRECTED EDGE knows (FROM person, TO person, since INT)
CREATE DIRECTED EDGE works_at (FROM person, TO company, since INT)
CREATE DIRECTED EDGE lives_in (FROM person, TO city)
CREATE GRAPH ${demoGraph} (person, company, city, knows, works_at, lives_in)`;

/** name -> query text; CREATE OR REPLACE, so that running the demo again refreshes them. */
export const demoQueries: Readonly<Record<string, string>> = {
  neighbours: `CREATE OR REPLACE QUERY neighbours(VERTEX<person> p) FOR GRAPH ${demoGraph} {
  start = {p};
  friends = SELECT t FROM start:s -(knows:e)- person:t;
  PRINT friends;
}`,
  khop_count: `CREATE OR REPLACE QUERY khop_count(VERTEX<person> p, INT k = 2) FOR GRAPH ${demoGraph} {
  OrAccum @visited;
  SumAccum<INT> @@reached;
  frontier = {p};
  frontier = SELECT s FROM frontier:s POST-ACCUM s.@visited = TRUE;
  WHILE frontier.size() > 0 LIMIT k DO
    frontier = SELECT t FROM frontier:s -(knows:e)- person:t
               WHERE NOT t.@visited
               POST-ACCUM t.@visited = TRUE, @@reached += 1;
  END;
  PRINT @@reached AS reached;
}`,
  pagerank: `CREATE OR REPLACE QUERY pagerank(FLOAT maxChange = 0.001, INT maxIter = 25, FLOAT damping = 0.85, INT top = 10) FOR GRAPH ${demoGraph} {
  MaxAccum<FLOAT> @@maxDiff = 9999;
  SumAccum<FLOAT> @received;
  SumAccum<FLOAT> @score = 1;
  everyone = {person.*};
  WHILE @@maxDiff > maxChange LIMIT maxIter DO
    @@maxDiff = 0;
    v = SELECT s FROM everyone:s -(knows:e)- person:t
        ACCUM t.@received += s.@score / s.outdegree("knows")
        POST-ACCUM s.@score = (1.0 - damping) + damping * s.@received,
                   s.@received = 0,
                   @@maxDiff += abs(s.@score - s.@score');
  END;
  ranked = SELECT s FROM everyone:s ORDER BY s.@score DESC LIMIT top;
  PRINT ranked;
}`,
  shortest_hops: `CREATE OR REPLACE QUERY shortest_hops(VERTEX<person> source, VERTEX<person> target, INT maxHops = 6) FOR GRAPH ${demoGraph} {
  OrAccum @visited;
  OrAccum @@found;
  SumAccum<INT> @@hops;
  frontier = {source};
  frontier = SELECT s FROM frontier:s POST-ACCUM s.@visited = TRUE;
  WHILE NOT @@found AND frontier.size() > 0 LIMIT maxHops DO
    @@hops += 1;
    frontier = SELECT t FROM frontier:s -(knows:e)- person:t
               WHERE NOT t.@visited
               POST-ACCUM t.@visited = TRUE, IF t == target THEN @@found += TRUE END;
  END;
  IF @@found THEN PRINT @@hops AS hops; ELSE PRINT -1 AS hops; END;
}`,
};
