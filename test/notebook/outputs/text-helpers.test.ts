// Small text helpers of the JSON tree and the error output.
import { describe, expect, it } from 'vitest';
import { jsonSummary, leafText } from '../../../src/notebook/web/outputs/json-view.js';
import { errorPosition } from '../../../src/notebook/web/outputs/render-output.js';

describe('JSON tree text', () => {
  it('summarises containers with their size', () => {
    expect(jsonSummary([1])).toBe('[1 item]');
    expect(jsonSummary(Array.from({ length: 12_345 }))).toBe('[12,345 items]');
    expect(jsonSummary({ a: 1, b: 2 })).toBe('{2 keys}');
    expect(jsonSummary({ a: 1 })).toBe('{1 key}');
  });

  it('writes leaves as JSON would, strings escaped and bigints exact', () => {
    expect(leafText('<img src=x onerror=alert(1)>')).toEqual({
      text: '"<img src=x onerror=alert(1)>"',
      kind: 'string',
    });
    expect(leafText('a"b\n')).toEqual({ text: '"a\\"b\\n"', kind: 'string' });
    expect(leafText(2n ** 64n)).toEqual({ text: '18446744073709551616', kind: 'number' });
    expect(leafText(1.5)).toEqual({ text: '1.5', kind: 'number' });
    expect(leafText(false)).toEqual({ text: 'false', kind: 'boolean' });
    expect(leafText(null)).toEqual({ text: 'null', kind: 'null' });
  });
});

describe('errorPosition', () => {
  it('says where an error points', () => {
    expect(errorPosition({ line: 3, column: 7 })).toBe('line 3, column 7');
    expect(errorPosition({ line: 3 })).toBe('line 3');
    expect(errorPosition({})).toBe('');
  });
});
