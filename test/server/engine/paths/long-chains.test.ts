// Path listings on a chain of 60,000 directed edges: the depth-first walks over parents and
// over steps use explicit stacks, so a path as long as the data never hits the JavaScript stack
// (issue 16: recursion whose depth followed the data answered "Maximum call stack size exceeded").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { listAllPaths, listShortestPaths } from '../../../../src/server/engine/paths/find-paths.js';
import {
  edgeMutation,
  pathCatalog,
  tempEngine,
  vertexMutation,
  type TempEngine,
} from './helpers.js';

const length = 60_000;
let temp: TempEngine;

beforeAll(async () => {
  temp = await tempEngine(pathCatalog());
  const mutations: Mutation[] = [];
  for (let i = 0; i <= length; i++) mutations.push(vertexMutation(`a:${i}`, i));
  for (let i = 0; i < length; i++)
    mutations.push(edgeMutation({ type: 'd', from: `a:${i}`, to: `a:${i + 1}`, w: 1 }));
  await temp.engine.write(() => ({ mutations }));
}, 60_000);
afterAll(async () => {
  await temp.close();
});

const end = (i: number) => ({ type: 'a', id: String(i) });

describe('a chain as long as the data', () => {
  it('lists its one shortest path', () => {
    const paths = listShortestPaths(temp.engine.graph, {
      sources: [end(0)],
      targets: [end(length)],
      maxLength: length,
    });
    expect(paths).toHaveLength(1);
    expect(paths[0]?.edges).toHaveLength(length);
  });

  it('lists its one path among all paths', () => {
    const paths = listAllPaths(temp.engine.graph, {
      sources: [end(0)],
      targets: [end(length)],
      maxLength: length,
    });
    expect(paths).toHaveLength(1);
    expect(paths[0]?.vertices).toHaveLength(length + 1);
  });
});
