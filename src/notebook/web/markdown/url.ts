// Which link targets the Markdown renderer may produce: http:, https:, mailto: and relative URLs.
// Everything else (javascript:, data:, vbscript:, file:...) is refused, and so is anything a
// browser would read differently from how it looks (control characters, whitespace).

const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

function hasInvisible(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // Browsers drop tabs and newlines inside URLs ("java\tscript:"): refuse them outright.
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0x2028 || code === 0x2029) {
      return true;
    }
  }
  return false;
}

/** The URL if it is safe to put in an href, else undefined. */
export function safeHref(url: string): string | undefined {
  const href = url.trim();
  if (href === '' || hasInvisible(href)) return undefined;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(href)?.[1];
  if (scheme !== undefined && !allowedProtocols.has(`${scheme.toLowerCase()}:`)) return undefined;
  // Second opinion from the URL parser that the browser itself applies.
  let parsed: URL;
  try {
    parsed = new URL(href, 'https://relative.invalid/');
  } catch {
    return undefined;
  }
  return allowedProtocols.has(parsed.protocol) ? href : undefined;
}
