// An incremental JSON reader over byte chunks: push() reads every complete token of what has
// arrived and hands it to a handler (start and end of objects and arrays, keys, values), keeping
// only an incomplete token for the next chunk, so a large body is never held whole. Keys without
// escapes are handed over as the bytes of the input (an upsert's ids go to a key list as they
// are). Numbers are exact: an integer beyond 2^53 is a bigint (JSON.parse would round it).
// Malformed input, nesting deeper than the limit and trailing text throw JsonSyntaxError.

/** Malformed JSON, with the byte offset where it was found. */
export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export type JsonScalar = string | number | bigint | boolean | null;

export interface JsonHandler {
  startObject(): void;
  endObject(): void;
  startArray(): void;
  endArray(): void;
  /**
   * A key: bytes [start, end) of `bytes` are its UTF-8 text when `text` is undefined (no
   * escapes), else `text` is the decoded key.
   */
  key(text: string | undefined, bytes: Uint8Array, start: number, end: number): void;
  value(value: JsonScalar): void;
}

const enum Expect {
  Value = 0,
  KeyOrEnd = 1,
  Key = 2,
  Colon = 3,
  CommaOrEnd = 4,
  ValueOrEnd = 5,
  Done = 6,
}

const OBJECT = 0;
const ARRAY = 1;
const empty = Buffer.alloc(0);
const bom = [0xef, 0xbb, 0xbf];

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const numberPattern = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export class JsonStream {
  private buf: Buffer = empty;
  private pos = 0;
  /** Bytes read before the current buffer (for error offsets). */
  private consumed = 0;
  private readonly stack: number[] = [];
  private expect: Expect = Expect.Value;
  private started = false;
  private head: Buffer = empty;
  private store: Buffer = empty;
  private owned = false;
  /** An unfinished string: how far (from its start) it was scanned, and whether it escapes. */
  private stringScanned = 0;
  private stringEscaped = false;

  constructor(
    private readonly handler: JsonHandler,
    private readonly maxDepth = 100,
  ) {}

  private fail(what: string): never {
    throw new JsonSyntaxError(`${what} at byte ${this.consumed + this.pos}`);
  }

  /** Reads what `chunk` completes; an unfinished token waits for the next one. */
  push(chunk: Uint8Array): void {
    let data = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.started) {
      // A UTF-8 byte-order mark (some Windows tools write one) is not part of the JSON; its
      // three bytes may come in more than one chunk.
      data = Buffer.concat([this.head, data]);
      if (data.length < 3 && data.every((b, i) => b === bom[i])) {
        this.head = data;
        return;
      }
      this.started = true;
      if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
    }
    const carried = this.buf.length - this.pos;
    this.consumed += this.pos;
    if (carried === 0) {
      this.buf = data;
      this.owned = false;
    } else {
      // An unfinished token: copied to the front of an owned buffer that doubles as needed, so
      // a long string arriving in many chunks is not copied over and over.
      const need = carried + data.length;
      if (this.owned && this.store.length >= need) {
        this.store.copyWithin(0, this.pos, this.buf.length);
      } else {
        const grown = Buffer.allocUnsafe(Math.max(need, this.owned ? this.store.length * 2 : 0));
        this.buf.copy(grown, 0, this.pos, this.buf.length);
        this.store = grown;
        this.owned = true;
      }
      data.copy(this.store, carried);
      this.buf = this.store.subarray(0, need);
    }
    this.pos = 0;
    this.read(false);
  }

  /** The input is complete: what is left must finish the value. */
  end(): void {
    if (!this.started && this.head.length > 0) {
      this.started = true;
      this.buf = this.head;
    }
    this.read(true);
    if (this.expect !== Expect.Done) this.fail('unexpected end of JSON input');
  }

  /** Whether any value was read (false for an empty or all-blank body). */
  get sawValue(): boolean {
    return this.expect !== Expect.Value || this.stack.length > 0;
  }

  private afterValue(): void {
    this.expect = this.stack.length === 0 ? Expect.Done : Expect.CommaOrEnd;
  }

  private read(final: boolean): void {
    const buf = this.buf;
    const n = buf.length;
    const h = this.handler;
    for (;;) {
      let p = this.pos;
      while (p < n && isSpace(buf[p] as number)) p++;
      this.pos = p;
      if (p >= n) {
        if (final && this.expect === Expect.Value && this.stack.length === 0) return;
        return;
      }
      const c = buf[p] as number;
      switch (this.expect) {
        case Expect.Done:
          return this.fail('unexpected text after the JSON value');
        case Expect.Colon:
          if (c !== 0x3a) this.fail("expected ':'");
          this.pos = p + 1;
          this.expect = Expect.Value;
          continue;
        case Expect.CommaOrEnd: {
          const inObject = this.stack[this.stack.length - 1] === OBJECT;
          if (c === 0x2c) {
            this.pos = p + 1;
            this.expect = inObject ? Expect.Key : Expect.Value;
            continue;
          }
          if (c === (inObject ? 0x7d : 0x5d)) {
            this.pos = p + 1;
            this.stack.pop();
            if (inObject) h.endObject();
            else h.endArray();
            this.afterValue();
            continue;
          }
          return this.fail(inObject ? "expected ',' or '}'" : "expected ',' or ']'");
        }
        case Expect.KeyOrEnd:
        case Expect.Key:
          if (c === 0x7d && this.expect === Expect.KeyOrEnd) {
            this.pos = p + 1;
            this.stack.pop();
            h.endObject();
            this.afterValue();
            continue;
          }
          if (c !== 0x22) this.fail('expected a key in double quotes');
          if (!this.string(true, final)) return;
          this.expect = Expect.Colon;
          continue;
        case Expect.ValueOrEnd:
        case Expect.Value:
          if (c === 0x5d && this.expect === Expect.ValueOrEnd) {
            this.pos = p + 1;
            this.stack.pop();
            h.endArray();
            this.afterValue();
            continue;
          }
          if (c === 0x7b || c === 0x5b) {
            if (this.stack.length >= this.maxDepth)
              this.fail(`the JSON nests deeper than ${this.maxDepth} levels`);
            this.pos = p + 1;
            if (c === 0x7b) {
              this.stack.push(OBJECT);
              this.expect = Expect.KeyOrEnd;
              h.startObject();
            } else {
              this.stack.push(ARRAY);
              this.expect = Expect.ValueOrEnd;
              h.startArray();
            }
            continue;
          }
          if (c === 0x22) {
            if (!this.string(false, final)) return;
          } else if (c === 0x2d || isDigit(c)) {
            if (!this.number(final)) return;
          } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
            if (!this.literal(final)) return;
          } else this.fail('unexpected character');
          this.afterValue();
          continue;
      }
    }
  }

  /** A string at pos: false when it is not complete yet. */
  private string(isKey: boolean, final: boolean): boolean {
    const buf = this.buf;
    const n = buf.length;
    const start = this.pos + 1;
    let escaped = this.stringEscaped;
    let p = start + this.stringScanned;
    for (; p < n; p++) {
      const c = buf[p] as number;
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        p++;
      } else if (c < 0x20) {
        this.pos = p;
        this.fail('a control character in a string');
      }
    }
    if (p >= n) {
      if (final) {
        this.pos = n;
        this.fail('unterminated string');
      }
      // Resume where this stopped (before a trailing backslash, whose escape is not seen yet).
      const back = p > n ? 2 : 0;
      this.stringScanned = p - back - start;
      this.stringEscaped = escaped;
      return false;
    }
    this.stringScanned = 0;
    this.stringEscaped = false;
    let text: string | undefined;
    if (escaped) {
      try {
        text = JSON.parse(buf.toString('utf8', start - 1, p + 1)) as string;
      } catch {
        this.fail('a bad escape in a string');
      }
    }
    this.pos = p + 1;
    if (isKey) this.handler.key(text, buf, start, p);
    else this.handler.value(text ?? buf.toString('utf8', start, p));
    return true;
  }

  private number(final: boolean): boolean {
    const buf = this.buf;
    const n = buf.length;
    let p = this.pos;
    for (; p < n; p++) {
      const c = buf[p] as number;
      if (!(isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45))
        break;
    }
    if (p >= n && !final) return false;
    const text = buf.toString('latin1', this.pos, p);
    if (!numberPattern.test(text)) this.fail(`a bad number ${JSON.stringify(text)}`);
    let value: number | bigint = Number(text);
    if (!Number.isSafeInteger(value) && /^-?\d+$/.test(text)) value = BigInt(text);
    this.pos = p;
    this.handler.value(value);
    return true;
  }

  private literal(final: boolean): boolean {
    const buf = this.buf;
    const c = buf[this.pos] as number;
    const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
    if (this.pos + word.length > buf.length) {
      if (final) this.fail('unexpected end of JSON input');
      return false;
    }
    if (buf.toString('latin1', this.pos, this.pos + word.length) !== word)
      this.fail('unexpected character');
    this.pos += word.length;
    this.handler.value(word === 'true' ? true : word === 'false' ? false : null);
    return true;
  }
}
