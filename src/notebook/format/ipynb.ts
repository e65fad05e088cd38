// Export of a .gwbnb notebook to Jupyter (nbformat 4.5) and import back. Jupyter has no notion of
// installed-query or path cells, so those become readable code cells while everything the
// notebook format holds that Jupyter cannot (kind, parameters, runs, labels) travels in
// `metadata.gwb`; import prefers that metadata, so a round trip restores a notebook exactly.
// Shared by the notebook server and the browser: no Node built-ins here.
import { stringifyJson } from '../../core/json.js';
import { z } from 'zod';
import {
  cellKinds,
  cellOutput,
  cellParameters,
  jsonObject,
  cellRun,
  cellSchema,
  emptyNotebook,
  notebookSchema,
  sourceLines,
  sourceText,
  type Cell,
  type CellOutput,
  type Notebook,
} from './notebook.js';

export const IPYNB_ERROR_CODE = 'GWB-NOTEBOOK-IPYNB';

export class IpynbFormatError extends Error {
  readonly code = IPYNB_ERROR_CODE;
  /** A client mistake (a bad upload), for servers that map errors to HTTP statuses. */
  readonly status = 400;

  constructor(message: string) {
    super(message);
    this.name = 'IpynbFormatError';
  }
}

/** Jupyter shows text/plain in full; beyond this the JSON tree (application/json) is the copy. */
const maxPlainChars = 10_000;

const gwbCellMeta = z.object({
  kind: z.enum(cellKinds),
  parameters: cellParameters.optional(),
  /** The cell's own source when the Jupyter source is generated (query and path cells). */
  source: z.array(z.string()).optional(),
  run: cellRun.optional(),
  /** Outputs of markdown cells, which Jupyter cannot hold. */
  outputs: z.array(cellOutput).optional(),
  /** The cell ran and printed nothing; without it an empty Jupyter list means "never ran". */
  emptyOutputs: z.literal(true).optional(),
});
type GwbCellMeta = z.infer<typeof gwbCellMeta>;

const gwbOutputMeta = z.object({
  label: z.string().optional(),
  truncated: z.boolean().optional(),
});

const gwbNotebookMeta = z.object({
  graph: z.string().optional(),
  title: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// export

export function toIpynb(notebook: Notebook): object {
  const gwb: Record<string, unknown> = {};
  if (notebook.metadata.graph !== undefined) gwb.graph = notebook.metadata.graph;
  if (notebook.metadata.title !== undefined) gwb.title = notebook.metadata.title;
  // Keys sorted as Jupyter writes them, so a re-save in Jupyter diffs small.
  return {
    cells: notebook.cells.map(exportCell),
    metadata: {
      gwb,
      kernelspec: { display_name: 'GSQL (graph-workbench)', language: 'gsql', name: 'gsql' },
      language_info: { name: 'gsql' },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
}

function exportCell(cell: Cell): object {
  const meta: GwbCellMeta = { kind: cell.kind };
  if (cell.parameters !== undefined) meta.parameters = cell.parameters;
  const generated = cell.kind === 'query' || cell.kind === 'path';
  if (generated) meta.source = cell.source;
  if (cell.run !== undefined) meta.run = cell.run;
  if (cell.kind === 'markdown') {
    if (cell.outputs !== undefined) meta.outputs = cell.outputs;
    return { cell_type: 'markdown', id: cell.id, metadata: { gwb: meta }, source: cell.source };
  }
  if (cell.outputs?.length === 0) meta.emptyOutputs = true;
  return {
    cell_type: 'code',
    execution_count: null,
    id: cell.id,
    metadata: { gwb: meta },
    outputs: (cell.outputs ?? []).map(exportOutput),
    source: generated ? sourceLines(generatedSource(cell)) : cell.source,
  };
}

function json(value: unknown, indent?: number): string {
  // Results may hold bigints (ids past 2^53) that JSON.stringify rejects.
  return stringifyJson(value, indent);
}

/** Shows what a structured cell does, in GSQL where GSQL can say it. */
function generatedSource(cell: Cell): string {
  const p = cell.parameters ?? {};
  if (cell.kind === 'query') {
    const name = typeof p.query === 'string' && p.query !== '' ? p.query : '?';
    const args = isRecord(p.args) ? Object.values(p.args).map(gsqlLiteral) : [];
    return `RUN QUERY ${name}(${args.join(', ')})\n`;
  }
  const mode =
    p.mode === 'all'
      ? 'all paths'
      : p.mode === 'allShortest'
        ? 'all shortest paths'
        : 'shortest path';
  const ends = `from ${vertexText(p.source ?? p.from)} to ${vertexText(p.target ?? p.to)}`;
  const length = typeof p.maxLength === 'number' ? `, max length ${p.maxLength}` : '';
  return `// graph-workbench path cell: ${mode} ${ends}${length}\n${json(p, 2)}\n`;
}

function gsqlLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(gsqlLiteral).join(', ')}]`;
  // A vertex of an untyped VERTEX parameter is written (id, type) in GSQL.
  if (isRecord(value) && typeof value.type === 'string' && 'id' in value) {
    return `(${json(String(value.id))}, ${json(value.type)})`;
  }
  return json(value);
}

function vertexText(value: unknown): string {
  if (isRecord(value) && 'id' in value) {
    const type = typeof value.type === 'string' ? `${value.type} ` : '';
    return `${type}${json(value.id)}`;
  }
  return '?';
}

function exportOutput(output: CellOutput): object {
  switch (output.kind) {
    case 'results': {
      const meta: z.infer<typeof gwbOutputMeta> = {};
      if (output.label !== undefined) meta.label = output.label;
      if (output.truncated !== undefined) meta.truncated = output.truncated;
      return {
        data: { 'application/json': output.results, 'text/plain': sourceLines(plain(output)) },
        execution_count: null,
        metadata: { gwb: meta },
        output_type: 'execute_result',
      };
    }
    case 'text':
      return { name: 'stdout', output_type: 'stream', text: sourceLines(output.text) };
    case 'error':
      return {
        ename: output.code,
        evalue: output.message,
        output_type: 'error',
        traceback: [`${output.code}${position(output)}: ${output.message}`],
      };
  }
}

function plain(output: Extract<CellOutput, { kind: 'results' }>): string {
  const text = json(output.results, 2);
  const note = output.truncated === true ? '\n(cut when stored: the results were too large)' : '';
  if (text.length <= maxPlainChars) return text + note;
  const rest = text.length - maxPlainChars;
  return `${text.slice(0, maxPlainChars)}\n… ${rest} more characters (see application/json)${note}`;
}

function position(output: { line?: number; column?: number }): string {
  const { line, column } = output;
  if (line !== undefined && column !== undefined) return ` (line ${line}, column ${column})`;
  if (line !== undefined) return ` (line ${line})`;
  if (column !== undefined) return ` (column ${column})`;
  return '';
}

// ---------------------------------------------------------------------------------------------
// import

const multiline = z.union([z.string(), z.array(z.string())]);
const looseRecord = jsonObject();

const ipynbNotebook = z.looseObject({
  nbformat: z.number().int(),
  nbformat_minor: z.number().int().optional(),
  metadata: looseRecord.optional(),
  cells: z.array(z.unknown()),
});

const ipynbCell = z.looseObject({
  cell_type: z.string(),
  id: z.unknown().optional(),
  metadata: looseRecord.optional(),
  source: multiline,
  outputs: z.array(z.unknown()).optional(),
});

const ipynbOutputs = {
  stream: z.looseObject({ name: z.string(), text: multiline }),
  data: z.looseObject({ data: looseRecord, metadata: looseRecord.optional() }),
  error: z.looseObject({
    ename: z.string(),
    evalue: z.string(),
    traceback: z.array(z.string()).optional(),
  }),
};

export function fromIpynb(input: unknown): Notebook {
  const nb = check(ipynbNotebook, input, 'notebook');
  if (nb.nbformat !== 4) {
    throw new IpynbFormatError(`nbformat ${nb.nbformat} is not supported (only nbformat 4)`);
  }
  const meta = check(gwbNotebookMeta, nb.metadata?.gwb ?? {}, 'metadata.gwb');
  const notebook = emptyNotebook();
  if (meta.graph !== undefined) notebook.metadata.graph = meta.graph;
  if (meta.title !== undefined) notebook.metadata.title = meta.title;
  const cells = nb.cells.map((raw, index) => importCell(raw, `cell ${index}`));
  const ids = assignIds(cells.map((c) => c.id));
  notebook.cells = cells.map((cell, index) => ({ ...cell, id: ids[index] ?? `cell-${index}` }));
  const parsed = notebookSchema.safeParse(notebook);
  if (!parsed.success) throw new IpynbFormatError(`not convertible: ${issueText(parsed.error)}`);
  return notebook;
}

/** A cell whose id is still Jupyter's (possibly missing or invalid). */
type ImportedCell = Omit<Cell, 'id'> & { id: unknown };

function importCell(raw: unknown, where: string): ImportedCell {
  const cell = check(ipynbCell, raw, where);
  const gwb = check(gwbCellMeta.optional(), cell.metadata?.gwb, `${where}: metadata.gwb`);
  const source = typeof cell.source === 'string' ? sourceLines(cell.source) : cell.source;
  switch (cell.cell_type) {
    case 'markdown': {
      const out = build(cell.id, gwb?.kind ?? 'markdown', gwb?.source ?? source, gwb);
      if (gwb?.outputs !== undefined) out.outputs = gwb.outputs;
      return out;
    }
    case 'raw':
      return build(cell.id, 'markdown', sourceLines(fenced(sourceText(source))), undefined);
    case 'code': {
      const out = build(cell.id, gwb?.kind ?? 'gsql', gwb?.source ?? source, gwb);
      const outputs = (cell.outputs ?? []).flatMap((o, i) =>
        importOutput(o, `${where}: output ${i}`),
      );
      if (outputs.length > 0 || gwb?.emptyOutputs === true) out.outputs = outputs;
      return out;
    }
    default:
      throw new IpynbFormatError(`${where}: unknown cell_type '${cell.cell_type}'`);
  }
}

function build(
  id: unknown,
  kind: Cell['kind'],
  source: string[],
  gwb: GwbCellMeta | undefined,
): ImportedCell {
  const cell: ImportedCell = { id, kind, source };
  if (gwb?.parameters !== undefined) cell.parameters = gwb.parameters;
  if (gwb?.run !== undefined) cell.run = gwb.run;
  return cell;
}

function importOutput(raw: unknown, where: string): CellOutput[] {
  const type = isRecord(raw) ? raw.output_type : undefined;
  switch (type) {
    case 'stream': {
      const o = check(ipynbOutputs.stream, raw, where);
      return [{ kind: 'text', text: typeof o.text === 'string' ? o.text : sourceText(o.text) }];
    }
    case 'execute_result':
    case 'display_data':
      return [dataOutput(check(ipynbOutputs.data, raw, where), where)];
    case 'error': {
      const o = check(ipynbOutputs.error, raw, where);
      const out: CellOutput = { kind: 'error', code: o.ename, message: o.evalue };
      return [{ ...out, ...parsePosition(o.ename, o.traceback?.[0]) }];
    }
    default:
      throw new IpynbFormatError(`${where}: unknown output_type '${String(type)}'`);
  }
}

function dataOutput(o: z.infer<typeof ipynbOutputs.data>, where: string): CellOutput {
  const meta = check(gwbOutputMeta.optional(), o.metadata?.gwb, `${where}: metadata.gwb`);
  const value = o.data['application/json'];
  if (value !== undefined) {
    const out: CellOutput = { kind: 'results', results: Array.isArray(value) ? value : [value] };
    if (meta?.label !== undefined) out.label = meta.label;
    if (meta?.truncated !== undefined) out.truncated = meta.truncated;
    return out;
  }
  const text = o.data['text/plain'];
  if (
    typeof text === 'string' ||
    (Array.isArray(text) && text.every((t) => typeof t === 'string'))
  ) {
    return { kind: 'text', text: typeof text === 'string' ? text : sourceText(text) };
  }
  // Images, HTML and the like have no place in the format (and HTML must never be inserted).
  return { kind: 'text', text: `(output not imported: ${Object.keys(o.data).join(', ')})` };
}

/** Reads back the ` (line L, column C)` that export writes after the code in the traceback. */
function parsePosition(
  ename: string,
  first: string | undefined,
): { line?: number; column?: number } {
  if (first === undefined || !first.startsWith(ename)) return {};
  const m = /^ \((?:line (\d+)(?:, column (\d+))?|column (\d+))\): /.exec(
    first.slice(ename.length),
  );
  if (!m) return {};
  const at: { line?: number; column?: number } = {};
  const line = Number(m[1] ?? 0);
  const column = Number(m[2] ?? m[3] ?? 0);
  if (Number.isSafeInteger(line) && line > 0) at.line = line;
  if (Number.isSafeInteger(column) && column > 0) at.column = column;
  return at;
}

/** Raw cells have no rendering in the format; a fence keeps their text literal. */
function fenced(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${fence}\n`;
}

/** Keeps valid, unique ids; gives the others `cell-<index>` (suffixed if that is taken). */
function assignIds(ids: readonly unknown[]): string[] {
  const idPattern = cellSchema.shape.id;
  const kept = ids.map((id) => (idPattern.safeParse(id).success ? (id as string) : undefined));
  const taken = new Set<string>();
  const valid = kept.map((id) => {
    if (id === undefined || taken.has(id)) return undefined;
    taken.add(id);
    return id;
  });
  return valid.map((id, index) => {
    if (id !== undefined) return id;
    let fresh = `cell-${index}`;
    for (let n = 2; taken.has(fresh); n++) fresh = `cell-${index}-${n}`;
    taken.add(fresh);
    return fresh;
  });
}

function check<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new IpynbFormatError(`${where}: ${issueText(parsed.error)}`);
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
