// The vertex id of one line for a destination clause, read without a string when it can be:
// from the input bytes when the id is a plain column of a CSV line whose text is already the
// canonical form (any STRING id; an INT or UINT id written as plain digits, no sign but INT's
// minus, no leading zero, below 2^53), else through the id's text coerced to its canonical form.
import type { VertexTypeDef } from '../catalog/types.js';
import { canonicalId } from '../data/ids.js';
import { EngineError } from '../errors.js';
import type { KeyWriter } from '../keys.js';
import { ValueError } from '../values.js';
import { ByteRow } from './csv-bytes.js';
import type { Evaluator, Row } from './expr.js';
import { text } from './functions.js';

/** How an id's text is its canonical form (see IdSlot.read). */
export const enum Canon {
  Text = 0,
  Int = 1,
  Uint = 2,
  Other = 3,
}

export function canonOf(def: VertexTypeDef): Canon {
  if (def.compositeKey.length > 1) return Canon.Other;
  const type = def.primaryId.type;
  if (type.kind !== 'primitive') return Canon.Other;
  return type.name === 'STRING'
    ? Canon.Text
    : type.name === 'INT'
      ? Canon.Int
      : type.name === 'UINT'
        ? Canon.Uint
        : Canon.Other;
}

/** Whether bytes [start, end) are an integer id in its canonical form (non-empty). */
export function canonicalInteger(
  bytes: Uint8Array,
  start: number,
  end: number,
  signed: boolean,
): boolean {
  let i = start;
  if (signed && bytes[i] === 0x2d) i++;
  const digits = end - i;
  if (digits < 1 || digits > 15) return false;
  if (bytes[i] === 0x30 && (digits > 1 || i > start)) return false; // 007, -0
  for (; i < end; i++) {
    const c = bytes[i] as number;
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

export type IdOutcome = 'ok' | 'noIdFound' | 'invalid';

export class IdSlot {
  private bytes: Uint8Array | undefined;
  private start = 0;
  private end = 0;
  private text = '';
  /** The canonical form of the last vertex type read (most lines read the same one). */
  private def: VertexTypeDef | undefined;
  private canon = Canon.Other;

  /**
   * `value` evaluates the id; `column` is its token index when the id is a plain `$n`, or its
   * header name when it is a plain `$"name"` (then the bytes can be used as they are).
   */
  constructor(
    private readonly value: Evaluator,
    private readonly column: number | string | undefined,
  ) {}

  /** Reads the id of `row` as a vertex of `def`. */
  read(def: VertexTypeDef, row: Row): IdOutcome {
    const column = this.column;
    if (column !== undefined && row instanceof ByteRow) {
      const index = typeof column === 'number' ? column : row.columns.get(column);
      if (index === undefined || index >= row.count) return 'noIdFound';
      const start = row.starts[index] as number;
      const end = row.ends[index] as number;
      if (start === end) return 'noIdFound';
      if (def !== this.def) {
        this.def = def;
        this.canon = canonOf(def);
      }
      const canon = this.canon;
      if (
        canon === Canon.Text ||
        (canon !== Canon.Other && canonicalInteger(row.bytes, start, end, canon === Canon.Int))
      ) {
        this.bytes = row.bytes;
        this.start = start;
        this.end = end;
        return 'ok';
      }
    }
    this.bytes = undefined;
    try {
      const raw = this.value(row);
      if (raw === undefined) return 'noIdFound';
      if (Array.isArray(raw)) {
        const parts = raw as unknown[];
        if (parts.some((p) => p === undefined || text(p) === '')) return 'noIdFound';
        this.text = canonicalId(def, parts.map(text));
      } else {
        if (text(raw) === '') return 'noIdFound';
        this.text = canonicalId(def, raw);
      }
      return 'ok';
    } catch (error) {
      if (error instanceof EngineError || error instanceof ValueError) return 'invalid';
      throw error;
    }
  }

  /** Appends the id read last to a key list. */
  write(keys: KeyWriter): void {
    if (this.bytes) keys.writeBytes(this.bytes, this.start, this.end);
    else keys.write(this.text);
  }

  /** The id read last, as text. */
  id(): string {
    return this.bytes
      ? Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
          'utf8',
          this.start,
          this.end,
        )
      : this.text;
  }
}
