// The runtime around a query: writes applied atomically at the end (and not at all when the
// query fails), FILE output confined to allowed folders, subqueries with RETURNS, timeouts and
// aborts while the event loop keeps answering, parameter specs. The write analysis is tested with
// src/core/gsql/writes.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  QueryRuntimeError,
  stringifyResult,
  type CompiledQuery,
} from '../../../../src/server/engine/query/index.js';
import { compileText, openSocial, runText, type Fixture } from './fixtures.js';

let fx: Fixture;
beforeEach(async () => {
  fx = await openSocial();
});
afterEach(async () => {
  await fx.close();
});

const q = (body: string, params = '') => `CREATE QUERY q(${params}) FOR GRAPH social {\n${body}\n}`;

const people = async () =>
  (await runText(fx, q('S = {person.*}; PRINT S[S.age, S.name];'))).results[0] as {
    S: { v_id: string; attributes: Record<string, unknown> }[];
  };

describe('writes', () => {
  it('attribute updates, setAttr, INSERT and DELETE apply at the end; reads during the query see the old graph', async () => {
    const out = await runText(
      fx,
      q(`S = SELECT s FROM person:s WHERE s.name == "Bob" POST-ACCUM s.age = s.age + 1, s.setAttr("name", "Robert");
         INSERT INTO person VALUES ("zed", "Zed", 50, 0.5);
         INSERT INTO knows VALUES ("zed" person, "ann" person, 2024);
         DELETE s FROM person:s WHERE s.name == "Eve";
         T = SELECT s FROM person:s WHERE s.name == "Bob";
         PRINT T[T.age], S.size() AS n;`),
    );
    expect(out.results).toEqual([
      { T: [{ v_id: 'bob', v_type: 'person', attributes: { 'T.age': 9 } }], n: 1 },
    ]);
    // One insert each, one update of bob (age and name together), one delete.
    expect(out.mutations).toBe(4);
    const after = await people();
    const byId = Object.fromEntries(after.S.map((p) => [p.v_id, p.attributes]));
    expect(byId.bob).toEqual({ 'S.age': 10, 'S.name': 'Robert' });
    expect(byId.zed).toEqual({ 'S.age': 50, 'S.name': 'Zed' });
    expect(byId.eve).toBeUndefined();
    const zed = await runText(
      fx,
      q(
        'S = SELECT t FROM person:s -(knows:e)- person:t WHERE s.name == "Zed" PRINT S[S.name];'.replace(
          ' PRINT',
          '; PRINT',
        ),
      ),
    );
    expect(zed.results).toEqual([
      { S: [{ v_id: 'ann', v_type: 'person', attributes: { 'S.name': 'Ann' } }] },
    ]);
  });

  it('edge attribute updates with +=', async () => {
    await runText(fx, q('S = SELECT t FROM person:s -(likes:e)- post:t ACCUM e.weight += 1;'));
    const out = await runText(
      fx,
      q(
        'ListAccum<DOUBLE> @@w; S = SELECT t FROM person:s -(likes:e)- post:t ACCUM @@w += e.weight; PRINT @@w;',
      ),
    );
    expect(out.results).toEqual([{ '@@w': [1.5, 2.5, 3.5] }]);
  });

  it('a query that fails after writing changes nothing', async () => {
    const before = await people();
    const err = await runText(
      fx,
      q(
        `S = SELECT s FROM person:s POST-ACCUM s.age = 0;
         INSERT INTO person VALUES ("zed", "Zed", 50, 0.5);
         PRINT 1 / zero;`,
        'INT zero = 0',
      ),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryRuntimeError);
    expect((err as QueryRuntimeError).code).toBe('QUERY-DIVIDE-BY-ZERO');
    expect(await people()).toEqual(before);
  });
});

describe('files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-query-files-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('println writes comma-separated lines, lists space-separated, vertices as ids', async () => {
    const path = join(dir, 'out.csv');
    await runText(
      fx,
      q(
        `FILE f (path); f.println("id", "age"); ListAccum<INT> @@l; @@l += 1; @@l += 2;
         S = SELECT s FROM person:s WHERE s.age > 30 ORDER BY s.age;
         FOREACH v IN S DO f.println(v, v.age); END; f.println(@@l);`,
        'STRING path',
      ),
      { path },
      { allowedFileDirs: [dir] },
    );
    expect(readFileSync(path, 'utf8')).toBe('id,age\neve,35\nann,41\n1 2\n');
  });
});

describe('subqueries', () => {
  it('calls another query by name and uses its RETURN value', async () => {
    const sub = compileText(
      fx,
      'CREATE QUERY older(INT age) FOR GRAPH social RETURNS (INT) { SumAccum<INT> @@n; S = SELECT s FROM person:s WHERE s.age > age ACCUM @@n += 1; RETURN @@n; }',
    );
    const queries = (name: string): CompiledQuery | undefined =>
      name === 'older' ? sub : undefined;
    const out = await runText(
      fx,
      q('INT n = older(30); PRINT n, older(20) + 1 AS m;'),
      {},
      { queries },
    );
    expect(out.results).toEqual([{ n: 2, m: 5 }]);
  });
});

describe('subqueries called from ACCUM', () => {
  it('run to completion where they are called, SELECT and loops included', async () => {
    const sub = compileText(
      fx,
      `CREATE QUERY reach(VERTEX<person> p, INT hops) FOR GRAPH social RETURNS (INT) {
         OrAccum @seen; INT i = 0;
         S = {p};
         S = SELECT s FROM S:s POST-ACCUM s.@seen = TRUE;
         WHILE i < hops DO
           S = SELECT t FROM S:s -(follows>)- person:t WHERE NOT t.@seen POST-ACCUM t.@seen = TRUE;
           i = i + 1;
         END;
         All = SELECT s FROM person:s WHERE s.@seen;
         RETURN All.size();
       }`,
    );
    const queries = (name: string): CompiledQuery | undefined =>
      name === 'reach' ? sub : undefined;
    const out = await runText(
      fx,
      q(
        'MapAccum<STRING, INT> @@r; S = SELECT s FROM person:s ACCUM @@r += (s.name -> reach(s, 2)); PRINT @@r;',
      ),
      {},
      { queries },
    );
    expect(out.results).toEqual([{ '@@r': { Ann: 3, Bob: 3, Cat: 3, Dan: 3, Eve: 3 } }]);
  });
});

describe('time slicing, timeout and abort', () => {
  const spin = q('INT i = 0; WHILE TRUE DO i = i + 1; END;');

  it('a long query times out with QUERY-TIMEOUT while the event loop keeps answering', async () => {
    let ticks = 0;
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
      ticks++;
    }, 5);
    const err = await runText(fx, spin, {}, { deadline: Date.now() + 300 }).catch(
      (e: unknown) => e,
    );
    clearInterval(timer);
    expect((err as QueryRuntimeError).code).toBe('QUERY-TIMEOUT');
    // The loop yields every ~8 ms; the bounds leave room for a loaded test machine.
    expect(ticks).toBeGreaterThan(5);
    expect(worst).toBeLessThan(150);
  });

  it('an aborted query ends with QUERY-ABORTED and changes nothing', async () => {
    const before = await people();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await runText(
      fx,
      q(
        'S = SELECT s FROM person:s POST-ACCUM s.age = 0; INT i = 0; WHILE TRUE DO i = i + 1; END;',
      ),
      {},
      { signal: controller.signal },
    ).catch((e: unknown) => e);
    expect((err as QueryRuntimeError).code).toBe('QUERY-ABORTED');
    expect(await people()).toEqual(before);
  });
});

describe('parameters', () => {
  it('describes parameters with their types and defaults', () => {
    const c = compileText(
      fx,
      q(
        'PRINT 1;',
        'STRING v_type, INT k = 3, SET<VERTEX<person>> s, DOUBLE d = 0.5, BOOL b = TRUE',
      ),
    );
    expect(c.params.map((p) => [p.name, p.type, p.default])).toEqual([
      ['v_type', 'STRING', undefined],
      ['k', 'INT', 3],
      ['s', 'SET<VERTEX<person>>', undefined],
      ['d', 'DOUBLE', 0.5],
      ['b', 'BOOL', true],
    ]);
  });

  it('takes vertices as ids, {id, type} objects and [id, type] pairs; bad values are QUERY-BAD-PARAM', async () => {
    const text = q('PRINT a, b, c;', 'VERTEX<person> a, VERTEX b, VERTEX c');
    const out = await runText(fx, text, {
      a: 'ann',
      b: { id: 'p1', type: 'post' },
      c: ['bob', 'person'],
    });
    expect(out.results).toEqual([{ a: 'ann', b: 'p1', c: 'bob' }]);
    const err = await runText(fx, q('PRINT k;', 'INT k'), { k: 'x' }).catch((e: unknown) => e);
    expect((err as QueryRuntimeError).code).toBe('QUERY-BAD-PARAM');
  });

  it('stringifyResult writes big integers exactly', () => {
    expect(stringifyResult([{ n: 2n ** 64n, s: 'a' }])).toBe(
      '[{"n":18446744073709551616,"s":"a"}]',
    );
  });
});
