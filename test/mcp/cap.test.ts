// Result capping: rows first, then the byte budget; bigints become JSON; the total is reported.
import { describe, expect, it } from 'vitest';
import { capJson, capText } from '../../src/mcp/cap.js';

describe('capJson', () => {
  it('cuts every list to the row limit and reports the largest total', () => {
    const value = [{ T: Array.from({ length: 12 }, (_, i) => i) }, { U: [1, 2] }];
    const capped = capJson(value, { maxRows: 5, maxBytes: 10_000 });
    expect(capped).toEqual({
      value: [{ T: [0, 1, 2, 3, 4] }, { U: [1, 2] }],
      truncated: true,
      total: 12,
    });
  });

  it('cuts further to fit the byte budget', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: `vertex-${i}`,
      pad: 'x'.repeat(100),
    }));
    const capped = capJson(rows, { maxRows: 100, maxBytes: 2_000 });
    expect(JSON.stringify(capped.value).length).toBeLessThanOrEqual(2_000);
    expect(capped.truncated).toBe(true);
    expect(capped.total).toBe(100);
  });

  it('keeps small results whole and makes bigints plain JSON', () => {
    const capped = capJson({ n: 2n ** 64n, m: 5n }, { maxRows: 10, maxBytes: 1_000 });
    expect(capped).toEqual({ value: { n: '18446744073709551616', m: 5 }, truncated: false });
  });

  it('leaves inner lists alone with topLevelOnly', () => {
    const paths = [{ vertices: [1, 2, 3] }, { vertices: [4] }, { vertices: [5] }];
    const capped = capJson(paths, { maxRows: 2, maxBytes: 1_000 }, { topLevelOnly: true });
    expect(capped.value).toEqual([{ vertices: [1, 2, 3] }, { vertices: [4] }]);
  });
});

describe('capText', () => {
  it('cuts on a line boundary', () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const capped = capText(text, 100);
    expect(capped.truncated).toBe(true);
    expect(capped.text.endsWith('\n')).toBe(false);
    expect(capped.text.length).toBeLessThanOrEqual(100);
  });
});
