// User exceptions over REST++, as the exception statements page shows them: a RAISE no TRY
// catches answers error true with the exception's own code (as text, e.g. "40001") and the
// RAISE's message; without a message, the page's default text naming the exception and its code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { gsql, send, superuser } from '../auth/fixture.js';

const setup = [
  'CREATE VERTEX crate (PRIMARY_ID id STRING, kg INT)',
  'CREATE GRAPH g(crate)',
  'USE GRAPH g',
  `CREATE QUERY weigh(INT kg) FOR GRAPH g {
     EXCEPTION too_heavy (40001);
     EXCEPTION negative (40077);
     IF kg > 100 THEN RAISE too_heavy ("Error: " + to_string(kg) + " kg is over the limit"); END;
     IF kg < 0 THEN RAISE negative; END;
     PRINT kg;
   }`,
  'INSTALL QUERY weigh',
].join('\n');

let server: GwbServe;
beforeAll(async () => {
  server = await startGwbServe();
  const out = await gsql(server, superuser, setup);
  if (!out.endsWith('__GSQL__RETURN__CODE__,0\n')) throw new Error(`setup failed:\n${out}`);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const weigh = (kg: number) =>
  send(server, 'GET', `/restpp/query/g/weigh?kg=${kg}`, { authorization: superuser });

describe('RAISE over REST++', () => {
  it('answers the results when nothing is raised', async () => {
    const answer = await weigh(20);
    expect(answer.json?.error).toBe(false);
    expect(answer.json?.results).toEqual([{ kg: 20 }]);
  });

  it("answers error true, the exception's code as text and the RAISE's message", async () => {
    const answer = await weigh(130);
    expect(answer.json?.error).toBe(true);
    expect(answer.json?.code).toBe('40001');
    expect(answer.json?.message).toBe('Error: 130 kg is over the limit');
  });

  it('without a message, the default text names the exception and its code', async () => {
    const answer = await weigh(-5);
    expect(answer.json?.error).toBe(true);
    expect(answer.json?.code).toBe('40077');
    expect(answer.json?.message).toBe('Exception negative is raised with error code 40077');
  });
});
