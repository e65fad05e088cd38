// Clauses the generated SELECT code writes itself (compile/select/jit-gen.ts): IF / ELSE IF /
// ELSE in ACCUM and POST-ACCUM, nested too, and vertex attribute reads. Each SELECT must take the
// generated tier (CompiledQuery.selectTiers) and answer what the closure tier answers and what
// is computed here. An input under an IF that would fail for the rows the IF leaves out (an
// integer division by zero for sources of outdegree 2) must not be computed for them, as a
// per-source memo computed before the rows would. An attribute read of a type without that
// attribute answers as in the closure tier; the primary id reads as an attribute.
import { afterEach, describe, expect, it } from 'vitest';
import {
  compileText,
  openFixture,
  openSocial,
  plainCatalog,
  plainData,
  type Fixture,
} from './fixtures.js';

const query = `CREATE QUERY q() FOR GRAPH g {
  SumAccum<INT> @small; SumAccum<INT> @mid; SumAccum<INT> @big; SumAccum<INT> @share;
  OrAccum @odd; SumAccum<INT> @cat; SumAccum<INT> @@rows; MaxAccum<INT> @@top;
  All = {V.*};
  S = SELECT t FROM All:s -(E:e)- V:t
      ACCUM @@rows += 1,
            IF s.label < 2 THEN t.@small += 1
            ELSE IF s.label < 5 THEN t.@mid += s.label
            ELSE t.@big += 1, IF t.label % 2 == 1 THEN t.@odd += TRUE END
            END,
            IF s.outdegree() != 2 THEN t.@share += 12 / (s.outdegree() - 2) END
      POST-ACCUM
            IF t.@small > 0 THEN t.@cat = 1 ELSE IF t.@mid > 0 THEN t.@cat = 2 ELSE t.@cat = 3 END,
            IF t.@big > 1 THEN @@top += t.label END;
  PRINT @@rows AS rows, @@top AS top, S.size() AS targets;
  PRINT All[All.@small AS small, All.@mid AS mid, All.@big AS big, All.@share AS share,
            All.@odd AS odd, All.@cat AS cat];
}`;

const n = 9;
const edges: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [2, 3],
  [3, 3],
  [4, 5],
  [5, 7],
  [6, 7],
  [7, 8],
  [8, 7],
  [6, 1],
  [0, 8],
];

interface Attributes {
  small: number;
  mid: number;
  big: number;
  share: number;
  odd: boolean;
  cat: number;
}

/** The answer computed here: labels are the vertex numbers. */
function expected() {
  const at = new Map<number, Attributes>();
  for (let i = 0; i < n; i++) at.set(i, { small: 0, mid: 0, big: 0, share: 0, odd: false, cat: 0 });
  for (const [s, t] of edges) {
    const a = at.get(t) as Attributes;
    if (s < 2) a.small += 1;
    else if (s < 5) a.mid += s;
    else {
      a.big += 1;
      if (t % 2 === 1) a.odd = true;
    }
    const degree = edges.filter(([from]) => from === s).length;
    if (degree !== 2) a.share += Math.trunc(12 / (degree - 2));
  }
  let top = -Infinity;
  const targets = new Set(edges.map(([, t]) => t));
  for (const t of targets) {
    const a = at.get(t) as Attributes;
    a.cat = a.small > 0 ? 1 : a.mid > 0 ? 2 : 3;
    if (a.big > 1) top = Math.max(top, t);
  }
  return { rows: edges.length, top, targets: targets.size, at };
}

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('IF in generated SELECT clauses', () => {
  it('takes the generated tier and answers as the closure tier and as computed here', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    const generated = compileText(fx, query, undefined, { generatedCode: true });
    const closures = compileText(fx, query, undefined, { generatedCode: false });
    expect(generated.selectTiers).toEqual({ generated: 1, closures: 0 });
    expect(closures.selectTiers).toEqual({ generated: 0, closures: 1 });
    const out = await generated.run({}, ctx);
    expect(out.results).toEqual((await closures.run({}, ctx)).results);
    const want = expected();
    expect(out.results[0]).toEqual({ rows: want.rows, top: want.top, targets: want.targets });
    const rows = out.results[1]?.All as { v_id: string; attributes: Attributes }[];
    expect(rows).toHaveLength(n);
    for (const r of rows) expect(r.attributes).toEqual(want.at.get(Number(r.v_id.slice(1))));
  });
});

describe('vertex attribute reads in generated SELECT code', () => {
  const reads = `CREATE QUERY q() FOR GRAPH social {
    SumAccum<DOUBLE> @w; SetAccum<STRING> @@seen; SumAccum<INT> @@ages;
    People = {person.*};
    S = SELECT t FROM People:s -(likes:e)- post:t
        WHERE s.age > 10
        ACCUM t.@w += s.score * e.weight,
              @@seen += s.name + "->" + t.title + "@" + s.id
        POST-ACCUM @@ages += length(t.title);
    F = SELECT t FROM People:s -(follows:e)- person:t
        ACCUM @@ages += t.age
        POST-ACCUM @@seen += t.name;
    PRINT @@seen AS seen, @@ages AS ages;
    PRINT S[S.@w AS w];
  }`;

  it('columns and the primary id, on both tiers', async () => {
    fx = await openSocial();
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    const generated = compileText(fx, reads, undefined, { generatedCode: true });
    const closures = compileText(fx, reads, undefined, { generatedCode: false });
    expect(generated.selectTiers).toEqual({ generated: 2, closures: 0 });
    const out = await generated.run({}, ctx);
    expect(out.results).toEqual((await closures.run({}, ctx)).results);
    const first = out.results[0] as { seen: string[]; ages: number };
    // likes from people older than 10: ann->p1 (Hello), cat->p2 (World); bob is 9.
    // follows targets: bob (9), cat (30), ann (41, twice), dan (25).
    expect([...first.seen].sort()).toEqual(
      ['Ann->Hello@ann', 'Cat->World@cat', 'Ann', 'Bob', 'Cat', 'Dan'].sort(),
    );
    expect(first.ages).toBe(5 + 5 + 9 + 30 + 41 + 41 + 25);
    const posts = out.results[1]?.S as { v_id: string; attributes: { w: number } }[];
    const w = Object.fromEntries(posts.map((p) => [p.v_id, p.attributes.w]));
    expect(w).toEqual({ p1: 1.5 * 0.5, p2: 0.25 * 2.5 });
  });

  it("an attribute the row's vertex type lacks reads as in the closure tier", async () => {
    fx = await openSocial();
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    const text = `CREATE QUERY q() FOR GRAPH social {
      SumAccum<INT> @@n;
      People = {person.*};
      S = SELECT t FROM People:s -((likes|follows):e)- (person|post):t ACCUM @@n += length(t.name);
      PRINT @@n AS n, S.size() AS targets;
    }`;
    const generated = compileText(fx, text, undefined, { generatedCode: true });
    expect(generated.selectTiers).toEqual({ generated: 1, closures: 0 });
    const out = await generated.run({}, ctx);
    const closures = compileText(fx, text, undefined, { generatedCode: false });
    expect(out.results).toEqual((await closures.run({}, ctx)).results);
    // Posts (p1 liked twice, p2 once) have no name: their rows add nothing; the follows targets
    // add Bob, Cat, Ann, Ann, Dan.
    expect(out.results[0]).toEqual({ n: 15, targets: 6 });
  });
});
