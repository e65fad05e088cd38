// kuzu peer (embedded graph database, Cypher), in memory: nodes and edges through COPY FROM CSV;
// k-hop counts with `-[:E* SHORTEST 1..k]->` (each reachable vertex once), tg_pagerank as
// iterated Cypher SET statements, path lengths with `* SHORTEST`. kuzu's own page_rank (algo
// extension, statically linked in 0.11) is an extra row: its definition differs (initial 1/N,
// teleport (1-d)/N, vertices without out-edges are updated too), so its checksum is not
// comparable.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Database, type KuzuValue, type QueryResult } from 'kuzu';
import { readEdgeList, type Dataset } from '../data/generate.js';
import { describe, pagerankChecksum } from '../lib/checksum.js';
import type { Peer } from './peer.js';

async function rows(
  result: Promise<QueryResult | QueryResult[]>,
): Promise<Record<string, KuzuValue>[]> {
  const r = await result;
  const last = Array.isArray(r) ? r.at(-1) : r;
  if (!last) return [];
  const all = await last.getAll();
  if (Array.isArray(r)) for (const each of r) each.close();
  else r.close();
  return all;
}

export function kuzuPeer(): Peer {
  let db: Database | undefined;
  let conn: Connection | undefined;
  let projected = false;
  const c = () => {
    if (!conn) throw new Error('kuzu: not loaded');
    return conn;
  };
  const q = (text: string) => rows(c().query(text));
  const prepared = new Map<string, ReturnType<Connection['prepare']>>();
  const exec = async (text: string, params: Record<string, KuzuValue>) => {
    let ps = prepared.get(text);
    if (!ps) {
      ps = c().prepare(text);
      prepared.set(text, ps);
    }
    return rows(c().execute(await ps, params));
  };
  return {
    name: 'kuzu 0.11.3',
    unsupported: {},
    async load(ds: Dataset) {
      db = new Database(':memory:');
      conn = new Connection(db);
      const tmp = mkdtempSync(join(tmpdir(), 'gwb-bench-kuzu-'));
      try {
        const list = readEdgeList(ds.csvPath);
        const ids = new Set<number>();
        for (let i = 0; i < list.src.length; i++) {
          ids.add(list.src[i] ?? 0);
          ids.add(list.dst[i] ?? 0);
        }
        const nodes = join(tmp, 'nodes.csv');
        writeFileSync(nodes, [...ids].join('\n') + '\n');
        await q(
          'CREATE NODE TABLE V(id INT64, score DOUBLE, recv DOUBLE, outdeg INT64, PRIMARY KEY(id))',
        );
        await q('CREATE REL TABLE E(FROM V TO V)');
        await q(`COPY V(id) FROM '${nodes}' (header=false)`);
        await q(`COPY E FROM '${ds.csvPath}' (header=false)`);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
    async khop(seeds, k) {
      const text = `MATCH (a:V {id: $s})-[:E* SHORTEST 1..${k}]->(b:V) WHERE b.id <> $s RETURN count(DISTINCT b) AS n`;
      const counts: number[] = [];
      for (const s of seeds) counts.push(Number((await exec(text, { s }))[0]?.n ?? 0));
      return counts;
    },
    async pagerank(iterations, damping) {
      await q('MATCH (v:V) SET v.score = 1.0, v.outdeg = 0');
      await q('MATCH (v:V)-[:E]->(:V) WITH v, count(*) AS d SET v.outdeg = d');
      for (let it = 0; it < iterations; it++) {
        await q('MATCH (v:V) SET v.recv = 0.0');
        await q('MATCH (s:V)-[:E]->(t:V) WITH t, sum(s.score / s.outdeg) AS r SET t.recv = r');
        await q(
          `MATCH (v:V) WHERE v.outdeg > 0 SET v.score = ${1 - damping} + ${damping} * v.recv`,
        );
      }
      const all = await q('MATCH (v:V) RETURN v.id AS id, v.score AS score');
      return { ids: all.map((r) => Number(r.id)), scores: all.map((r) => Number(r.score)) };
    },
    async shortest(pairs) {
      const text =
        'MATCH p = (a:V {id: $s})-[:E* SHORTEST 1..30]->(b:V {id: $t}) RETURN length(p) AS n';
      const out: number[] = [];
      for (const [s, t] of pairs) {
        const r = await exec(text, { s, t });
        out.push(r.length === 0 ? -1 : Number(r[0]?.n));
      }
      return out;
    },
    extras: [
      {
        workload: 'pagerank',
        system: 'kuzu algo page_rank',
        note:
          "kuzu's page_rank (PROJECT_GRAPH + CALL page_rank, 10 iterations): scores start at 1/N, " +
          'teleport (1-d)/N, vertices without out-edges are updated too: checksum not comparable',
        async run() {
          if (!projected) {
            await q("CALL project_graph('G', ['V'], ['E'])");
            projected = true;
          }
          const all = await q(
            "CALL page_rank('G', dampingFactor := 0.85, maxIterations := 10, tolerance := 0.0) RETURN node.id AS id, rank",
          );
          return describe(
            pagerankChecksum(
              all.map((r) => Number(r.id)),
              all.map((r) => Number(r.rank)),
            ),
          );
        },
      },
    ],
    async close() {
      await conn?.close();
      await db?.close();
      conn = undefined;
      db = undefined;
      prepared.clear();
    },
  };
}
