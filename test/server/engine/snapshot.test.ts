// Snapshot isolation of time-sliced queries (store/read-gate.ts, queries/snapshot.ts): a read-only
// query that yields between two reads sees the same values although a write was sent in between;
// the write is acknowledged and visible only after the query ends; a query that writes itself
// does not wait for itself; readers cannot hold a writer back past their deadlines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, type CreateQuery } from '../../../src/core/gsql/index.js';
import type { Mutation } from '../../../src/server/engine/mutations.js';
import { queryService } from '../../../src/server/engine/queries/service.js';
import { queryMayWrite, runQuery } from '../../../src/server/engine/queries/snapshot.js';
import { ReadGate } from '../../../src/server/engine/store/read-gate.js';
import { openSocial, type Fixture } from './query/fixtures.js';

let fx: Fixture;
beforeEach(async () => {
  fx = await openSocial();
});
afterEach(async () => {
  await fx.close();
});

const ast = (text: string) =>
  parse(text).ast.statements.find((s): s is CreateQuery => s.kind === 'CreateQuery') as CreateQuery;

/** Sums ages, spins `n` rounds of a WHILE (which yields every few ms), sums them again. */
const twoPhase = (n: number) => `CREATE QUERY two_phase() FOR GRAPH social {
  SumAccum<INT> @@before; SumAccum<INT> @@after; SumAccum<INT> @@spin;
  S = {person.*};
  S = SELECT s FROM S:s ACCUM @@before += s.age;
  WHILE @@spin < ${n} DO @@spin += 1; END;
  S = SELECT s FROM S:s ACCUM @@after += s.age;
  PRINT @@before, @@after;
}`;

const ageOf = (id: string, age: number): Mutation => ({
  k: 'v',
  t: 'person',
  id,
  u: [[1, '=', age]],
});

function run(text: string, timeoutMs = 16_000) {
  const tree = ast(text);
  const compiled = queryService(fx.engine).compile('social', tree);
  return runQuery(fx.engine, compiled, () => tree, {
    graph: 'social',
    args: {},
    requestId: `${Math.random()}`,
    url: '/test',
    timeoutMs,
    allowedFileDirs: [],
  });
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !condition(); i++) await tick();
  expect(condition()).toBe(true);
}

describe('a read-only query sees the graph as of its start', () => {
  it('an upsert sent while it yields waits for it, then is acknowledged and visible', async () => {
    const query = run(twoPhase(2_000_000));
    await until(() => fx.engine.reads.activeReaders === 1);
    let acknowledged = false;
    // ann 41 -> 1000 and bob 9 -> 1000: half of this batch would show as an inconsistent sum.
    const write = fx.engine
      .write(() => ({ mutations: [ageOf('ann', 1000), ageOf('bob', 1000)] }))
      .then(() => (acknowledged = true));
    await tick();
    const output = await query;
    const [row] = output.results as { '@@before': number; '@@after': number }[];
    expect(row?.['@@after']).toBe(row?.['@@before']);
    expect(row?.['@@before']).toBe(41 + 9 + 30 + 25 + 35);
    await write;
    expect(acknowledged).toBe(true);
    const again = await run(twoPhase(0));
    expect(again.results).toEqual([{ '@@before': 2090, '@@after': 2090 }]);
  });

  it('a reader arriving while a write waits starts after that write', async () => {
    const first = run(twoPhase(1_000_000));
    await until(() => fx.engine.reads.activeReaders === 1);
    const write = fx.engine.write(() => ({ mutations: [ageOf('eve', 100)] }));
    const second = run(twoPhase(0));
    const [a, b] = await Promise.all([first, second, write]);
    expect(a.results).toEqual([{ '@@before': 140, '@@after': 140 }]);
    expect(b.results).toEqual([{ '@@before': 205, '@@after': 205 }]);
  });

  it('a query that writes does not wait for itself', async () => {
    const text = `CREATE QUERY bump() FOR GRAPH social {
      S = SELECT s FROM person:s WHERE s.name == "Ann" POST-ACCUM s.age = s.age + 1;
      PRINT S.size() AS n;
    }`;
    expect(queryMayWrite(fx.engine, 'social', ast(text))).toBe(true);
    const reader = run(twoPhase(500_000));
    const [, bumped] = await Promise.all([reader, run(text), run(text)]);
    expect(bumped.mutations).toBe(1);
    // Both read ann's 41 and write 42 (writing queries are not isolated from each other: their
    // writes are atomic, last one wins), so the sum grows by one.
    const after = await run(twoPhase(0));
    expect(after.results).toEqual([{ '@@before': 141, '@@after': 141 }]);
  });

  it('many concurrent readers hold a write back no longer than their deadlines', async () => {
    const readers = Array.from({ length: 8 }, () =>
      run(twoPhase(1e12), 300).then(
        () => 'ended',
        (e: { code?: string }) => e.code,
      ),
    );
    await until(() => fx.engine.reads.activeReaders === 8);
    // Starvation would hang here: the write lands once the readers' deadlines pass.
    await fx.engine.write(() => ({ mutations: [ageOf('dan', 1)] }));
    expect(await Promise.all(readers)).toEqual(Array(8).fill('QUERY-TIMEOUT'));
  });
});

describe('ReadGate', () => {
  it('a reader past its deadline and grace no longer holds writes back', async () => {
    const gate = new ReadGate();
    const end = gate.begin(Date.now() - 10_000);
    expect(gate.idle()).toBe(true);
    end();
    const live = gate.begin(Date.now() + 50);
    expect(gate.idle()).toBe(false);
    await gate.drained();
    expect(gate.idle()).toBe(true);
    live();
  });

  it('readers wait only for the writes that arrived before them', async () => {
    const gate = new ReadGate();
    const w1 = gate.arrive();
    let turned = false;
    const turn = gate.turn().then(() => (turned = true));
    gate.arrive();
    gate.finish(w1);
    await turn;
    expect(turned).toBe(true);
    expect(gate.pendingWrites).toBe(1);
  });
});
