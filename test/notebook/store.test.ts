// The notebook store: atomic saves in the documented key order, outputs kept across edits by cell
// id, runs recorded, oversized outputs cut, bad files refused with a code.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotebookError } from '../../src/notebook/backend/errors.js';
import { NotebookStore, serializeNotebook } from '../../src/notebook/backend/store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = { status: 'ok' as const, ms: 1, at: '2026-01-01T00:00:00.000Z' };

describe('NotebookStore', () => {
  it('creates an empty notebook with the graph, and reopens what it saved', async () => {
    const file = join(dir, 'a.gwbnb');
    const store = await NotebookStore.open(file, 'social');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      format: 'gwb-notebook',
      version: 1,
      metadata: { graph: 'social' },
      cells: [],
    });
    await store.edit({ graph: 'social' }, [{ id: 'c1', kind: 'gsql', source: ['LS\n'] }]);
    await store.recordRun(
      'c1',
      [{ kind: 'results', results: [{ n: 12345678901234567890n }] }],
      run,
    );
    const again = await NotebookStore.open(file);
    expect(again.current.cells[0]?.outputs).toEqual([
      { kind: 'results', results: [{ n: 12345678901234567890n }] },
    ]);
    expect(readFileSync(file, 'utf8')).toContain('"n": 12345678901234567890');
    expect(readdirSync(dir)).toEqual(['a.gwbnb']);
  });

  it('keeps outputs of cells that keep their id, drops those of removed cells', async () => {
    const store = await NotebookStore.open(join(dir, 'b.gwbnb'));
    await store.edit({}, [
      { id: 'x', kind: 'gsql', source: [] },
      { id: 'y', kind: 'gsql', source: [] },
    ]);
    await store.recordRun('x', [{ kind: 'text', text: 'hello' }], run);
    await store.edit({}, [{ id: 'x', kind: 'gsql', source: ['LS'] }]);
    expect(store.current.cells).toEqual([
      { id: 'x', kind: 'gsql', source: ['LS'], outputs: [{ kind: 'text', text: 'hello' }], run },
    ]);
    await store.recordRun('gone', [{ kind: 'text', text: 'late' }], run);
    expect(store.current.cells).toHaveLength(1);
  });

  it('cuts oversized results when storing them', async () => {
    const store = await NotebookStore.open(join(dir, 'c.gwbnb'));
    await store.edit({}, [{ id: 'x', kind: 'gsql', source: [] }]);
    const big = Array.from({ length: 60_000 }, (_, i) => ({
      id: `vertex-${i}`,
      pad: 'x'.repeat(30),
    }));
    await store.recordRun('x', [{ kind: 'results', results: big, label: 'big' }], run);
    expect(store.current.cells[0]?.outputs).toEqual([
      { kind: 'results', results: [], label: 'big', truncated: true },
    ]);
  });

  it('refuses a file that is not a notebook, with a code', async () => {
    const file = join(dir, 'bad.gwbnb');
    writeFileSync(file, '{"format": "other"}');
    await expect(NotebookStore.open(file)).rejects.toSatisfy(
      (e: unknown) => e instanceof NotebookError && e.code === 'GWB-NOTEBOOK-FORMAT',
    );
    writeFileSync(file, 'not json');
    await expect(NotebookStore.open(file)).rejects.toBeInstanceOf(NotebookError);
    expect(readFileSync(file, 'utf8')).toBe('not json');
  });

  it('writes keys in the documented order', () => {
    const text = serializeNotebook({
      format: 'gwb-notebook',
      version: 1,
      metadata: {},
      cells: [{ run, outputs: [], source: [], kind: 'gsql', id: 'a' }],
    });
    expect(text.indexOf('"id"')).toBeLessThan(text.indexOf('"kind"'));
    expect(text.indexOf('"source"')).toBeLessThan(text.indexOf('"outputs"'));
    expect(text.endsWith('}\n')).toBe(true);
  });
});
