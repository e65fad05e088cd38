// Exports: CSV quoting (RFC 4180), formula-injection protection, lossless JSON, file names.
import { parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  resultsToJson,
  safeFilename,
  tableToCsv,
} from '../../../src/notebook/web/outputs/export.js';

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('writes empty cells for null and undefined, objects as JSON', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField({ a: [1, 'x'] })).toBe('"{""a"":[1,""x""]}"');
    expect(csvField(true)).toBe('true');
  });

  it('writes bigints exactly', () => {
    expect(csvField(2n ** 70n)).toBe('1180591620717411303424');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('keeps numbers as numbers, negative ones included', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-5.25')).toBe('-5.25');
    expect(csvField('+1e3')).toBe('+1e3');
    expect(csvField(-1n)).toBe('-1');
  });
});

describe('tableToCsv', () => {
  it('writes a header and CRLF-terminated rows', () => {
    const csv = tableToCsv({
      columns: ['v_id', 'name', '@score'],
      rows: [
        ['1', 'Ann, Jr.', 0.5],
        ['2', '=evil()', undefined],
      ],
    });
    // Accumulator names start with @ too: a spreadsheet would read them as formulas as well.
    expect(csv).toBe('v_id,name,\'@score\r\n1,"Ann, Jr.",0.5\r\n2,\'=evil(),\r\n');
  });

  it('protects header cells too', () => {
    expect(tableToCsv({ columns: ['@@total'], rows: [] })).toBe("'@@total\r\n");
  });
});

describe('resultsToJson', () => {
  it('writes bigints as exact numbers and pretty-prints', () => {
    const big = 2n ** 64n + 1n;
    const text = resultsToJson([{ '@@big': big, s: 'x' }]);
    expect(text).toContain('"@@big": 18446744073709551617');
    expect(text.split('\n').length).toBeGreaterThan(2);
    const back = parse(text, null, (v) => (/^-?\d+$/.test(v) ? BigInt(v) : Number(v)));
    expect(back).toEqual([{ '@@big': big, s: 'x' }]);
  });

  it('writes an empty result as []', () => {
    expect(resultsToJson([])).toBe('[]');
  });
});

describe('safeFilename', () => {
  it('keeps letters, digits, dot, dash and underscore', () => {
    expect(safeFilename('RUN QUERY khop')).toBe('RUN-QUERY-khop');
    expect(safeFilename('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFilename('')).toBe('result');
    expect(safeFilename('***', 'table')).toBe('table');
    expect(safeFilename('@@total')).toBe('total');
  });
});
