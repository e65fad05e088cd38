// Character-level scanning helpers of the lexer: character classes and the end offsets of
// strings, numbers and edge arrows starting at a position.

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isWordStart = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
export const isWordPart = (c: number): boolean => isWordStart(c) || isDigit(c);
export const isSpace = (c: number): boolean =>
  c === 32 || c === 9 || c === 13 || c === 12 || c === 11 || c === 0xfeff;

/** End offset of the double-quoted string at pos, and whether its closing quote was found. */
export function stringEnd(text: string, pos: number): [number, boolean] {
  let i = pos + 1;
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (ch === 92) i += 2;
    else if (ch === 34) return [i + 1, true];
    else i++;
  }
  return [text.length, false];
}

/** End offset of the number at pos: digits, an optional fraction and exponent. */
export function numberEnd(text: string, pos: number): number {
  let i = pos;
  while (isDigit(text.charCodeAt(i))) i++;
  // `1..3` is a range in path patterns, so a dot followed by a dot is not a fraction.
  const afterDot = text.charCodeAt(i + 1);
  if (text.charCodeAt(i) === 46 && afterDot !== 46 && !isWordStart(afterDot)) {
    i++;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    let j = i + 1;
    const sign = text.charCodeAt(j);
    if (sign === 43 || sign === 45) j++;
    if (isDigit(text.charCodeAt(j))) {
      while (isDigit(text.charCodeAt(j))) j++;
      i = j;
    }
  }
  return i;
}

/** End offset of the word at pos; `POST-ACCUM` counts as one word. */
export function wordEnd(text: string, pos: number): number {
  let i = pos + 1;
  while (isWordPart(text.charCodeAt(i))) i++;
  const isPostAccum =
    text.charCodeAt(i) === 45 &&
    text.slice(pos, i).toUpperCase() === 'POST' &&
    text.slice(i + 1, i + 6).toUpperCase() === 'ACCUM' &&
    !isWordPart(text.charCodeAt(i + 6));
  return isPostAccum ? i + 6 : i;
}

/** Length of an edge arrow at pos (`<-(`, `-(`, `)->`, `)-`), 0 if none. */
export function arrowLength(text: string, pos: number): number {
  if (text.startsWith('<-(', pos) || text.startsWith(')->', pos)) return 3;
  if (text.startsWith('-(', pos) || text.startsWith(')-', pos)) return 2;
  return 0;
}
