// The byte-level CSV reader (loading/csv-bytes.ts) reads the same lines and tokens as the text
// readers (readLines + splitTokens in csv.ts), whatever the input and however it is chunked:
// EOL and separators of one or two characters, quotes opening at a token start (with EOLs and
// separators inside), quotes elsewhere, unterminated quotes at the end, oversize lines,
// multi-byte characters and a byte-order mark.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readLines,
  splitTokens,
  type LineOptions,
} from '../../../../src/server/engine/loading/csv.js';
import { ByteRow, CsvScanner, Scan } from '../../../../src/server/engine/loading/csv-bytes.js';
import { chunks } from './helpers.js';

type Read = string[] | 'oversize';

async function byText(parts: Uint8Array[], options: LineOptions): Promise<Read[]> {
  const out: Read[] = [];
  for await (const line of readLines(chunks(parts), options)) {
    if (typeof line !== 'string') out.push('oversize');
    else out.push(splitTokens(line, options.separator ?? ',', options.quote));
  }
  return out;
}

function byBytes(parts: Uint8Array[], options: LineOptions): Read[] {
  const scanner = new CsvScanner(options);
  const row = new ByteRow('f');
  const out: Read[] = [];
  const drain = () => {
    for (;;) {
      const found = scanner.next();
      if (found === Scan.More || found === Scan.Done) return;
      if (found === Scan.Oversize) out.push('oversize');
      else {
        scanner.split(row);
        out.push(row.tokens());
      }
    }
  };
  for (const part of parts) {
    scanner.push(part);
    drain();
  }
  scanner.finish();
  drain();
  return out;
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

describe('CsvScanner', () => {
  it('reads lines and tokens as the text readers do (examples)', async () => {
    const cases: [string, LineOptions][] = [
      ['a,b\nc,d\n', {}],
      ['a,b\r\nc,d', { eol: '\r\n' }],
      ['x,"a\nb",y\nz\n', { quote: '"', separator: ',' }],
      ['O"Neil,"q,r"s,t\nn\n', { quote: '"', separator: ',' }],
      ['a,"open\nrest\n', { quote: '"', separator: ',' }],
      ['a||b||"c||d"\n', { separator: '||', quote: '"' }],
      ['\uFEFFid,name\n1,é😀\n', {}],
      ['ok\n' + 'x'.repeat(50) + '\nnext\n', { maxLineLength: 20 }],
      ['ok\n"' + 'x'.repeat(50) + '\n', { maxLineLength: 20, quote: '"' }],
      ['a§b§c\n', { separator: '§' }],
      [',,\n\n,\n', {}],
    ];
    for (const [text, options] of cases) {
      const bytes = new TextEncoder().encode(text);
      expect(byBytes([bytes], options), text).toEqual(await byText([bytes], options));
      const single = Array.from(bytes, (b) => Uint8Array.of(b));
      expect(byBytes(single, options), text).toEqual(await byText(single, options));
    }
  });

  it('drops a byte-order mark split across chunks from the bytes of the first token', () => {
    const all = new TextEncoder().encode('\uFEFFab,c\n');
    for (let c = 0; c <= 4; c++) {
      const scanner = new CsvScanner({});
      const row = new ByteRow('f');
      scanner.push(all.subarray(0, c));
      scanner.push(all.subarray(c));
      scanner.finish();
      expect(scanner.next()).toBe(Scan.Line);
      scanner.split(row);
      const first = row.bytes.subarray(row.starts[0], row.ends[0]);
      expect(Buffer.from(first).toString('latin1')).toBe('ab');
    }
  });

  it('reads the same lines and tokens as the text readers, however chunked', async () => {
    const line = fc
      .array(fc.constantFrom('a', 'z', 'é', '😀', ',', ';;', '"', "'", '\r', '\n', ' '), {
        maxLength: 10,
      })
      .map((cs) => cs.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '||'),
        fc.constantFrom(',', ';;'),
        fc.constantFrom(undefined, '"', "'"),
        fc.constantFrom(undefined, 6),
        async (lines, at, eol, separator, quote, maxLineLength) => {
          const options: LineOptions = {
            eol,
            separator,
            ...(quote ? { quote } : {}),
            // An oversize line inside an open quote is cut where the chunk ends: not compared.
            ...(maxLineLength && !quote ? { maxLineLength } : {}),
          };
          const bytes = new TextEncoder().encode(lines.join(eol));
          const expected = await byText([bytes], options);
          expect(byBytes([bytes], options)).toEqual(expected);
          expect(byBytes(cut(bytes, at), options)).toEqual(expected);
          expect(await byText(cut(bytes, at), options)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
