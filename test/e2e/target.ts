// The server a behaviour suite talks to: the URL in GWB_TEST_URL (any server that speaks the
// API, with GWB_TEST_USER / GWB_TEST_PASSWORD), or else a fresh `gwb serve` child process.
// Suites create their own uniquely named graph, so they can share a real server.
import { GraphClient } from '../../src/core/client/index.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';

export interface Target {
  readonly url: string;
  /** A client on the suite's graph. */
  readonly client: GraphClient;
  readonly graph: string;
  /** Set when the suite started the server itself (restart and crash tests need it). */
  readonly serve: GwbServe | undefined;
  close(): Promise<void>;
}

let counter = 0;

export async function openTarget(prefix: string): Promise<Target> {
  const external = process.env.GWB_TEST_URL;
  const serve = external ? undefined : await startGwbServe();
  const url = external ?? serve?.url ?? '';
  const graph = `${prefix}_${process.pid}_${++counter}`;
  const client = new GraphClient(
    {
      url,
      graph,
      username: process.env.GWB_TEST_USER ?? 'tigergraph',
      password: process.env.GWB_TEST_PASSWORD ?? 'tigergraph',
    },
    { validateResults: true },
  );
  return {
    url,
    client,
    graph,
    serve,
    close: async () => {
      await client.close();
      await serve?.stop();
    },
  };
}

/** Runs GSQL and fails with the shell's text when it does not succeed. */
export async function gsqlOk(client: GraphClient, script: string): Promise<string> {
  const answer = await client.gsql(script);
  if (!answer.ok) throw new Error(`GSQL failed (${answer.returnCode}):\n${answer.output}`);
  return answer.output;
}
