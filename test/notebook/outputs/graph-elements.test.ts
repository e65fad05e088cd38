// The graph found in printed results: vertex sets, edge lists, paths, nested maps and the
// path-search shape all give the same keyed vertices and edges.
import { describe, expect, it } from 'vitest';
import {
  assignTypeColors,
  edgeKey,
  extractGraph,
  mergeGraph,
  typeColor,
  typePalette,
  vertexKey,
} from '../../../src/notebook/web/outputs/graph-elements.js';

const person = (id: string, attributes: Record<string, unknown> = {}) => ({
  v_id: id,
  v_type: 'person',
  attributes,
});
const knows = (from: string, to: string, directed = true) => ({
  e_type: 'knows',
  from_id: from,
  from_type: 'person',
  to_id: to,
  to_type: 'person',
  directed,
  attributes: { since: 2020 },
});

describe('extractGraph', () => {
  it('collects a printed vertex set with attributes and accumulators', () => {
    const g = extractGraph([{ S: [person('1', { name: 'a', '@score': 0.5 }), person('2')] }]);
    expect(g.vertices.size).toBe(2);
    expect(g.edges.size).toBe(0);
    expect(g.count).toBe(2);
    expect(g.vertices.get(vertexKey({ type: 'person', id: '1' }))).toEqual({
      type: 'person',
      id: '1',
      attributes: { name: 'a', '@score': 0.5 },
      bare: false,
    });
  });

  it('finds nothing in scalar PRINTs', () => {
    const g = extractGraph([{ '@@total': 42 }, { names: ['a', 'b'] }, 'text', null]);
    expect(g.count).toBe(0);
  });

  it('adds the unprinted endpoints of printed edges as bare vertices', () => {
    const g = extractGraph([{ '@@edges': [knows('1', '2')] }, { S: [person('1', { name: 'a' })] }]);
    expect(g.edges.size).toBe(1);
    expect(g.vertices.size).toBe(2);
    expect(g.vertices.get(vertexKey({ type: 'person', id: '1' }))?.bare).toBe(false);
    expect(g.vertices.get(vertexKey({ type: 'person', id: '2' }))?.bare).toBe(true);
    const [edge] = g.edges.values();
    expect(edge).toEqual({
      type: 'knows',
      from: { type: 'person', id: '1' },
      to: { type: 'person', id: '2' },
      directed: true,
      attributes: { since: 2020 },
    });
  });

  it('reads the path-search shape', () => {
    const g = extractGraph([
      {
        vertices: [person('1'), person('2'), person('3')],
        edges: [knows('1', '2'), knows('2', '3')],
      },
    ]);
    expect(g.vertices.size).toBe(3);
    expect(g.edges.size).toBe(2);
    expect([...g.vertices.values()].every((v) => !v.bare)).toBe(true);
  });

  it('walks paths printed as lists of lists and nested maps', () => {
    const g = extractGraph([
      {
        paths: [
          [person('1'), knows('1', '2'), person('2')],
          [person('2'), knows('2', '3')],
        ],
      },
      { '@@byCity': { Paris: { members: [person('4')] }, Rome: [[person('5')]] } },
    ]);
    expect([...g.vertices.values()].map((v) => v.id).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(g.edges.size).toBe(2);
  });

  it('finds elements inside vertex attributes (a ListAccum<EDGE>)', () => {
    const g = extractGraph([{ S: [person('1', { '@out': [knows('1', '9')] })] }]);
    expect(g.edges.size).toBe(1);
    expect(g.vertices.has(vertexKey({ type: 'person', id: '9' }))).toBe(true);
  });

  it('keeps one vertex per type and id, merging attributes of later sightings', () => {
    const g = extractGraph([
      { A: [person('1', { name: 'a' })] },
      { B: [person('1', { '@score': 2 })] },
      { C: [{ v_id: '1', v_type: 'city', attributes: {} }] },
    ]);
    expect(g.vertices.size).toBe(2);
    expect(g.vertices.get(vertexKey({ type: 'person', id: '1' }))?.attributes).toEqual({
      name: 'a',
      '@score': 2,
    });
  });

  it('turns numeric and bigint ids into exact strings', () => {
    const big = 2n ** 64n + 1n;
    const g = extractGraph([
      {
        S: [
          { v_id: big, v_type: 'n', attributes: {} },
          { v_id: 7, v_type: 'n' },
        ],
      },
    ]);
    expect([...g.vertices.values()].map((v) => v.id)).toEqual(['18446744073709551617', '7']);
  });

  it('counts an undirected edge printed from both ends once, a directed pair twice', () => {
    expect(extractGraph([[knows('1', '2', false), knows('2', '1', false)]]).edges.size).toBe(1);
    expect(extractGraph([[knows('1', '2'), knows('2', '1')]]).edges.size).toBe(2);
  });

  it('treats an edge without `directed` as undirected (no arrow rather than a wrong one)', () => {
    const { directed: _d, ...edge } = knows('1', '2');
    const [e] = extractGraph([[edge]]).edges.values();
    expect(e?.directed).toBe(false);
  });

  it('takes a missing endpoint type from the one printed vertex with that id', () => {
    const g = extractGraph([
      { S: [person('1')] },
      { E: [{ e_type: 'knows', from_id: '1', to_id: 'x', directed: true, attributes: {} }] },
    ]);
    const [e] = g.edges.values();
    expect(e?.from).toEqual({ type: 'person', id: '1' });
    expect(e?.to).toEqual({ type: '', id: 'x' });
  });

  it('keys cannot collide through separators in ids', () => {
    expect(vertexKey({ type: 'a","b', id: 'c' })).not.toBe(vertexKey({ type: 'a', id: 'b","c' }));
    const e = { type: 't', from: { type: 'a', id: '1' }, to: { type: 'a', id: '2' } };
    expect(edgeKey({ ...e, directed: false })).toBe(
      edgeKey({ ...e, from: e.to, to: e.from, directed: false }),
    );
  });

  it('survives very deep nesting', () => {
    let deep: unknown = person('deep');
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => extractGraph([deep])).not.toThrow();
  });
});

describe('mergeGraph', () => {
  it('adds an expansion without changing either input, filling in bare vertices', () => {
    const shown = extractGraph([{ E: [knows('1', '2')] }]);
    const expansion = extractGraph([
      { vertices: [person('2', { name: 'b' }), person('3')], edges: [knows('2', '3')] },
    ]);
    const merged = mergeGraph(shown, expansion);
    expect(merged.vertices.size).toBe(3);
    expect(merged.edges.size).toBe(2);
    expect(merged.count).toBe(5);
    expect(merged.vertices.get(vertexKey({ type: 'person', id: '2' }))).toMatchObject({
      bare: false,
      attributes: { name: 'b' },
    });
    expect(shown.vertices.size).toBe(2);
    expect(shown.vertices.get(vertexKey({ type: 'person', id: '2' }))?.bare).toBe(true);
  });

  it('does not let a bare sighting erase known attributes', () => {
    const shown = extractGraph([{ S: [person('1', { name: 'a' })] }]);
    const merged = mergeGraph(shown, extractGraph([[knows('1', '2')]]));
    expect(merged.vertices.get(vertexKey({ type: 'person', id: '1' }))).toMatchObject({
      bare: false,
      attributes: { name: 'a' },
    });
  });
});

describe('typeColor', () => {
  it('is stable and from the palette', () => {
    expect(typeColor('person')).toBe(typeColor('person'));
    expect(typePalette).toContain(typeColor('person'));
    expect(typePalette).toContain(typeColor(''));
    const colours = new Set(['person', 'company', 'city', 'post', 'tag'].map(typeColor));
    expect(colours.size).toBeGreaterThan(2);
  });
});

describe('assignTypeColors', () => {
  it('gives the types of one graph different colours, starting from their hash slot', () => {
    const types = ['person', 'company', 'city', 'post', 'tag', 'forum'];
    const colours = assignTypeColors(types);
    expect(new Set(colours.values()).size).toBe(types.length);
    // Independent of the order the types were met in.
    expect(assignTypeColors([...types].reverse())).toEqual(colours);
    // With no competition a type gets its own preferred colour.
    expect(assignTypeColors(['person']).get('person')).toBe(typeColor('person'));
  });

  it('keeps colours already on screen when an expansion adds types', () => {
    const before = assignTypeColors(['person', 'company']);
    const after = assignTypeColors(['person', 'company', 'city', 'post'], before);
    expect(after.get('person')).toBe(before.get('person'));
    expect(after.get('company')).toBe(before.get('company'));
    expect(new Set(after.values()).size).toBe(4);
  });

  it('reuses palette colours once there are more types than colours', () => {
    const many = Array.from({ length: typePalette.length + 3 }, (_v, i) => `t${i}`);
    const colours = assignTypeColors(many);
    expect(colours.size).toBe(many.length);
    expect(new Set(colours.values()).size).toBe(typePalette.length);
  });
});
