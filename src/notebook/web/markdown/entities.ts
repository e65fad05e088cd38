// Character references in Markdown text (&amp; &#169; &#x1F600;). Decoded to plain characters,
// which the renderer then inserts as text, so decoding can never produce markup.

const named: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  larr: '←',
  rarr: '→',
  times: '×',
  middot: '·',
};

export const entityPattern =
  /^&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/;

/** The character(s) of the reference at the start of `text`, and its length; undefined if none. */
export function decodeEntityAt(
  text: string,
): { readonly text: string; readonly length: number } | undefined {
  const m = entityPattern.exec(text);
  if (!m) return undefined;
  if (m[3] !== undefined) {
    const value = named[m[3]];
    return value === undefined ? undefined : { text: value, length: m[0].length };
  }
  const code = m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2] ?? '0', 16);
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return { text: valid ? String.fromCodePoint(code) : '\ufffd', length: m[0].length };
}

/** Decodes every known reference in `text` (for link destinations and titles). */
export function decodeEntities(text: string): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const decoded = text[i] === '&' ? decodeEntityAt(text.slice(i)) : undefined;
    if (decoded) {
      out += decoded.text;
      i += decoded.length;
    } else {
      out += text[i] ?? '';
      i++;
    }
  }
  return out;
}
