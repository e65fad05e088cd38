// The pure half of the table view: PRINT entries to titled tables, the sort comparator and the
// rows a scrolled viewport shows.
import { describe, expect, it } from 'vitest';
import {
  columnWidths,
  compareCells,
  resultSections,
  sortedOrder,
  visibleWindow,
} from '../../../src/notebook/web/outputs/tables.js';

describe('resultSections', () => {
  it('gives a vertex set the same table as the REPL (core vertexSetToTable)', () => {
    const [section, ...rest] = resultSections([
      {
        S: [
          { v_id: '1', v_type: 'person', attributes: { name: 'a', '@score': 0.5 } },
          { v_id: '2', v_type: 'person', attributes: { name: 'b', '@score': 1 } },
        ],
      },
    ]);
    expect(rest).toEqual([]);
    expect(section).toEqual({
      title: 'S',
      table: {
        columns: ['v_id', 'v_type', 'name', '@score'],
        rows: [
          ['1', 'person', 'a', 0.5],
          ['2', 'person', 'b', 1],
        ],
      },
    });
  });

  it('puts the scalars of one PRINT in one key/value table, before its other items', () => {
    const sections = resultSections([
      { '@@total': 42, list: [{ a: 1 }, { a: 2, b: 3 }], '@@max': 9n },
      { '@@ints': [3, 1, 2] },
      { '@@map': { x: 1, y: [1] } },
    ]);
    expect(sections.map((s) => s.title)).toEqual(['PRINT 1', 'list', '@@ints', '@@map']);
    expect(sections[0]!.table).toEqual({
      columns: ['key', 'value'],
      rows: [
        ['@@total', 42],
        ['@@max', 9n],
      ],
    });
    expect(sections[1]!.table).toEqual({
      columns: ['a', 'b'],
      rows: [
        [1, undefined],
        [2, 3],
      ],
    });
    expect(sections[2]!.table).toEqual({ columns: ['value'], rows: [[3], [1], [2]] });
    expect(sections[3]!.table).toEqual({
      columns: ['key', 'value'],
      rows: [
        ['x', 1],
        ['y', [1]],
      ],
    });
  });

  it('gives a path search its vertex and edge tables', () => {
    const sections = resultSections([
      {
        vertices: [{ v_id: '1', v_type: 'p', attributes: {} }],
        edges: [{ e_type: 'k', from_id: '1', to_id: '2', directed: true, attributes: {} }],
      },
    ]);
    expect(sections.map((s) => s.title)).toEqual(['vertices', 'edges']);
    expect(sections[1]!.table.columns).toEqual([
      'e_type',
      'from_id',
      'to_id',
      'directed',
      'attributes',
    ]);
  });

  it('keeps an empty set as an empty table and shows non-object entries', () => {
    expect(resultSections([{ S: [] }])).toEqual([
      { title: 'S', table: { columns: ['value'], rows: [] } },
    ]);
    expect(resultSections(['ok'])).toEqual([
      { title: 'PRINT', table: { columns: ['value'], rows: [['ok']] } },
    ]);
    expect(resultSections([])).toEqual([]);
  });
});

describe('compareCells', () => {
  const sorted = (values: unknown[]) => [...values].sort(compareCells);

  it('sorts numbers numerically, numeric strings too, bigints exactly', () => {
    expect(sorted([10, 9, 100, -1, 2.5])).toEqual([-1, 2.5, 9, 10, 100]);
    expect(sorted(['10', '9', '100'])).toEqual(['9', '10', '100']);
    expect(sorted([2n ** 60n + 1n, 2n ** 60n, 5])).toEqual([5, 2n ** 60n, 2n ** 60n + 1n]);
    expect(sorted(['9007199254740993', '9007199254740992'])).toEqual([
      '9007199254740992',
      '9007199254740993',
    ]);
  });

  it('puts numbers before text, text in natural order, empty cells last', () => {
    // (Array.prototype.sort moves undefined last itself; null and '' go through the comparator.)
    expect(sorted(['b', 'item10', 3, null, 'item2', '', 'A'])).toEqual([
      3,
      'A',
      'b',
      'item2',
      'item10',
      null,
      '',
    ]);
    expect(compareCells(undefined, 'z')).toBeGreaterThan(0);
    expect(compareCells(undefined, null)).toBe(0);
  });

  it('compares objects and booleans by their text', () => {
    expect(compareCells(true, false)).toBeGreaterThan(0);
    expect(compareCells([1], [1])).toBe(0);
  });
});

describe('sortedOrder', () => {
  const rows = [
    ['a', 2],
    ['b', 1],
    ['c', 2],
    ['d', undefined],
    ['e', 1],
  ];

  it('is stable in both directions and keeps empty cells last', () => {
    expect(sortedOrder(rows, 1, 'asc')).toEqual([1, 4, 0, 2, 3]);
    expect(sortedOrder(rows, 1, 'desc')).toEqual([0, 2, 1, 4, 3]);
  });

  it('does not reorder the rows themselves', () => {
    const copy = rows.map((r) => [...r]);
    sortedOrder(rows, 0, 'desc');
    expect(rows).toEqual(copy);
  });

  it('sorts 10,000 rows numerically', () => {
    const many = Array.from({ length: 10_000 }, (_v, i) => [String((i * 7919) % 10_000)]);
    const order = sortedOrder(many, 0, 'asc');
    expect(order.slice(0, 3).map((i) => many[i]![0])).toEqual(['0', '1', '2']);
  });
});

describe('visibleWindow', () => {
  const base = { viewportHeight: 280, rowHeight: 28, rowCount: 10_000, overscan: 5 };

  it('shows the first rows at the top', () => {
    expect(visibleWindow({ ...base, scrollTop: 0 })).toEqual({
      start: 0,
      end: 16, // 10 visible + 1 partly visible + 5 overscan
      offset: 0,
      totalHeight: 280_000,
    });
  });

  it('follows the scroll position with overscan on both sides', () => {
    const w = visibleWindow({ ...base, scrollTop: 28 * 500 + 10 });
    expect(w).toEqual({ start: 495, end: 516, offset: 495 * 28, totalHeight: 280_000 });
  });

  it('clamps at the end and beyond it', () => {
    const atEnd = visibleWindow({ ...base, scrollTop: 280_000 - 280 });
    expect(atEnd.end).toBe(10_000);
    const beyond = visibleWindow({ ...base, scrollTop: 10_000_000 });
    expect(beyond.end).toBe(10_000);
    expect(beyond.start).toBeLessThan(beyond.end);
    expect(visibleWindow({ ...base, scrollTop: -50 }).start).toBe(0);
  });

  it('handles fewer rows than fit, no rows and no height', () => {
    expect(visibleWindow({ ...base, rowCount: 3, scrollTop: 0 })).toMatchObject({
      start: 0,
      end: 3,
      totalHeight: 84,
    });
    expect(visibleWindow({ ...base, rowCount: 0, scrollTop: 0 })).toEqual({
      start: 0,
      end: 0,
      offset: 0,
      totalHeight: 0,
    });
    expect(visibleWindow({ ...base, viewportHeight: 0, scrollTop: 0 }).end).toBe(6);
  });

  it('never renders more than the viewport plus overscan', () => {
    for (let top = 0; top < 280_000; top += 9_973) {
      const w = visibleWindow({ ...base, scrollTop: top });
      expect(w.end - w.start).toBeLessThanOrEqual(10 + 1 + 2 * 5);
      expect(w.start * 28).toBeLessThanOrEqual(top);
      expect(w.end * 28).toBeGreaterThanOrEqual(Math.min(top + 280, 280_000));
    }
  });
});

describe('columnWidths', () => {
  it('sizes by header and content within bounds', () => {
    const widths = columnWidths({
      columns: ['id', 'a very long column name indeed', 'text'],
      rows: [['1', 'x', 'y'.repeat(500)]],
    });
    expect(widths[0]).toBe(64);
    expect(widths[1]).toBeGreaterThan(200);
    expect(widths[2]).toBe(360);
  });
});
