// Streaming readers of loading input over AsyncIterable<Uint8Array | string>, never holding more
// than one line (plus one chunk) in memory: UTF-8 decoded across chunk boundaries, lines cut at
// EOL (one or two characters, "\r\n" too), tokens cut at a separator with optional QUOTE
// handling, an optional header line, and JSON lines for JSON_FILE jobs. A line longer than
// `maxLineLength` is reported as oversize and skipped.
import { parse as parseLossless } from 'lossless-json';

export interface LineOptions {
  /** End of line; default "\n". */
  readonly eol?: string;
  /** A quote character: a quoted token (opened at the start of a token) may hold EOL. */
  readonly quote?: string;
  /** Separator, needed with `quote` to know where tokens start. */
  readonly separator?: string;
  /** Longest line accepted, in UTF-16 code units; default 16 Mi. */
  readonly maxLineLength?: number;
}

/** A line of input, or the marker of a line skipped for its size. */
export type RawLine = string | { readonly oversize: true };

const oversize = { oversize: true } as const;

/** Splits a stream of bytes or text into lines (the final EOL is optional). */
export async function* readLines(
  source: AsyncIterable<Uint8Array | string>,
  options: LineOptions = {},
): AsyncGenerator<RawLine> {
  const eol = options.eol && options.eol !== '' ? options.eol : '\n';
  const quote = options.quote;
  const sep = options.separator ?? ',';
  const max = options.maxLineLength ?? 16 * 1024 * 1024;
  const decoder = new TextDecoder('utf-8');
  let buf = '';
  let start = 0; // start of the current line in buf
  let scan = 0; // where scanning resumes
  let inQuote = false;
  let discarding = false; // inside an oversize line: drop text until the next EOL
  const tokenStart = (q: number) =>
    q === start || (q - sep.length >= start && buf.startsWith(sep, q - sep.length));

  function* drain(final: boolean): Generator<RawLine> {
    for (;;) {
      if (discarding) {
        const e = buf.indexOf(eol, scan);
        if (e < 0) {
          const keep = final ? buf.length : Math.max(start, buf.length - eol.length + 1);
          buf = buf.slice(keep);
          start = scan = 0;
          return;
        }
        discarding = false;
        start = scan = e + eol.length;
        continue;
      }
      if (inQuote) {
        const close = buf.indexOf(quote as string, scan);
        if (close >= 0) {
          inQuote = false;
          scan = close + 1;
          continue;
        }
        if (!final) {
          scan = buf.length;
        } else {
          // An unterminated quote: the text is read as if QUOTE were not declared.
          inQuote = false;
          const line = buf.slice(start);
          const parts = line.split(eol);
          for (const part of parts) yield part;
          buf = '';
          start = scan = 0;
          return;
        }
      } else {
        const e = buf.indexOf(eol, scan);
        let q = quote ? buf.indexOf(quote, scan) : -1;
        while (q >= 0 && (e < 0 || q < e) && !tokenStart(q))
          q = buf.indexOf(quote as string, q + 1);
        if (q >= 0 && (e < 0 || q < e)) {
          inQuote = true;
          scan = q + 1;
          continue;
        }
        if (e >= 0) {
          yield e - start > max ? oversize : buf.slice(start, e);
          start = scan = e + eol.length;
          continue;
        }
        if (final) {
          if (start < buf.length) yield buf.length - start > max ? oversize : buf.slice(start);
          buf = '';
          start = scan = 0;
          return;
        }
        // Never back over what was read (a closing quote must not be read again as an opening
        // one); the last eol.length - 1 characters may begin an EOL the next chunk completes.
        scan = Math.max(scan, start, buf.length - eol.length + 1);
      }
      // Need more input: keep only the current line (its text so far ends at `scan`: what
      // follows may be the start of its EOL).
      if (scan - start > max) {
        yield oversize;
        discarding = true;
        inQuote = false;
        buf = buf.slice(Math.max(0, buf.length - eol.length + 1));
        start = scan = 0;
        return;
      }
      if (start > 0) {
        buf = buf.slice(start);
        scan -= start;
        start = 0;
      }
      return;
    }
  }

  for await (const chunk of source) {
    buf += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* drain(false);
  }
  buf += decoder.decode();
  yield* drain(true);
}

/**
 * Cuts a line into tokens. With a quote character, a token starting with a quote runs to the
 * closing quote (separators and EOL inside are text) and only the quoted text is kept; a token
 * holding a pair of quotes elsewhere keeps the text inside the first pair; an unmatched quote is
 * an ordinary character. There is no escape character.
 */
export function splitTokens(line: string, separator: string, quote?: string): string[] {
  if (!quote || !line.includes(quote)) return line.split(separator);
  const out: string[] = [];
  let pos = 0;
  for (;;) {
    if (line.startsWith(quote, pos)) {
      const close = line.indexOf(quote, pos + 1);
      if (close >= 0) {
        out.push(line.slice(pos + 1, close));
        const next = line.indexOf(separator, close + 1);
        if (next < 0) return out;
        pos = next + separator.length;
        continue;
      }
    }
    const next = line.indexOf(separator, pos);
    const raw = next < 0 ? line.slice(pos) : line.slice(pos, next);
    const open = raw.indexOf(quote);
    const close = open >= 0 ? raw.indexOf(quote, open + 1) : -1;
    out.push(close > open && open >= 0 ? raw.slice(open + 1, close) : raw);
    if (next < 0) return out;
    pos = next + separator.length;
  }
}

const unsafeInt = (t: string) => /^-?\d+$/.test(t) && !Number.isSafeInteger(Number(t));

/** One JSON line as an object (large integers kept exact as bigint), or null when invalid. */
export function parseJsonLine(line: string): Record<string, unknown> | null {
  try {
    const value = parseLossless(line, null, (t) => (unsafeInt(t) ? BigInt(t) : Number(t)));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
