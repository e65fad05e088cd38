// The incremental JSON reader (data/json-stream.ts): whatever the JSON and however its bytes are
// chunked, the events rebuild the value a lossless parse gives (integers beyond 2^53 exact, as
// bigint); malformed text, trailing text and nesting past the limit are refused like JSON.parse
// refuses them; raw keys are the bytes of the input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/core/json.js';
import {
  JsonStream,
  JsonSyntaxError,
  type JsonHandler,
  type JsonScalar,
} from '../../../../src/server/engine/data/json-stream.js';

/** Rebuilds the value from the events. */
class Collect implements JsonHandler {
  private readonly stack: (unknown[] | Record<string, unknown>)[] = [];
  private readonly keys: string[] = [];
  result: unknown;
  private put(v: unknown) {
    const top = this.stack[this.stack.length - 1];
    if (!top) this.result = v;
    else if (Array.isArray(top)) top.push(v);
    // defineProperty, not assignment: a "__proto__" key must be an own key, as the parse gives it.
    else
      Object.defineProperty(top, this.keys[this.keys.length - 1] ?? '', {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  startObject() {
    const o = {};
    this.put(o);
    this.stack.push(o);
    this.keys.push('');
  }
  endObject() {
    this.stack.pop();
    this.keys.pop();
  }
  startArray() {
    const a: unknown[] = [];
    this.put(a);
    this.stack.push(a);
    this.keys.push('');
  }
  endArray() {
    this.stack.pop();
    this.keys.pop();
  }
  key(text: string | undefined, bytes: Uint8Array, start: number, end: number) {
    this.keys[this.keys.length - 1] = text ?? Buffer.from(bytes.subarray(start, end)).toString();
  }
  value(v: JsonScalar) {
    this.put(v);
  }
}

function read(parts: Uint8Array[], maxDepth?: number): unknown {
  const collect = new Collect();
  const stream = new JsonStream(collect, maxDepth);
  for (const part of parts) stream.push(part);
  stream.end();
  return collect.result;
}

function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  return out;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('JsonStream', () => {
  it('rebuilds any JSON value, however chunked', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.constantFrom(0, 2),
        (value, at, indent) => {
          const text = JSON.stringify(value, null, indent);
          const expected = parseJson(text);
          expect(read([bytes(text)])).toEqual(expected);
          expect(read(cut(bytes(text), at))).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads a "__proto__" key as an ordinary key', () => {
    expect(read([bytes('{"__proto__": {"a": 1}}')])).toEqual(parseJson('{"__proto__": {"a": 1}}'));
  });

  it('keeps integers beyond 2^53 exact, and reads numbers in every JSON form', () => {
    const text =
      '{"big": 9223372036854775807, "neg": -9223372036854775808, "u": 18446744073709551615, "f": -1.5e-3, "z": 0, "e": 2E+2, "safe": 9007199254740991}';
    const parts = Array.from(bytes(text), (b) => Uint8Array.of(b));
    expect(read(parts)).toEqual({
      big: 9223372036854775807n,
      neg: -9223372036854775808n,
      u: 18446744073709551615n,
      f: -0.0015,
      z: 0,
      e: 200,
      safe: 9007199254740991,
    });
  });

  it('reads escapes, multi-byte text and a byte-order mark', () => {
    const text = '\uFEFF{"k\\u00e9y": ["a\\"b\\\\c\\n", "東京🙂"], "é": true, "n": null}';
    const all = bytes(text);
    const expected = { 'k\u00e9y': ['a"b\\c\n', '東京🙂'], é: true, n: null };
    for (let c = 0; c <= all.length; c++)
      expect(read([all.subarray(0, c), all.subarray(c)])).toEqual(expected);
  });

  it('refuses what JSON.parse refuses', () => {
    const bad = [
      '{"a": [1, 2',
      '[[["deep"]], 42] x',
      '{"a" 1}',
      '{a: 1}',
      '[1,]',
      '{"a":1,}',
      '01',
      '1.',
      '-',
      '"\u0001"',
      '"\\x"',
      'tru',
      'nul',
      '{"a":1}{"b":2}',
      '"open',
      '',
      '   ',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text) as unknown, text).toThrow();
      expect(() => read([bytes(text)]), text).toThrow(JsonSyntaxError);
    }
  });

  it('refuses nesting past the limit', () => {
    const deep = `${'['.repeat(101)}${']'.repeat(101)}`;
    expect(() => read([bytes(deep)], 100)).toThrow(/deeper than 100/);
    expect(read([bytes(`${'['.repeat(100)}${']'.repeat(100)}`)], 100)).toBeDefined();
  });
});
