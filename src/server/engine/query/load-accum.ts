// LOADACCUM: `@@acc = { LOADACCUM(path, $0, $1, ",", header), ... }` fills a global accumulator
// from delimited files. The listed columns feed the accumulator's fields in declaration order,
// depth first: a MapAccum takes its key, then its value accumulator's fields; a GroupByAccum its
// keys, then each member accumulator; a tuple one column per field; a vertex the id of a vertex
// of its declared type (rows naming no such vertex are skipped: an accumulator can only hold
// vertices that exist). Cells are taken as written (quotes stay), as the reference's example
// shows. `$"name"` columns need a header. `LOADACCUM(...).filter(cond)` loads only the lines the
// condition holds for, its column references reading the line's cells as text. Files must lie
// inside the folders the service allows.
import { createReadStream, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseDatetime, ValueError } from '../values.js';
import { AccBase, GroupByAcc, MapAcc, type Acc } from './accum.js';
import { QueryRuntimeError } from './errors.js';
import type { Run } from './run.js';
import { toInt, vid } from './runtime-values.js';
import { accumValueType, isScalarAccum, type AccSpec, type T } from './types.js';

export interface LoadAccumSource {
  readonly path: string;
  /** Column positions (from 0) or header names. */
  readonly columns: readonly (number | string)[];
  readonly separator: string;
  readonly header: boolean;
  /** `.filter(condition)`: a line loads only when it holds; `cell` reads a column of the line. */
  readonly filter?: (cell: (column: number | string) => string) => boolean;
}

/** A row that cannot fill the accumulator: skipped. */
class SkipRow extends Error {}

function fail(message: string): never {
  throw new QueryRuntimeError('QUERY-BAD-VALUE', `LOADACCUM: ${message}`);
}

/** The real path of `path` when inside an allowed folder (symlinks resolved); else an error. */
function allowedPath(path: string, r: Run): string {
  const dirs = r.ctx.allowedFileDirs ?? [];
  let real: string;
  try {
    real = realpathSync(resolve(path));
  } catch {
    return fail(`cannot read "${path}": no such file`);
  }
  for (const dir of dirs) {
    let base: string;
    try {
      base = realpathSync(resolve(dir));
    } catch {
      continue;
    }
    const rel = relative(base, real);
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) return real;
  }
  throw new QueryRuntimeError(
    'QUERY-FILE-DENIED',
    `LOADACCUM may not read "${path}": it is outside the allowed folders`,
  );
}

/** One row's cells, consumed left to right. */
class Cells {
  private next = 0;
  constructor(private readonly cells: readonly string[]) {}
  take(): string {
    if (this.next >= this.cells.length)
      fail('fewer columns listed than the accumulator has fields');
    return this.cells[this.next++] ?? '';
  }
  get done(): boolean {
    return this.next >= this.cells.length;
  }
}

function vertexOf(r: Run, type: string | null, id: string): number {
  if (type === null) fail('a generic VERTEX element cannot be loaded (name its type: VERTEX<T>)');
  const table = r.graph.vertices.get(type);
  if (!table) return fail(`unknown vertex type ${type}`);
  const slot = table.find(id);
  if (slot < 0) throw new SkipRow();
  return vid(table.typeIndex, slot);
}

function scalar(t: T, text: string, r: Run): unknown {
  try {
    switch (t.k) {
      case 'int':
      case 'uint':
        return toInt(text);
      case 'float':
      case 'double':
        return Number(text);
      case 'bool':
        return ['true', 't', '1'].includes(text.trim().toLowerCase());
      case 'datetime':
        return parseDatetime(text);
      case 'vertex':
        return vertexOf(r, t.vt, text);
      case 'string':
        return text;
      case 'accum':
      case 'any':
      case 'bag':
      case 'edge':
      case 'file':
      case 'json':
      case 'list':
      case 'map':
      case 'set':
      case 'tuple':
      case 'void':
      case 'vset':
        return fail(`a ${t.k} field cannot be loaded from a file`);
    }
  } catch (e) {
    if (e instanceof ValueError) fail(e.message);
    throw e;
  }
}

function value(t: T, cells: Cells, r: Run): unknown {
  if (t.k !== 'tuple') return scalar(t, cells.take(), r);
  const o: Record<string, unknown> = {};
  for (const f of t.fields) o[f.name] = value(f.type, cells, r);
  return o;
}

/** Feeds one row into `acc` (a map's or group's member accumulators recursively). */
function loadRow(acc: Acc, spec: AccSpec, cells: Cells, r: Run): void {
  if (acc instanceof MapAcc) {
    const key = value(spec.key ?? { k: 'string' }, cells, r);
    const entry = acc.entry(key);
    loadRow(entry.acc, spec.val ?? spec, cells, r);
    return;
  }
  if (acc instanceof GroupByAcc) {
    const keys = (spec.groupKeys ?? []).map((k) => value(k.type, cells, r));
    const entry = acc.entry(keys);
    (spec.groupAccs ?? []).forEach((member, i) => {
      const target = entry.accs[i];
      if (target) loadRow(target, member.spec, cells, r);
    });
    return;
  }
  if (spec.name === 'ArrayAccum') fail('an ArrayAccum cannot be loaded from a file');
  const el = isScalarAccum(spec) ? accumValueType(spec) : spec.el;
  acc.add(value(el, cells, r));
}

function columnIndex(column: number | string, names: readonly string[] | null, path: string) {
  if (typeof column === 'number') return column;
  if (names === null) return fail(`column $"${column}" of ${path} needs header=true`);
  const i = names.indexOf(column);
  return i >= 0 ? i : fail(`${path} has no column named "${column}"`);
}

/** Reads one source's lines into the accumulator: the header first when there is one. */
class SourceReader {
  private names: string[] | null = null;
  private indexes: number[] | null = null;
  constructor(
    private readonly acc: Acc,
    private readonly source: LoadAccumSource,
    private readonly r: Run,
  ) {
    if (source.separator.length !== 1)
      fail(`the separator must be one character, got "${source.separator}"`);
  }
  line(line: string): void {
    if (line === '') return;
    const fields = line.split(this.source.separator);
    if (this.source.header && this.names === null) {
      this.names = fields;
      return;
    }
    this.indexes ??= this.source.columns.map((c) => columnIndex(c, this.names, this.source.path));
    const filter = this.source.filter;
    if (filter && !filter((c) => fields[columnIndex(c, this.names, this.source.path)] ?? ''))
      return;
    const row = new Cells(this.indexes.map((i) => fields[i] ?? ''));
    try {
      loadRow(this.acc, this.acc.spec, row, this.r);
    } catch (e) {
      if (e instanceof SkipRow) return;
      throw e;
    }
    if (!row.done) fail('more columns listed than the accumulator has fields');
  }
}

function target(acc: Acc | undefined): Acc {
  if (!(acc instanceof AccBase)) return fail('the target must be a global accumulator');
  acc.clear();
  return acc;
}

/** Clears `acc` and loads every source into it, in order, streaming each file. */
export async function loadAccumulator(
  acc: Acc | undefined,
  sources: readonly LoadAccumSource[],
  r: Run,
): Promise<void> {
  const into = target(acc);
  for (const source of sources) {
    const reader = new SourceReader(into, source, r);
    const lines = createInterface({
      input: createReadStream(allowedPath(source.path, r)),
      crlfDelay: Infinity,
    });
    for await (const line of lines) reader.line(line);
  }
}

/** The lines of an allowed file (read whole: selectVertex seed files are small lists of ids). */
export function allowedFileLines(path: string, r: Run): string[] {
  return readFileSync(allowedPath(path, r), 'utf8').split(/\r?\n/);
}

/** The same without yielding (a subquery called from an ACCUM clause): files read whole. */
export function loadAccumulatorSync(
  acc: Acc | undefined,
  sources: readonly LoadAccumSource[],
  r: Run,
): void {
  const into = target(acc);
  for (const source of sources) {
    const reader = new SourceReader(into, source, r);
    for (const line of readFileSync(allowedPath(source.path, r), 'utf8').split(/\r?\n/))
      reader.line(line);
  }
}
