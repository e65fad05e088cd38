// Pretty-printed JSON with colour for keys, strings, numbers and literals; bigint-safe.
import type { Paint } from './ansi.js';

function scalar(value: unknown, paint: Paint): string {
  if (typeof value === 'string') return paint('green', JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'bigint') return paint('cyan', String(value));
  if (typeof value === 'boolean' || value === null) return paint('magenta', String(value));
  if (value === undefined) return paint('dim', 'null');
  return JSON.stringify(value);
}

/** Indented JSON text, coloured by `paint`. */
export function renderJson(value: unknown, paint: Paint, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => inner + renderJson(v, paint, inner));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    const items = entries.map(
      ([k, v]) => `${inner}${paint('blue', JSON.stringify(k))}: ${renderJson(v, paint, inner)}`,
    );
    return `{\n${items.join(',\n')}\n${indent}}`;
  }
  return scalar(value, paint);
}

/** Plain JSON for machines (`--format json`): bigints as numbers. */
export function stringifyPlain(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v), 2);
}
