// The notebook file format (.gwbnb), version 1: plain JSON written with two-space indentation
// and a fixed key order, so a notebook kept in git diffs line by line. Cell sources are stored as
// arrays of lines (as Jupyter does) for the same reason. Shared by the notebook server (reads and
// writes files) and the browser app (edits the cells). See docs/notebook-format.md.
import { z } from 'zod';

export const NOTEBOOK_FORMAT = 'gwb-notebook';
export const NOTEBOOK_VERSION = 1;

export const cellKinds = ['gsql', 'query', 'path', 'markdown'] as const;
export type CellKind = (typeof cellKinds)[number];

/** One output of a run: printed results, shell text, or an error (with line:column for GSQL). */
export const cellOutput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('results'),
    /** The `results` array of the answer: one entry per PRINT (or per path search). */
    results: z.array(z.unknown()),
    /** What produced it, e.g. `INTERPRET QUERY`, `RUN QUERY khop`, `shortest path`. */
    label: z.string().optional(),
    /** Set when the stored copy was cut to keep the file small. */
    truncated: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({
    kind: z.literal('error'),
    code: z.string(),
    message: z.string(),
    line: z.number().int().positive().optional(),
    column: z.number().int().positive().optional(),
  }),
]);
export type CellOutput = z.infer<typeof cellOutput>;

/** How the last run went. */
export const cellRun = z.object({
  status: z.enum(['ok', 'error', 'aborted']),
  /** Wall time of the run in milliseconds. */
  ms: z.number().nonnegative(),
  /** ISO time the run finished. */
  at: z.string(),
  /** The server's request id(s) of the queries the run started, when known. */
  requestIds: z.array(z.string()).optional(),
  graph: z.string().optional(),
});
export type CellRun = z.infer<typeof cellRun>;

/**
 * Parameters of the structured cell kinds:
 * - query: `{ query: "name", args: { param: value } }` (values as the form holds them);
 * - path: `{ source: {type,id}, target: {type,id}, maxLength, mode: 'shortest' | 'allShortest' |
 *   'all', vertexFilters, edgeFilters }` (filters as `{type, condition?}`).
 */
export const cellParameters = jsonObject();

/**
 * A JSON object of any keys, taken as it is. zod's record rebuilds the object by assignment, and
 * a "__proto__" key (an own key after JSON.parse) is lost on the way: a parameter or a Jupyter
 * field of that name would vanish on a round trip.
 */
export function jsonObject() {
  return z.custom<Record<string, unknown>>(
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    { message: 'expected an object' },
  );
}

export const cellSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  kind: z.enum(cellKinds),
  source: z.array(z.string()),
  parameters: cellParameters.optional(),
  outputs: z.array(cellOutput).optional(),
  run: cellRun.optional(),
});
export type Cell = z.infer<typeof cellSchema>;

export const notebookSchema = z.object({
  format: z.literal(NOTEBOOK_FORMAT),
  version: z.literal(NOTEBOOK_VERSION),
  metadata: z.object({
    /** The graph the notebook works on; the page lets the user switch it. */
    graph: z.string().optional(),
    title: z.string().optional(),
  }),
  cells: z.array(cellSchema),
});
export type Notebook = z.infer<typeof notebookSchema>;

/** The editable part of a cell, as the browser sends it when saving (outputs belong to runs). */
export const cellEdit = cellSchema.pick({ id: true, kind: true, source: true, parameters: true });
export type CellEdit = z.infer<typeof cellEdit>;

export function sourceLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

export function sourceText(lines: readonly string[]): string {
  return lines.join('');
}

export function emptyNotebook(graph?: string): Notebook {
  return {
    format: NOTEBOOK_FORMAT,
    version: NOTEBOOK_VERSION,
    metadata: graph === undefined ? {} : { graph },
    cells: [],
  };
}
