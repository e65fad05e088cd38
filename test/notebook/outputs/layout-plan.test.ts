// The graph layout by size: cose with as many iterations as the time budget allows, a grid when
// too few would be left.
import { describe, expect, it } from 'vitest';
import { layoutPlan, pairBudget } from '../../../src/notebook/web/outputs/layout-plan.js';

describe('layoutPlan', () => {
  it('runs a full, instant cose on small graphs', () => {
    expect(layoutPlan(0)).toMatchObject({ name: 'cose', numIter: 1000, animate: false });
    expect(layoutPlan(100)).toMatchObject({ name: 'cose', numIter: 1000, animate: false });
  });

  it('animates medium graphs with fewer iterations, within the budget', () => {
    const plan = layoutPlan(1000);
    expect(plan).toMatchObject({ name: 'cose', animate: true });
    if (plan.name !== 'cose') throw new Error('cose expected');
    expect(plan.numIter * 1000 * 1000).toBeLessThanOrEqual(pairBudget);
    expect(plan.numIter).toBeGreaterThanOrEqual(30);
    expect(plan.refresh).toBeGreaterThanOrEqual(1);
  });

  it('falls back to a grid where cose would get too few iterations', () => {
    expect(layoutPlan(1_500).name).toBe('cose');
    expect(layoutPlan(2_000)).toEqual({ name: 'grid' });
    expect(layoutPlan(12_000)).toEqual({ name: 'grid' });
  });
});
