// Keeps tool results small enough for a model's context: every array is cut to the row limit,
// and when the JSON is still larger than the byte budget the arrays are cut further, halving
// until it fits. The result says what happened (`truncated`, and the total when one array was cut).
import { toJsonValue } from './json-safe.js';

export interface Limits {
  readonly maxRows: number;
  readonly maxBytes: number;
}

export interface Capped<T = unknown> {
  readonly value: T;
  readonly truncated: boolean;
  /** Length of the largest array that was cut, when something was cut. */
  readonly total?: number;
}

export interface CapOptions {
  /** Cut only the outermost list (paths: cutting inside one would make it a different path). */
  readonly topLevelOnly?: boolean;
}

function cutArrays(
  value: unknown,
  rows: number,
  seen: { largest: number },
  deep: boolean,
): unknown {
  if (Array.isArray(value)) {
    if (value.length > rows) seen.largest = Math.max(seen.largest, value.length);
    const kept = value.slice(0, rows);
    return deep ? kept.map((v) => cutArrays(v, rows, seen, deep)) : kept;
  }
  if (deep && typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = cutArrays(v, rows, seen, deep);
    return out;
  }
  return value;
}

function size(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

/** Caps a result (made plain JSON first) to the limits. */
export function capJson<T>(raw: T, limits: Limits, options: CapOptions = {}): Capped<T> {
  const plain = toJsonValue(raw);
  let rows = Math.max(0, limits.maxRows);
  for (;;) {
    const seen = { largest: 0 };
    const value = cutArrays(plain, rows, seen, options.topLevelOnly !== true) as T;
    if (size(value) <= limits.maxBytes || rows === 0) {
      const truncated = seen.largest > 0;
      return truncated ? { value, truncated, total: seen.largest } : { value, truncated };
    }
    rows = Math.floor(rows / 2);
  }
}

/** Cuts a long text (shell output, query text) to the byte budget, on a line boundary. */
export function capText(text: string, maxBytes: number): { text: string; truncated: boolean } {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return { text, truncated: false };
  let cut = text.slice(0, maxBytes);
  while (Buffer.byteLength(cut, 'utf8') > maxBytes) cut = cut.slice(0, -64);
  const line = cut.lastIndexOf('\n');
  return { text: line > maxBytes / 2 ? cut.slice(0, line) : cut, truncated: true };
}
