// JSON previews for people and tools: a copy of a value cut down to a size that reads well
// (long arrays, wide objects, long strings), with markers saying how much was left out.

export interface PreviewOptions {
  /** Items kept per array (default 50). */
  readonly maxItems?: number;
  /** Keys kept per object (default 50). */
  readonly maxKeys?: number;
  /** Characters kept per string (default 500). */
  readonly maxString?: number;
  /** Levels below which containers are summarised (default 8). */
  readonly maxDepth?: number;
}

export interface Preview {
  readonly value: unknown;
  /** Whether anything was left out. */
  readonly truncated: boolean;
}

/** The marker put where items were left out, e.g. "… 120 more items". */
export function omittedMarker(count: number, what: 'items' | 'keys'): string {
  return `… ${count} more ${what}`;
}

export function previewJson(value: unknown, options: PreviewOptions = {}): Preview {
  const maxItems = options.maxItems ?? 50;
  const maxKeys = options.maxKeys ?? 50;
  const maxString = options.maxString ?? 500;
  const maxDepth = options.maxDepth ?? 8;
  let truncated = false;
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string' && v.length > maxString) {
      truncated = true;
      return `${v.slice(0, maxString)}… (${v.length} chars)`;
    }
    if (Array.isArray(v)) {
      if (depth >= maxDepth) {
        truncated = true;
        return `[… ${v.length} items]`;
      }
      const kept = v.slice(0, maxItems).map((x) => walk(x, depth + 1));
      if (v.length > maxItems) {
        truncated = true;
        kept.push(omittedMarker(v.length - maxItems, 'items'));
      }
      return kept;
    }
    if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v as Record<string, unknown>);
      if (depth >= maxDepth) {
        truncated = true;
        return `{… ${entries.length} keys}`;
      }
      const out: Record<string, unknown> = {};
      for (const [k, x] of entries.slice(0, maxKeys)) out[k] = walk(x, depth + 1);
      if (entries.length > maxKeys) {
        truncated = true;
        out['…'] = omittedMarker(entries.length - maxKeys, 'keys');
      }
      return out;
    }
    return v;
  };
  const result = walk(value, 0);
  return { value: result, truncated };
}
