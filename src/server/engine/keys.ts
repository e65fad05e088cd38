// Key lists: many external ids in one byte array, each as its UTF-8 length (LEB128, one byte
// below 128) and then its bytes. Batch mutations carry their ids so: lmdb stores them as one
// binary value (no per-id encoding), and applying a batch reads the ids as byte ranges that the
// vertex index looks up without making a string.

const encoder = new TextEncoder();

/** Appends ids to a growing byte array. */
export class KeyWriter {
  bytes = new Uint8Array(4096);
  length = 0;
  count = 0;

  /** Makes room for `more` bytes after `length` (callers writing `bytes` themselves). */
  room(more: number): void {
    const need = this.length + more;
    if (need <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < need) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  private prefix(length: number): void {
    let n = length;
    while (n >= 0x80) {
      this.bytes[this.length++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.bytes[this.length++] = n;
  }

  /** Appends the id in bytes [start, end) of `source` (UTF-8). */
  writeBytes(source: Uint8Array, start: number, end: number): void {
    const length = end - start;
    this.room(length + 5);
    this.prefix(length);
    if (length <= 16) {
      const out = this.bytes;
      let at = this.length;
      for (let i = start; i < end; i++) out[at++] = source[i] as number;
    } else this.bytes.set(source.subarray(start, end), this.length);
    this.length += length;
    this.count += 1;
  }

  /** Appends a string id. */
  write(id: string): void {
    const n = id.length;
    this.room(n * 3 + 5);
    // ASCII without the encoder; the length prefix is one byte below 128.
    if (n < 0x80) {
      const out = this.bytes;
      const at = this.length + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = id.charCodeAt(i);
        if (c >= 0x80) break;
        out[at + i] = c;
      }
      if (i === n) {
        out[this.length] = n;
        this.length = at + n;
        this.count += 1;
        return;
      }
    }
    const encoded = encoder.encode(id);
    this.writeBytes(encoded, 0, encoded.length);
  }

  /** The ids written so far (a copy), and starts over. */
  take(): Uint8Array {
    const out = this.bytes.slice(0, this.length);
    this.length = 0;
    this.count = 0;
    return out;
  }
}

/** Reads a key list in order: `next()` moves to the next id, then [start, end) are its bytes. */
export class KeyReader {
  start = 0;
  end = 0;
  constructor(readonly bytes: Uint8Array) {}

  next(): void {
    const bytes = this.bytes;
    let p = this.end;
    let length = bytes[p++] as number;
    if (length >= 0x80) {
      length &= 0x7f;
      let shift = 7;
      for (;;) {
        const b = bytes[p++] as number;
        length |= (b & 0x7f) << shift;
        if (b < 0x80) break;
        shift += 7;
      }
    }
    this.start = p;
    this.end = p + length;
  }
}

const decoder = new TextDecoder();

/** Every id of a key list as text (tests, diagnostics). */
export function keyStrings(keys: Uint8Array, count: number): string[] {
  const reader = new KeyReader(keys);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    reader.next();
    out.push(decoder.decode(keys.subarray(reader.start, reader.end)));
  }
  return out;
}
