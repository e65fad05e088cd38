// The Jupyter export and import: the nbformat 4.5 shape, the mapping of each cell and output
// kind, errors on bad input, and the exact round trip (examples and generated notebooks).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromIpynb, IpynbFormatError, toIpynb } from '../../../src/notebook/format/ipynb.js';
import { notebookSchema, type Notebook } from '../../../src/notebook/format/notebook.js';

const sample: Notebook = {
  format: 'gwb-notebook',
  version: 1,
  metadata: { graph: 'social', title: 'Demo' },
  cells: [
    { id: 'intro', kind: 'markdown', source: ['# Demo\n', 'Some *text*.'] },
    {
      id: 'q1',
      kind: 'gsql',
      source: ['USE GRAPH social\n', 'INTERPRET QUERY () { PRINT 1; }'],
      outputs: [
        { kind: 'text', text: "Using graph 'social'\n" },
        { kind: 'results', results: [{ '1': 1 }], label: 'INTERPRET QUERY' },
      ],
      run: { status: 'ok', ms: 12.5, at: '2025-01-01T00:00:00.000Z', requestIds: ['r1'] },
    },
    {
      id: 'khop',
      kind: 'query',
      source: [],
      parameters: {
        query: 'khop',
        args: { p: { type: 'Person', id: 'alice' }, k: 2, tags: ['a'] },
      },
      outputs: [{ kind: 'results', results: [], label: 'RUN QUERY khop', truncated: true }],
    },
    {
      id: 'path-1',
      kind: 'path',
      source: [],
      parameters: {
        source: { type: 'Person', id: 'alice' },
        target: { type: 'Person', id: 'bob' },
        mode: 'shortest',
        maxLength: 4,
      },
      outputs: [],
      run: { status: 'error', ms: 1, at: '2025-01-01T00:00:00.000Z' },
    },
    {
      id: 'bad',
      kind: 'gsql',
      source: ['SELEC'],
      outputs: [
        {
          kind: 'error',
          code: 'GSQL-SYNTAX',
          message: 'unexpected SELEC\nsecond line',
          line: 1,
          column: 1,
        },
        { kind: 'error', code: 'X', message: 'only a line', line: 3 },
        { kind: 'error', code: 'Y', message: '(line 2): looks like a position' },
      ],
    },
  ],
};

type Json = Record<string, unknown>;
const cellsOf = (ipynb: object) => (ipynb as { cells: Json[] }).cells;

describe('toIpynb', () => {
  const ipynb = toIpynb(sample) as Json;

  it('writes nbformat 4.5 with the gsql kernelspec and the graph', () => {
    expect(ipynb.nbformat).toBe(4);
    expect(ipynb.nbformat_minor).toBe(5);
    expect(ipynb.metadata).toEqual({
      gwb: { graph: 'social', title: 'Demo' },
      kernelspec: { display_name: 'GSQL (graph-workbench)', language: 'gsql', name: 'gsql' },
      language_info: { name: 'gsql' },
    });
  });

  it('maps markdown and gsql cells with their ids and sources', () => {
    const [md, gsql] = cellsOf(ipynb);
    expect(md).toMatchObject({
      cell_type: 'markdown',
      id: 'intro',
      source: sample.cells[0]?.source,
    });
    expect(md).not.toHaveProperty('outputs');
    expect(gsql).toMatchObject({
      cell_type: 'code',
      id: 'q1',
      execution_count: null,
      source: sample.cells[1]?.source,
    });
  });

  it('writes query cells as RUN QUERY and path cells as a comment and JSON', () => {
    const [, , query, path] = cellsOf(ipynb);
    expect(query?.source).toEqual(['RUN QUERY khop(("alice", "Person"), 2, ["a"])\n']);
    expect((query?.metadata as Json).gwb).toMatchObject({ kind: 'query', source: [] });
    const text = (path?.source as string[]).join('');
    expect(text.split('\n')[0]).toBe(
      '// graph-workbench path cell: shortest path from Person "alice" to Person "bob", max length 4',
    );
    expect(JSON.parse(text.slice(text.indexOf('\n') + 1))).toEqual(sample.cells[3]?.parameters);
  });

  it('maps results, text and errors to execute_result, stream and error outputs', () => {
    const [, gsql, , , bad] = cellsOf(ipynb);
    const [stream, result] = gsql?.outputs as Json[];
    expect(stream).toEqual({
      name: 'stdout',
      output_type: 'stream',
      text: ["Using graph 'social'\n"],
    });
    expect(result).toMatchObject({
      output_type: 'execute_result',
      execution_count: null,
      data: {
        'application/json': [{ '1': 1 }],
        'text/plain': ['[\n', '  {\n', '    "1": 1\n', '  }\n', ']'],
      },
      metadata: { gwb: { label: 'INTERPRET QUERY' } },
    });
    expect((bad?.outputs as Json[])[0]).toEqual({
      ename: 'GSQL-SYNTAX',
      evalue: 'unexpected SELEC\nsecond line',
      output_type: 'error',
      traceback: ['GSQL-SYNTAX (line 1, column 1): unexpected SELEC\nsecond line'],
    });
  });

  it('cuts a large text/plain but keeps the whole application/json', () => {
    const big = Array.from({ length: 5000 }, (_, i) => ({ v: i }));
    const nb: Notebook = {
      ...sample,
      cells: [{ id: 'a', kind: 'gsql', source: [], outputs: [{ kind: 'results', results: big }] }],
    };
    const out = (cellsOf(toIpynb(nb))[0]?.outputs as Json[])[0]?.data as Json;
    expect((out['text/plain'] as string[]).join('').length).toBeLessThan(10_200);
    expect(out['application/json']).toBe(big);
  });

  it('writes bigints exactly in text/plain', () => {
    const nb: Notebook = {
      ...sample,
      cells: [
        { id: 'a', kind: 'gsql', source: [], outputs: [{ kind: 'results', results: [2n ** 64n] }] },
      ],
    };
    const out = (cellsOf(toIpynb(nb))[0]?.outputs as Json[])[0]?.data as Json;
    expect(out['text/plain']).toEqual(['[\n', '  18446744073709551616\n', ']']);
  });
});

describe('fromIpynb', () => {
  it('restores the sample exactly, also through JSON text', () => {
    expect(fromIpynb(toIpynb(sample))).toStrictEqual(sample);
    expect(fromIpynb(JSON.parse(JSON.stringify(toIpynb(sample))))).toStrictEqual(sample);
  });

  it('imports a foreign Jupyter notebook', () => {
    const nb = fromIpynb({
      nbformat: 4,
      nbformat_minor: 4,
      metadata: { kernelspec: { name: 'python3' } },
      cells: [
        { cell_type: 'markdown', metadata: {}, source: '# Title\ntext' },
        {
          cell_type: 'code',
          execution_count: 3,
          metadata: {},
          source: ['print(1)\n', '1'],
          outputs: [
            { output_type: 'stream', name: 'stderr', text: 'warn\n' },
            {
              output_type: 'execute_result',
              execution_count: 3,
              data: { 'text/plain': ['1'] },
              metadata: {},
            },
            { output_type: 'display_data', data: { 'application/json': { a: 1 } }, metadata: {} },
            {
              output_type: 'display_data',
              data: { 'image/png': 'iVBOR', 'text/html': '<b>x</b>' },
              metadata: {},
            },
            {
              output_type: 'error',
              ename: 'ZeroDivisionError',
              evalue: 'division by zero',
              traceback: ['\u001b[0;31m---'],
            },
          ],
        },
        { cell_type: 'code', id: 'ok-id', metadata: {}, source: '', outputs: [] },
        { cell_type: 'raw', id: 'bad id!', metadata: {}, source: 'a ``` b' },
      ],
    });
    expect(nb.metadata).toEqual({});
    expect(nb.cells).toEqual([
      { id: 'cell-0', kind: 'markdown', source: ['# Title\n', 'text'] },
      {
        id: 'cell-1',
        kind: 'gsql',
        source: ['print(1)\n', '1'],
        outputs: [
          { kind: 'text', text: 'warn\n' },
          { kind: 'text', text: '1' },
          { kind: 'results', results: [{ a: 1 }] },
          { kind: 'text', text: '(output not imported: image/png, text/html)' },
          { kind: 'error', code: 'ZeroDivisionError', message: 'division by zero' },
        ],
      },
      { id: 'ok-id', kind: 'gsql', source: [] },
      { id: 'cell-3', kind: 'markdown', source: ['````\n', 'a ``` b\n', '````\n'] },
    ]);
    expect(notebookSchema.safeParse(nb).success).toBe(true);
  });

  it('keeps ids unique: duplicates and clashes get fresh ones', () => {
    const cell = (id: unknown) => ({ cell_type: 'markdown', id, metadata: {}, source: [] });
    const nb = fromIpynb({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [cell('cell-1'), cell('cell-1'), cell(7), cell('x'.repeat(65))],
    });
    expect(nb.cells.map((c) => c.id)).toEqual(['cell-1', 'cell-1-2', 'cell-2', 'cell-3']);
  });

  it.each([
    [null, 'notebook: '],
    [{ nbformat: 3, metadata: {}, cells: [] }, 'nbformat 3 is not supported'],
    [{ nbformat: 4, metadata: {} }, 'notebook: cells: '],
    [
      { nbformat: 4, metadata: {}, cells: [{ cell_type: 'foo', source: '' }] },
      "cell 0: unknown cell_type 'foo'",
    ],
    [{ nbformat: 4, metadata: {}, cells: [{ cell_type: 'code', source: 3 }] }, 'cell 0: source: '],
    [
      {
        nbformat: 4,
        metadata: {},
        cells: [
          { cell_type: 'markdown', source: '' },
          { cell_type: 'code', source: '', outputs: [{ output_type: 'nope' }] },
        ],
      },
      "cell 1: output 0: unknown output_type 'nope'",
    ],
    [
      {
        nbformat: 4,
        metadata: {},
        cells: [{ cell_type: 'code', source: '', outputs: [{ output_type: 'stream', text: 'x' }] }],
      },
      'cell 0: output 0: name: ',
    ],
    [
      {
        nbformat: 4,
        metadata: {},
        cells: [{ cell_type: 'code', source: '', metadata: { gwb: { kind: 'nope' } } }],
      },
      'cell 0: metadata.gwb: kind: ',
    ],
    [{ nbformat: 4, metadata: { gwb: { graph: 1 } }, cells: [] }, 'metadata.gwb: graph: '],
  ])('rejects bad input %#', (input, message) => {
    let caught: unknown;
    try {
      fromIpynb(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IpynbFormatError);
    expect((caught as IpynbFormatError).code).toBe('GWB-NOTEBOOK-IPYNB');
    expect((caught as IpynbFormatError).message).toContain(message);
  });
});

describe('round trip of awkward keys', () => {
  it('keeps a parameter named "__proto__" (as JSON.parse gives it: an own key)', () => {
    const nb = JSON.parse(
      JSON.stringify({
        format: 'gwb-notebook',
        version: 1,
        metadata: {},
        cells: [{ id: 'c0', kind: 'gsql', source: [], parameters: { x: 1 } }],
      }).replace('"x"', '"__proto__"'),
    ) as Notebook;
    expect(Object.keys(nb.cells[0]?.parameters ?? {})).toEqual(['__proto__']);
    const back = fromIpynb(JSON.parse(JSON.stringify(toIpynb(nb))));
    expect(Object.keys(back.cells[0]?.parameters ?? {})).toEqual(['__proto__']);
    expect(back).toStrictEqual(nb);
  });
});

describe('round trip of generated notebooks', () => {
  const text = fc.string({ maxLength: 20 });
  // JSON text has no -0 (it reads back as 0), so values are taken as JSON gives them back.
  const json = (maxDepth: number) =>
    fc.jsonValue({ maxDepth }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
  const positive = fc.integer({ min: 1, max: 10_000 });
  const output = fc.oneof(
    fc.record(
      {
        kind: fc.constant('results' as const),
        results: fc.array(json(3), { maxLength: 4 }),
        label: text,
        truncated: fc.boolean(),
      },
      { requiredKeys: ['kind', 'results'] },
    ),
    fc.record({ kind: fc.constant('text' as const), text }),
    fc.record(
      {
        kind: fc.constant('error' as const),
        code: text,
        message: text,
        line: positive,
        column: positive,
      },
      { requiredKeys: ['kind', 'code', 'message'] },
    ),
  );
  const run = fc.record(
    {
      status: fc.constantFrom('ok' as const, 'error' as const, 'aborted' as const),
      ms: fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      at: text,
      requestIds: fc.array(text, { maxLength: 2 }),
      graph: text,
    },
    { requiredKeys: ['status', 'ms', 'at'] },
  );
  const cell = fc.record(
    {
      kind: fc.constantFrom(
        'gsql' as const,
        'query' as const,
        'path' as const,
        'markdown' as const,
      ),
      source: fc.array(text, { maxLength: 4 }),
      parameters: fc.dictionary(text, json(2), { maxKeys: 3 }),
      outputs: fc.array(output, { maxLength: 3 }),
      run,
    },
    { requiredKeys: ['kind', 'source'] },
  );
  const notebook = fc
    .record({
      metadata: fc.record({ graph: text, title: text }, { requiredKeys: [] }),
      cells: fc.array(cell, { maxLength: 6 }),
    })
    // structuredClone: fast-check builds null-prototype objects, which toStrictEqual tells apart.
    .map(({ metadata, cells }): Notebook =>
      structuredClone({
        format: 'gwb-notebook',
        version: 1,
        metadata,
        cells: cells.map((c, i) => ({ id: `c${i}`, ...c })),
      }),
    );

  it('fromIpynb(toIpynb(nb)) equals nb, in memory and through JSON text', () => {
    fc.assert(
      fc.property(notebook, (nb) => {
        expect(notebookSchema.safeParse(nb).success).toBe(true);
        expect(fromIpynb(toIpynb(nb))).toStrictEqual(nb);
        expect(fromIpynb(JSON.parse(JSON.stringify(toIpynb(nb))))).toStrictEqual(nb);
      }),
      { numRuns: 300 },
    );
  });
});
