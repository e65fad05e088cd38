// DuckDB peer (@duckdb/node-api), in memory: the edge table from read_csv; k-hop counts with a
// recursive CTE (UNION over (start, vertex, depth), capped at k); path lengths with a recursive
// CTE using USING KEY (a real BFS that stops at its target); tg_pagerank as iterated SQL over a
// score table.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { Dataset } from '../data/generate.js';
import type { Peer } from './peer.js';

/**
 * Vertices reachable from each start within `limit` hops: a recursive CTE with UNION (set
 * semantics on (start, node, depth), so each level holds a vertex once) capped at `limit`.
 * (A USING KEY variant that visits each vertex once was tried: it is 5-7x slower here.)
 */
function reachSql(starts: string, limit: number): string {
  return `WITH RECURSIVE starts(start) AS (${starts}),
  reach(start, node, d) AS (
    SELECT start::UINTEGER, start::UINTEGER, 0 FROM starts
    UNION
    SELECT r.start, e.dst, r.d + 1 FROM reach r JOIN e ON e.src = r.node WHERE r.d < ${limit}
  )`;
}

export function duckdbPeer(): Peer {
  let instance: DuckDBInstance | undefined;
  let conn: DuckDBConnection | undefined;
  const all = async (sql: string) => {
    if (!conn) throw new Error('duckdb: not loaded');
    return (await conn.runAndReadAll(sql)).getRowObjectsJS();
  };
  return {
    name: 'DuckDB 1.5',
    unsupported: {},
    async load(ds: Dataset) {
      instance = await DuckDBInstance.create(':memory:');
      conn = await instance.connect();
      await all(
        `CREATE TABLE e AS SELECT * FROM read_csv('${ds.csvPath}', header = false,
          columns = {'src': 'UINTEGER', 'dst': 'UINTEGER'})`,
      );
    },
    async khop(seeds, k) {
      const rows = await all(
        `${reachSql(`SELECT unnest([${seeds.join(',')}])`, k)}
         SELECT start, count(DISTINCT node) FILTER (WHERE node <> start) AS n
         FROM reach GROUP BY start`,
      );
      const bySeed = new Map(rows.map((r) => [Number(r.start), Number(r.n)]));
      return seeds.map((s) => bySeed.get(s) ?? 0);
    },
    async pagerank(iterations, damping) {
      await all(
        `CREATE OR REPLACE TEMP TABLE deg AS SELECT src AS id, count(*) AS d FROM e GROUP BY src`,
      );
      await all(
        `CREATE OR REPLACE TEMP TABLE pr AS
         SELECT id, 1.0::DOUBLE AS score FROM (SELECT src AS id FROM e UNION SELECT dst FROM e)`,
      );
      for (let it = 0; it < iterations; it++) {
        await all(
          `CREATE OR REPLACE TEMP TABLE pr AS
           SELECT p.id, CASE WHEN deg.d IS NULL THEN p.score
                             ELSE ${1 - damping} + ${damping} * coalesce(r.recv, 0) END AS score
           FROM pr p
           LEFT JOIN deg ON deg.id = p.id
           LEFT JOIN (SELECT e.dst AS id, sum(s.score / sd.d) AS recv
                      FROM e JOIN pr s ON s.id = e.src JOIN deg sd ON sd.id = e.src
                      GROUP BY e.dst) r ON r.id = p.id`,
        );
      }
      const rows = await all('SELECT id, score FROM pr');
      return { ids: rows.map((r) => Number(r.id)), scores: rows.map((r) => Number(r.score)) };
    },
    async shortest(pairs) {
      // One BFS per pair (USING KEY: each vertex once, at its first depth) that stops expanding
      // once its target is reached. Plain UNION with a deepening cap was tried: slower here.
      const values = pairs.map(([a, b], i) => `(${i}, ${a}, ${b})`).join(', ');
      const rows = await all(
        `WITH RECURSIVE pairs(p, src, dst) AS (VALUES ${values}),
         bfs(p, node, d) USING KEY (p, node) AS (
           SELECT p, src::UINTEGER, 0 FROM pairs
           UNION
           SELECT b.p, e.dst, min(b.d) + 1
           FROM bfs b JOIN pairs t ON t.p = b.p JOIN e ON e.src = b.node
           WHERE NOT EXISTS (SELECT 1 FROM recurring.bfs r WHERE r.p = b.p AND r.node = t.dst)
             AND NOT EXISTS (SELECT 1 FROM recurring.bfs r WHERE r.p = b.p AND r.node = e.dst)
           GROUP BY b.p, e.dst
         )
         SELECT bfs.p, bfs.d FROM bfs JOIN pairs t ON t.p = bfs.p AND t.dst = bfs.node`,
      );
      const found = new Map(rows.map((r) => [Number(r.p), Number(r.d)]));
      return pairs.map(([a, b], i) => (a === b ? 0 : (found.get(i) ?? -1)));
    },
    close() {
      conn?.closeSync();
      instance?.closeSync();
      conn = undefined;
      instance = undefined;
      return Promise.resolve();
    },
  };
}
