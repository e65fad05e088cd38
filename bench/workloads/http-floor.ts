// The floor of the installed-query rows: the k-hop workloads make 100 sequential HTTP calls, so
// they cannot be faster than 100 round trips of the same client to a server that does no work.
// This row times exactly that (GraphClient.runQuery against a node:http child answering a fixed
// envelope), so each table shows how much of the embedded figure is the round trip itself.
import { summarise, timed } from '../lib/measure.js';
import type { Row } from '../lib/report.js';
import { errorText } from '../peers/run-peers.js';
import { newClient, type EmbeddedContext } from './embedded.js';
import { startRawServer } from './lookup.js';
import { edgeType, vertexType } from './queries.js';

export const httpFloorSystem = 'HTTP floor (raw node:http, no work)';

export async function httpFloorWorkload(ctx: EmbeddedContext, k: number): Promise<Row> {
  const body = JSON.stringify({
    version: { edition: 'enterprise', api: 'v2', schema: 0 },
    error: false,
    message: '',
    results: [{ reached: 0 }],
    code: 'REST-0000',
  });
  try {
    const raw = await startRawServer(body);
    try {
      const client = newClient(raw.url);
      const { times } = await timed(
        async () => {
          for (const seed of ctx.ds.meta.seeds)
            await client.runQuery('bench_khop', { seed, v_type: vertexType, e_type: edgeType, k });
        },
        { ...ctx.timing, warmup: 'steady' },
      );
      return {
        system: httpFloorSystem,
        unit: 'ms',
        summary: summarise(times),
        note: `${ctx.ds.meta.seeds.length} sequential GraphClient.runQuery calls answered at once with a fixed body: the round-trip cost alone`,
      };
    } finally {
      raw.stop();
    }
  } catch (error) {
    return { system: httpFloorSystem, unit: 'ms', unavailable: `failed: ${errorText(error)}` };
  }
}
