// The streaming line and token readers: lines and multi-byte characters split across chunks,
// two-character EOLs split across chunks, quoted EOLs, oversize lines, and a property: however the
// input is chunked, the lines read are the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseJsonLine,
  readLines,
  splitTokens,
  type LineOptions,
  type RawLine,
} from '../../../../src/server/engine/loading/csv.js';
import { chunks } from './helpers.js';

async function collect(parts: (string | Uint8Array)[], options?: LineOptions): Promise<RawLine[]> {
  const out: RawLine[] = [];
  for await (const line of readLines(chunks(parts), options)) out.push(line);
  return out;
}

/** The bytes of `text` cut at the given byte offsets. */
function cut(text: string, at: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  return out;
}

describe('readLines', () => {
  it('joins lines and UTF-8 characters split across chunks', async () => {
    const text = 'a,ü€\nb,😀x\nlast';
    const bytes = new TextEncoder().encode(text);
    const parts = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await collect(parts)).toEqual(['a,ü€', 'b,😀x', 'last']);
  });

  it('finds a two-character EOL split across chunks, and ignores a final EOL', async () => {
    expect(await collect(['a\r', '\nb\r', '\n'], { eol: '\r\n' })).toEqual(['a', 'b']);
    expect(await collect(['a\rb\r\n'], { eol: '\r\n' })).toEqual(['a\rb']);
  });

  it('keeps an EOL inside a quoted token, also across chunks', async () => {
    const options = { quote: '"', separator: ',' };
    expect(await collect(['x,"a\n', 'b",y\nz\n'], options)).toEqual(['x,"a\nb",y', 'z']);
    // A quote inside a token does not open a quoted token.
    expect(await collect(['O"Neil\nnext\n'], options)).toEqual(['O"Neil', 'next']);
    // An unterminated quote at the end reads as if QUOTE were not declared.
    expect(await collect(['a,"open\nrest'], options)).toEqual(['a,"open', 'rest']);
  });

  it('reports a line longer than the limit as oversize and goes on', async () => {
    const long = 'x'.repeat(50);
    const lines = await collect(['ok\n', long.slice(0, 25), long.slice(25), '\nnext\n'], {
      maxLineLength: 20,
    });
    expect(lines).toEqual(['ok', { oversize: true }, 'next']);
  });

  it('reads the same lines however the bytes are chunked', async () => {
    const line = fc
      .array(fc.constantFrom('a', 'z', 'é', '😀', ',', '"', '\r'), { maxLength: 8 })
      .map((cs) => cs.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '||'),
        async (lines, at, eol) => {
          const text = lines.map((l) => l + eol).join('');
          const whole = await collect([text], { eol });
          expect(await collect(cut(text, at), { eol })).toEqual(whole);
          expect(whole).toEqual(lines);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('splitTokens', () => {
  it('cuts at the separator, with or without quotes', () => {
    expect(splitTokens('a,b,,c', ',')).toEqual(['a', 'b', '', 'c']);
    expect(splitTokens('a::b', '::')).toEqual(['a', 'b']);
    expect(splitTokens('"a,b",c', ',', '"')).toEqual(['a,b', 'c']);
    expect(splitTokens('"a,b"tail,c', ',', '"')).toEqual(['a,b', 'c']);
    expect(splitTokens('a"b"c"d"e,f', ',', '"')).toEqual(['b', 'f']);
    expect(splitTokens('"open,c', ',', '"')).toEqual(['"open', 'c']);
    expect(splitTokens('"a,b",c', ',')).toEqual(['"a', 'b"', 'c']);
  });
});

describe('parseJsonLine', () => {
  it('reads objects, keeps large integers exact, refuses the rest', () => {
    expect(parseJsonLine('{"a": 1, "b": {"c": 9007199254740993}}')).toEqual({
      a: 1,
      b: { c: 9007199254740993n },
    });
    expect(parseJsonLine('[1]')).toBeNull();
    expect(parseJsonLine('{bad')).toBeNull();
  });
});
