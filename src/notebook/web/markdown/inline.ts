// Inline Markdown (CommonMark's rules, simplified): code spans, emphasis and strong by the
// delimiter-run algorithm, ~~strike~~, links, images, autolinks, escapes, character references
// and hard breaks. Anything else, raw HTML included, stays literal text.
import { decodeEntities, decodeEntityAt } from './entities.js';
import type { MdInline } from './types.js';
import { safeHref } from './url.js';

interface Delim {
  readonly type: 'delim';
  readonly char: '*' | '_' | '~';
  /** Characters of the run not yet used by a match. */
  count: number;
  /** Length of the run as written; the "rule of three" looks at it. */
  readonly orig: number;
  readonly canOpen: boolean;
  canClose: boolean;
}
type Item = MdInline | Delim;

// Bounds on look-ahead, so that hostile text (thousands of unclosed `[`) stays linear.
const maxLabel = 1_000;
const maxTail = 4_000;
const maxAutolink = 2_000;

const asciiPunct = /^[!-/:-@[-`{-~]$/;
const whitespace = /^\s$/u;
const punctuation = /^[\p{P}\p{S}]$/u;

/** Parses the inline content of one block (a paragraph, a heading, a table cell). */
export function parseInline(text: string): MdInline[] {
  return scan(text, true);
}

function scan(src: string, allowLinks: boolean): MdInline[] {
  const items: Item[] = [];
  let buf = '';
  const flush = () => {
    if (buf !== '') items.push({ type: 'text', text: buf });
    buf = '';
  };
  // Where the last possible link ends; a `[` after it cannot start one (keeps `[[[[…` linear).
  const lastClose = src.lastIndexOf('](');
  let i = 0;
  while (i < src.length) {
    const ch = src[i] ?? '';
    if (ch === '\\') {
      const next = src[i + 1];
      if (next === '\n') {
        flush();
        items.push({ type: 'break' });
        i = skipSpaces(src, i + 2);
      } else if (next !== undefined && asciiPunct.test(next)) {
        buf += next;
        i += 2;
      } else {
        buf += ch;
        i++;
      }
      continue;
    }
    if (ch === '\n') {
      const hard = / {2,}$/.test(buf);
      buf = buf.replace(/ +$/, '');
      flush();
      items.push(hard ? { type: 'break' } : { type: 'text', text: '\n' });
      i = skipSpaces(src, i + 1);
      continue;
    }
    if (ch === '`') {
      const span = codeSpan(src, i);
      flush();
      if (span.code !== undefined) items.push({ type: 'code', text: span.code });
      else buf += src.slice(i, span.end);
      i = span.end;
      continue;
    }
    if (ch === '*' || ch === '_' || ch === '~') {
      let end = i;
      while (src[end] === ch) end++;
      flush();
      items.push(delimiter(ch, end - i, src[i - 1], src[end]));
      i = end;
      continue;
    }
    if ((ch === '[' && allowLinks) || (ch === '!' && src[i + 1] === '[')) {
      const image = ch === '!';
      const link = linkAt(src, image ? i + 1 : i, lastClose);
      if (link) {
        flush();
        items.push(...linkNodes(link, image));
        i = link.end;
        continue;
      }
    }
    if (ch === '<' && allowLinks) {
      const auto = autolink(src.slice(i, i + maxAutolink));
      if (auto) {
        flush();
        const href = safeHref(auto.href);
        items.push(
          href === undefined
            ? { type: 'text', text: auto.text }
            : { type: 'link', href, children: [{ type: 'text', text: auto.text }] },
        );
        i += auto.length;
        continue;
      }
    }
    if (ch === '&') {
      const decoded = decodeEntityAt(src.slice(i, i + 40));
      if (decoded) {
        buf += decoded.text;
        i += decoded.length;
        continue;
      }
    }
    buf += ch;
    i++;
  }
  flush();
  return processEmphasis(items);
}

function skipSpaces(src: string, i: number): number {
  while (src[i] === ' ' || src[i] === '\t') i++;
  return i;
}

/** A code span opening at `start`, or (code undefined) the backtick run as literal text. */
function codeSpan(src: string, start: number, limit = src.length): { code?: string; end: number } {
  let open = start;
  while (src[open] === '`') open++;
  const size = open - start;
  for (let j = open; j < limit;) {
    if (src[j] !== '`') {
      j++;
      continue;
    }
    let close = j;
    while (src[close] === '`') close++;
    if (close - j === size) {
      let code = src.slice(open, j).replace(/\n/g, ' ');
      if (/^ .*[^ ].* $/s.test(code)) code = code.slice(1, -1);
      return { code, end: close };
    }
    j = close;
  }
  return { end: open };
}

function delimiter(
  char: '*' | '_' | '~',
  count: number,
  before: string | undefined,
  after: string | undefined,
): Delim {
  // The start and end of the text count as whitespace.
  const prevSpace = before === undefined || whitespace.test(before);
  const nextSpace = after === undefined || whitespace.test(after);
  const prevPunct = before !== undefined && punctuation.test(before);
  const nextPunct = after !== undefined && punctuation.test(after);
  const left = !nextSpace && (!nextPunct || prevSpace || prevPunct);
  const right = !prevSpace && (!prevPunct || nextSpace || nextPunct);
  // Intraword underscores (snake_case) are not emphasis.
  const canOpen = char === '_' ? left && (!right || prevPunct) : left;
  const canClose = char === '_' ? right && (!left || nextPunct) : right;
  return { type: 'delim', char, count, orig: count, canOpen, canClose };
}

function isDelim(item: Item | undefined): item is Delim {
  return item?.type === 'delim';
}

function matches(opener: Delim, closer: Delim): boolean {
  if (opener.char !== closer.char || !opener.canOpen || opener.count === 0) return false;
  if (closer.char === '~') return opener.count === closer.count && closer.count <= 2;
  const both = opener.canClose || closer.canOpen;
  const sum = opener.orig + closer.orig;
  return !(both && sum % 3 === 0 && !(opener.orig % 3 === 0 && closer.orig % 3 === 0));
}

interface Link {
  item: Item;
  prev: Link | undefined;
  next: Link | undefined;
}

/**
 * Pairs delimiter runs into emphasis, strong and strike; unpaired runs become text. A linked list
 * and CommonMark's "openers bottom" keep this linear on long runs of unmatched delimiters.
 */
function processEmphasis(items: readonly Item[]): MdInline[] {
  const head: Link = { item: { type: 'text', text: '' }, prev: undefined, next: undefined };
  let tail = head;
  for (const item of items) {
    const link: Link = { item, prev: tail, next: undefined };
    tail.next = link;
    tail = link;
  }
  const remove = (link: Link) => {
    if (link.prev) link.prev.next = link.next;
    if (link.next) link.next.prev = link.prev;
  };
  // Below this link no opener can match a closer of the same key: the search stops there.
  const bottoms = new Map<string, Link>();
  let c = head.next;
  while (c) {
    const closer = c.item;
    if (!isDelim(closer) || !closer.canClose || closer.count === 0) {
      c = c.next;
      continue;
    }
    const key = `${closer.char}${closer.canOpen}${closer.orig % 3}${closer.char === '~' ? closer.count : ''}`;
    const bottom = bottoms.get(key) ?? head;
    let o = c.prev;
    while (o && o !== bottom && !(isDelim(o.item) && matches(o.item, closer))) o = o.prev;
    const opener = o?.item;
    if (!o || o === bottom || !isDelim(opener)) {
      bottoms.set(key, c.prev ?? head);
      c = c.next;
      continue;
    }
    const use = closer.char === '~' ? closer.count : opener.count >= 2 && closer.count >= 2 ? 2 : 1;
    const inner: Item[] = [];
    for (let l = o.next; l && l !== c; l = l.next) inner.push(l.item);
    const type = closer.char === '~' ? 'strike' : use === 2 ? 'strong' : 'emphasis';
    opener.count -= use;
    closer.count -= use;
    const node: Link = { item: { type, children: plain(inner) }, prev: o, next: c };
    o.next = node;
    c.prev = node;
    if (opener.count === 0) remove(o);
    if (closer.count === 0) {
      const next = c.next;
      remove(c);
      c = next;
    }
  }
  const out: Item[] = [];
  for (let l = head.next; l; l = l.next) out.push(l.item);
  return plain(out);
}

/** Leftover delimiters as text, adjacent texts merged. */
function plain(items: readonly Item[]): MdInline[] {
  const out: MdInline[] = [];
  for (const item of items) {
    const node: MdInline = isDelim(item)
      ? { type: 'text', text: item.char.repeat(item.count) }
      : item;
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') {
      out[out.length - 1] = { type: 'text', text: last.text + node.text };
    } else if (node.type !== 'text' || node.text !== '') {
      out.push(node);
    }
  }
  return out;
}

interface LinkMatch {
  readonly label: string;
  readonly destination: string;
  readonly end: number;
}

/** `[label](destination "title")` starting at the `[` at `start`, or undefined. */
function linkAt(src: string, start: number, lastClose: number): LinkMatch | undefined {
  if (start > lastClose) return undefined;
  let depth = 0;
  let close = -1;
  const limit = Math.min(src.length, start + maxLabel);
  for (let j = start; j < limit; j++) {
    const ch = src[j];
    if (ch === '\\') j++;
    else if (ch === '`') j = codeSpan(src, j, limit).end - 1;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close < 0 || src[close + 1] !== '(') return undefined;
  const tail =
    /^\(\s*(?:<([^<>\n]*)>|((?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*))(?:\s+(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?\s*\)/s.exec(
      src.slice(close + 1, close + 1 + maxTail),
    );
  if (!tail) return undefined;
  const raw = tail[1] ?? tail[2] ?? '';
  return {
    label: src.slice(start + 1, close),
    destination: decodeEntities(raw.replace(/\\([!-/:-@[-`{-~])/g, '$1')),
    end: close + 1 + tail[0].length,
  };
}

function linkNodes(link: LinkMatch, image: boolean): MdInline[] {
  const href = safeHref(link.destination);
  if (image) {
    const alt = textOf(scan(link.label, false));
    return [href === undefined ? { type: 'image', alt } : { type: 'image', alt, href }];
  }
  const children = scan(link.label, false);
  // An unsafe target keeps its text, without the link.
  return href === undefined ? children : [{ type: 'link', href, children }];
}

function textOf(nodes: readonly MdInline[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
        case 'code':
          return n.text;
        case 'image':
          return n.alt;
        case 'break':
          return '\n';
        case 'emphasis':
        case 'link':
        case 'strike':
        case 'strong':
          return textOf(n.children);
      }
    })
    .join('');
}

/** `<https://…>` and `<name@host>`: text shown, href to check, characters consumed. */
function autolink(rest: string): { text: string; href: string; length: number } | undefined {
  const uri = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/.exec(rest);
  if (uri?.[1] !== undefined) return { text: uri[1], href: uri[1], length: uri[0].length };
  const email =
    /^<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)>/.exec(rest);
  if (email?.[1] !== undefined) {
    return { text: email[1], href: `mailto:${email[1]}`, length: email[0].length };
  }
  return undefined;
}
