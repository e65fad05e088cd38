// The calls LDBC's TigerGraph driver scripts make, made here against a `gwb serve`: a GSQL file
// as `gsql --graph ldbc_snb FILE` runs it (ddl/setup.sh), an installed query as
// queries.py run_query calls it (GET /restpp/query), a batch file as batches.py load_by_restpp
// posts it (POST /restpp/ddl), and setup.sh's statistics check (POST /restpp/builtins).
import { readFileSync } from 'node:fs';
import { parseJson, type GraphClient } from '../../src/core/client/index.js';

/** batches.py VERTICES and EDGES: a batch inserts these folders, vertices first. */
export const batchVertices = ['Comment', 'Forum', 'Person', 'Post'] as const;
export const batchEdges = [
  'Comment_hasCreator_Person',
  'Comment_hasTag_Tag',
  'Comment_isLocatedIn_Country',
  'Comment_replyOf_Comment',
  'Comment_replyOf_Post',
  'Forum_containerOf_Post',
  'Forum_hasMember_Person',
  'Forum_hasModerator_Person',
  'Forum_hasTag_Tag',
  'Person_hasInterest_Tag',
  'Person_isLocatedIn_City',
  'Person_knows_Person',
  'Person_likes_Comment',
  'Person_likes_Post',
  'Person_studyAt_University',
  'Person_workAt_Company',
  'Post_hasCreator_Person',
  'Post_hasTag_Tag',
  'Post_isLocatedIn_Country',
] as const;

interface LoadingStatistics {
  readonly validLine?: number;
  readonly parsingStatistics?: { readonly fileLevel?: { readonly validLine?: number } };
}

/** queries.py and batches.py send every request with this GSQL-TIMEOUT (ms): ten hours. */
export const ldbcTimeoutMs = 36_000_000;

export class LdbcDriver {
  private readonly headers: Record<string, string>;

  constructor(
    private readonly url: string,
    private readonly client: GraphClient,
    private readonly graph = 'ldbc_snb',
    /** GSQL-TIMEOUT of queries and batch posts; the benchmark bounds a run with a lower one. */
    timeoutMs = ldbcTimeoutMs,
  ) {
    this.headers = { 'GSQL-TIMEOUT': String(timeoutMs) };
  }

  /** Runs a GSQL script, in the graph unless `useGraph` is false; fails with the shell's text. */
  async gsql(script: string, useGraph = true): Promise<string> {
    const text = useGraph ? `USE GRAPH ${this.graph}\n${script}` : script;
    const answer = await this.client.gsql(text);
    if (!answer.ok) throw new Error(`GSQL failed (${answer.returnCode}):\n${answer.output}`);
    return answer.output;
  }

  /** GET /restpp/query/GRAPH/NAME with lists as repeated keys (as `requests` sends them). */
  async query(name: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
    }
    const response = await fetch(`${this.url}/restpp/query/${this.graph}/${name}?${search}`, {
      headers: this.headers,
    });
    const body = parseJson(await response.text()) as {
      error?: boolean;
      message?: string;
      results?: unknown;
    };
    if (body.error) throw new Error(`${name}: ${body.message ?? 'error'}`);
    return body.results;
  }

  /**
   * POST /restpp/ddl with one file for a loading job's filename variable; answers the lines
   * loaded. batches.py reads them at statistics.parsingStatistics.fileLevel.validLine (the 3.9
   * answer), the spec documents statistics.validLine: either is taken.
   */
  async postFile(job: string, name: string, path: string): Promise<number | undefined> {
    const url = `${this.url}/restpp/ddl/${this.graph}?tag=${job}&filename=file_${name}&sep=%7C&ack=all`;
    const response = await fetch(url, {
      method: 'POST',
      body: readFileSync(path),
      headers: this.headers,
    });
    const body = parseJson(await response.text()) as {
      error?: boolean;
      message?: string;
      results?: { statistics?: LoadingStatistics }[];
    };
    if (body.error) throw new Error(`${job} ${name}: ${body.message ?? 'error'}`);
    const statistics = body.results?.[0]?.statistics;
    return statistics?.parsingStatistics?.fileLevel?.validLine ?? statistics?.validLine;
  }

  /** POST /restpp/builtins stat_vertex_number: the vertices per type. */
  async vertexCounts(): Promise<Record<string, number>> {
    const response = await fetch(`${this.url}/restpp/builtins/${this.graph}`, {
      method: 'POST',
      body: JSON.stringify({ function: 'stat_vertex_number', type: '*' }),
    });
    const body = (await response.json()) as { results: { v_type: string; count: number }[] };
    return Object.fromEntries(body.results.map((r) => [r.v_type, r.count]));
  }
}
