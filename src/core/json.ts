// Lossless JSON: integers beyond 2^53 become bigint instead of silently losing digits, and
// bigint values serialise back as plain JSON integers. No Node built-ins: the notebook page
// parses the backend's answers with it too.
import { isInteger, parse, stringify } from 'lossless-json';

function parseNumber(text: string): number | bigint {
  if (isInteger(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  return Number(text);
}

/** JSON.parse with exact big integers (returned as bigint). Throws SyntaxError on bad JSON. */
export function parseJson(text: string): unknown {
  // Only an integer part of 16+ digits can exceed 2^53; without one the native parser is exact
  // and several times faster. Fraction digits do not count (a DOUBLE prints up to 16 of them).
  if (!/(?<![.\d])\d{16}/.test(text)) return JSON.parse(text) as unknown;
  return parse(text, null, parseNumber);
}

/** JSON.stringify that writes bigint as an integer literal. */
export function stringifyJson(value: unknown, indent?: number): string {
  const text = stringify(value, undefined, indent);
  if (text === undefined) throw new TypeError('value is not serialisable as JSON');
  return text;
}
