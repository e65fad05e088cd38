// User-defined accumulator typedefs of the GSQL server (/gsql/v1/udt/accum): `TYPEDEF
// HeapAccum<...>(n, f DESC) name` or `TYPEDEF GroupByAccum<...> name` given as GSQL text, kept in
// the log of record (a named record beside the graph), listed as {name: "<type> name\n"} as the
// real service answers, and dropped by name. The shell's top-level TYPEDEF of an accumulator
// type lands in the same store.
import { formatType, type TypedefAccum } from '../../core/gsql/index.js';
import { CatalogError } from '../engine/catalog/errors.js';
import type { Engine } from '../engine/engine.js';
import { parseStatements } from '../handlers/schema-common.js';
import { recordCell, type RecordCell } from '../stored/record-cell.js';

export interface AccumTypedef {
  readonly name: string;
  /** The typedef as the service shows it: `<accumulator type> <name>\n`. */
  readonly text: string;
}

const recordKey = 'udt.accums';

function readStored(stored: unknown): readonly AccumTypedef[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (a): a is AccumTypedef =>
      typeof a === 'object' && a !== null && typeof (a as AccumTypedef).name === 'string',
  );
}

export function accumStore(engine: Engine): RecordCell<readonly AccumTypedef[]> {
  return recordCell(engine, recordKey, readStored);
}

/** A TYPEDEF of an accumulator type as it is kept and shown. */
export function accumFromTypedef(node: TypedefAccum): AccumTypedef {
  return { name: node.name, text: `${formatType(node.type)} ${node.name}\n` };
}

/** Reads one or more TYPEDEF statements of accumulator types (a `;`-separated text). */
export function accumTypedefs(text: string): AccumTypedef[] {
  // Accept the text with or without the leading TYPEDEF keyword, as a typedef's shown form.
  const source = /^\s*typedef\b/i.test(text) ? text : `TYPEDEF ${text}`;
  const statements = parseStatements(source, ['TypedefAccum'], 'AccumString');
  return statements.map(accumFromTypedef);
}

export function addAccums(
  current: readonly AccumTypedef[],
  added: readonly AccumTypedef[],
): readonly AccumTypedef[] {
  const next = [...current];
  for (const accum of added) {
    if (next.some((a) => a.name.toLowerCase() === accum.name.toLowerCase())) {
      throw new CatalogError('SCHEMA-EXISTS', `accumulator "${accum.name}" already exists`);
    }
    next.push(accum);
  }
  return next;
}

export function requireAccum(current: readonly AccumTypedef[], name: string): AccumTypedef {
  const found = current.find((a) => a.name === name);
  if (!found) throw new CatalogError('SCHEMA-NOT-FOUND', `accumulator "${name}" does not exist`);
  return found;
}

export function dropAccums(
  current: readonly AccumTypedef[],
  names: readonly string[],
): readonly AccumTypedef[] {
  for (const name of names) requireAccum(current, name);
  return current.filter((a) => !names.includes(a.name));
}
