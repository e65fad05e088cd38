// Loading input read as bytes: lines cut at EOL and tokens cut at the separator without decoding
// the text, so a line makes no string and no array; a token becomes a string only when a
// closure reads it (ByteRow.token), and an id can go from the input bytes to a key list as it
// is. The rules are those of readLines and splitTokens (csv.ts), which the tests check this
// against: EOL and separator of any length, a QUOTE at the start of a token runs to the closing
// quote (EOL and separators inside are text; an unterminated one at the end of input reads as if
// QUOTE were not declared), a line longer than `maxLineLength` UTF-16 units is reported and
// skipped, a UTF-8 byte-order mark at the start is dropped. Memory: the current line and one
// chunk.
import type { Row } from './expr.js';
import type { LineOptions } from './csv.js';
import { bytesText } from '../graph/vertex-table.js';

const encoder = new TextEncoder();
const empty = Buffer.alloc(0);
const bom = [0xef, 0xbb, 0xbf];

/** What next() found. */
export const enum Scan {
  Line = 0,
  Oversize = 1,
  /** The rest of the buffer is part of a line: push more (or finish). */
  More = 2,
  Done = 3,
}

/** UTF-16 length of UTF-8 bytes [start, end). */
function utf16Length(bytes: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if ((b & 0xc0) !== 0x80) n += b >= 0xf0 ? 2 : 1;
  }
  return n;
}

function matchAt(buf: Uint8Array, at: number, seq: Uint8Array): boolean {
  for (let i = 0; i < seq.length; i++) if (buf[at + i] !== seq[i]) return false;
  return true;
}

export class CsvScanner {
  private readonly eol: Buffer;
  private readonly sep: Uint8Array;
  private readonly quote: number;
  private readonly max: number;
  private buf: Buffer = empty;
  /** Owned buffer the carried line and new chunks are copied into. */
  private store: Buffer = empty;
  private owned = false;
  private start = 0;
  private scan = 0;
  private inQuote = false;
  private discarding = false;
  /** After an unterminated quote at the end: lines split at EOL only, no size check. */
  private plain = false;
  private final = false;
  private atStreamStart = true;
  private head: Buffer = empty;
  /** Position of the next quote byte at or after `scan` (-1: none in the buffer). */
  private nextQuote = -2;
  /** The line found by next(): bytes [lineStart, lineEnd) of `bytes`. */
  lineStart = 0;
  lineEnd = 0;

  constructor(options: LineOptions = {}) {
    this.eol = Buffer.from(options.eol && options.eol !== '' ? options.eol : '\n');
    this.sep = encoder.encode(options.separator ?? ',');
    this.quote = options.quote ? options.quote.charCodeAt(0) : -1;
    this.max = options.maxLineLength ?? 16 * 1024 * 1024;
  }

  /** The buffer the current line's offsets point into. */
  get bytes(): Buffer {
    return this.buf;
  }

  get separator(): Uint8Array {
    return this.sep;
  }

  get quoteByte(): number {
    return this.quote;
  }

  /**
   * Where a reader of whole lines (simple-edges.ts) may take over: the input has no QUOTE, its
   * EOL and separator are one byte each, and the scanner is between lines (not skipping an
   * oversize one). Then bytes[plainFrom, bytes.length) is what is left to read and skipTo()
   * consumes what the reader took; -1 otherwise.
   */
  get plainFrom(): number {
    if (this.quote >= 0 || this.eol.length !== 1 || this.sep.length !== 1) return -1;
    if (this.discarding || this.plain || this.inQuote || this.atStreamStart) return -1;
    return this.start;
  }

  /** Consumes the lines before `position` (read by a reader of whole lines, see plainFrom). */
  skipTo(position: number): void {
    this.start = position;
    if (this.scan < position) this.scan = position;
  }

  /** Adds input; lines are then read with next() until it answers More. */
  push(chunk: Uint8Array): void {
    let data = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.atStreamStart) {
      // A UTF-8 byte-order mark (as TextDecoder drops it); its bytes may come in more than one
      // chunk.
      data = Buffer.concat([this.head, data]);
      if (data.length < 3 && data.every((b, i) => b === bom[i])) {
        this.head = data;
        return;
      }
      this.atStreamStart = false;
      if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
    }
    const carried = this.buf.length - this.start;
    if (carried === 0) {
      this.buf = data;
      this.owned = false;
      this.scan -= this.start;
      this.start = 0;
      this.nextQuote = -2;
      if (this.scan < 0) this.scan = 0;
      return;
    }
    const need = carried + data.length;
    if (this.owned && this.store.length >= need) {
      this.store.copyWithin(0, this.start, this.buf.length);
    } else {
      const grown = Buffer.allocUnsafe(
        Math.max(need, this.owned ? this.store.length * 2 : 0, 4096),
      );
      this.buf.copy(grown, 0, this.start, this.buf.length);
      this.store = grown;
      this.owned = true;
    }
    data.copy(this.store, carried);
    this.buf = this.store.subarray(0, need);
    this.scan -= this.start;
    this.start = 0;
    this.nextQuote = -2;
  }

  /** No more input: the rest is the last line. */
  finish(): void {
    if (this.atStreamStart && this.head.length > 0) {
      this.atStreamStart = false;
      const head = this.head;
      this.head = empty;
      this.push(head);
    }
    this.final = true;
  }

  private quoteFrom(from: number): number {
    if (this.nextQuote === -1 || (this.nextQuote >= from && this.nextQuote !== -2))
      return this.nextQuote;
    this.nextQuote = this.buf.indexOf(this.quote, from);
    return this.nextQuote;
  }

  private tokenStart(q: number): boolean {
    const n = this.sep.length;
    return q === this.start || (q - n >= this.start && matchAt(this.buf, q - n, this.sep));
  }

  /** Keeps only what the next push needs: the current line (or the tail of an EOL). */
  private needMore(): Scan {
    const buf = this.buf;
    // The line's text so far ends at `scan` (what follows may be the start of its EOL).
    const length = this.scan - this.start;
    if (length > this.max && utf16Length(buf, this.start, this.scan) > this.max) {
      this.discarding = true;
      this.inQuote = false;
      this.start = Math.max(this.start, buf.length - this.eol.length + 1);
      this.scan = this.start;
      return Scan.Oversize;
    }
    return Scan.More;
  }

  private line(start: number, end: number): Scan {
    this.lineStart = start;
    this.lineEnd = end;
    if (end - start > this.max && utf16Length(this.buf, start, end) > this.max)
      return Scan.Oversize;
    return Scan.Line;
  }

  /** Finds the next line: Line (lineStart/lineEnd), Oversize, More or Done. */
  next(): Scan {
    const buf = this.buf;
    const eol = this.eol;
    const eolByte = eol[0] as number;
    const single = eol.length === 1;
    for (;;) {
      if (this.discarding) {
        const e = single ? buf.indexOf(eolByte, this.scan) : buf.indexOf(eol, this.scan);
        if (e < 0) {
          const keep = this.final ? buf.length : Math.max(this.start, buf.length - eol.length + 1);
          this.start = this.scan = keep;
          return this.final ? Scan.Done : Scan.More;
        }
        this.discarding = false;
        this.start = this.scan = e + eol.length;
        continue;
      }
      if (this.plain) {
        if (this.start > buf.length) return Scan.Done;
        const e = single ? buf.indexOf(eolByte, this.start) : buf.indexOf(eol, this.start);
        const end = e < 0 ? buf.length : e;
        this.lineStart = this.start;
        this.lineEnd = end;
        this.start = this.scan = e < 0 ? buf.length + 1 : e + eol.length;
        return Scan.Line;
      }
      if (this.inQuote) {
        const close = this.quoteFrom(this.scan);
        if (close >= 0) {
          this.inQuote = false;
          this.scan = close + 1;
          continue;
        }
        if (!this.final) {
          this.scan = buf.length;
          return this.needMore();
        }
        // An unterminated quote: the rest is read as if QUOTE were not declared.
        this.inQuote = false;
        this.plain = true;
        continue;
      }
      const e = single ? buf.indexOf(eolByte, this.scan) : buf.indexOf(eol, this.scan);
      if (this.quote >= 0) {
        let q = this.quoteFrom(this.scan);
        while (q >= 0 && (e < 0 || q < e) && !this.tokenStart(q)) q = this.quoteFrom(q + 1);
        if (q >= 0 && (e < 0 || q < e)) {
          this.inQuote = true;
          this.scan = q + 1;
          continue;
        }
      }
      if (e >= 0) {
        const start = this.start;
        this.start = this.scan = e + eol.length;
        return this.line(start, e);
      }
      if (this.final) {
        if (this.start < buf.length) {
          const start = this.start;
          this.start = this.scan = buf.length;
          return this.line(start, buf.length);
        }
        return Scan.Done;
      }
      // Never back over what was read (a closing quote must not be read again as an opening
      // one); the last eol.length - 1 bytes may begin an EOL the next chunk completes.
      this.scan = Math.max(this.scan, buf.length - eol.length + 1);
      return this.needMore();
    }
  }

  /** Cuts the current line into `row`'s tokens (splitTokens' rules, on bytes). */
  split(row: ByteRow): void {
    row.reset(this.buf);
    const buf = this.buf;
    const end = this.lineEnd;
    const sep = this.sep;
    const sepByte = sep[0] as number;
    const quote = this.quote;
    let pos = this.lineStart;
    if (quote < 0 || this.findByte(quote, pos, end) < 0) {
      if (sep.length === 1) {
        let from = pos;
        for (let i = pos; i < end; i++) {
          if (buf[i] === sepByte) {
            row.add(from, i);
            from = i + 1;
          }
        }
        row.add(from, end);
        return;
      }
      for (;;) {
        const next = this.findSep(pos, end);
        row.add(pos, next < 0 ? end : next);
        if (next < 0) return;
        pos = next + sep.length;
      }
    }
    for (;;) {
      if (buf[pos] === quote && pos < end) {
        const close = this.findByte(quote, pos + 1, end);
        if (close >= 0) {
          row.add(pos + 1, close);
          const next = this.findSep(close + 1, end);
          if (next < 0) return;
          pos = next + sep.length;
          continue;
        }
      }
      const next = this.findSep(pos, end);
      const rawEnd = next < 0 ? end : next;
      const open = this.findByte(quote, pos, rawEnd);
      const close = open >= 0 ? this.findByte(quote, open + 1, rawEnd) : -1;
      if (close > open && open >= 0) row.add(open + 1, close);
      else row.add(pos, rawEnd);
      if (next < 0) return;
      pos = next + sep.length;
    }
  }

  private findByte(byte: number, from: number, end: number): number {
    const buf = this.buf;
    for (let i = from; i < end; i++) if (buf[i] === byte) return i;
    return -1;
  }

  private findSep(from: number, end: number): number {
    const sep = this.sep;
    const first = sep[0] as number;
    const last = end - sep.length;
    const buf = this.buf;
    for (let i = from; i <= last; i++) if (buf[i] === first && matchAt(buf, i, sep)) return i;
    return -1;
  }

  /** The current line as text. */
  lineText(): string {
    return this.buf.toString('utf8', this.lineStart, this.lineEnd);
  }
}

/**
 * One CSV line as byte ranges of the scanner's buffer; token(i) decodes (once per line) for the
 * compiled closures, range(i) gives the bytes for ids written to key lists as they are.
 */
export class ByteRow implements Row {
  bytes: Uint8Array = empty;
  starts = new Int32Array(16);
  ends = new Int32Array(16);
  count = 0;
  private texts: (string | undefined)[] = [];
  /** Column names of the header (or USER_DEFINED_HEADER) -> token index. */
  readonly columns = new Map<string, number>();
  constructor(readonly fileName: string) {}

  reset(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.count = 0;
    if (this.texts.length > 0) this.texts = [];
  }

  add(start: number, end: number): void {
    const i = this.count++;
    if (i >= this.starts.length) {
      const starts = new Int32Array(this.starts.length * 2);
      starts.set(this.starts);
      const ends = new Int32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[i] = start;
    this.ends[i] = end;
  }

  token(index: number): unknown {
    if (index >= this.count || index < 0) return undefined;
    let text = this.texts[index];
    if (text === undefined) {
      text = bytesText(this.bytes, this.starts[index] as number, this.ends[index] as number);
      this.texts[index] = text;
    }
    return text;
  }

  named(name: string): unknown {
    const index = this.columns.get(name);
    return index === undefined ? undefined : this.token(index);
  }

  /** Every token as text (the header line). */
  tokens(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.token(i) as string);
    return out;
  }
}
