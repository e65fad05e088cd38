// Block-level Markdown for notebook cells (CommonMark's structure, simplified): ATX and setext
// headings, paragraphs, fenced and indented code, block quotes, nested lists, rules and GFM
// tables. Pure data out (see types.ts): no DOM, so it runs and is tested in Node.
import { parseInline } from './inline.js';
import { parseTable, tableStarts } from './table.js';
import type { MdBlock } from './types.js';

/** Quotes and lists nest by recursion; past this depth the rest is kept as plain paragraphs. */
const maxDepth = 40;

const fenceOpen = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const thematicBreak = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const quoteLine = /^ {0,3}> ?(.*)$/;
const setextLine = /^ {0,3}(=+|-+)[ \t]*$/;
const listMarker = /^( {0,3})([-+*]|(\d{1,9})([.)]))( +|$)(.*)$/;

export function parseMarkdown(text: string): MdBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(expandTabs);
  return parseBlocks(lines, 0).blocks;
}

/** Tabs in the indentation count to the next multiple of four, as CommonMark says. */
function expandTabs(line: string): string {
  const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
  if (!indent.includes('\t')) return line;
  let out = '';
  for (const ch of indent) out += ch === '\t' ? ' '.repeat(4 - (out.length % 4)) : ch;
  return out + line.slice(indent.length);
}

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;

interface ListItemStart {
  readonly ordered: boolean;
  /** The bullet character or the delimiter after the number. */
  readonly marker: string;
  readonly start: number;
  /** Column where the item's content starts; continuation lines are indented this far. */
  readonly indent: number;
  readonly first: string;
}

function listItem(line: string): ListItemStart | undefined {
  const m = listMarker.exec(line);
  if (!m || thematicBreak.test(line)) return undefined;
  const [, lead = '', bullet = '', number, delim, spaces = '', content = ''] = m;
  const markerEnd = lead.length + bullet.length;
  // Five or more spaces after the marker: the content is indented code starting one space in.
  const gap = content === '' || spaces.length > 4 ? 1 : spaces.length;
  return {
    ordered: number !== undefined,
    marker: delim ?? bullet,
    start: number === undefined ? 1 : Number(number),
    indent: markerEnd + gap,
    first: content === '' ? '' : ' '.repeat(Math.max(0, spaces.length - gap)) + content,
  };
}

/** Whether `line` starts a block that ends a paragraph (indented code cannot). */
function interruptsParagraph(line: string): boolean {
  if (isBlank(line) || atxHeading.test(line) || thematicBreak.test(line)) return true;
  if (quoteLine.test(line) || isFence(line)) return true;
  const item = listItem(line);
  return item !== undefined && item.first.trim() !== '' && (!item.ordered || item.start === 1);
}

function isFence(line: string): boolean {
  const m = fenceOpen.exec(line);
  return m !== null && !(m[2]?.startsWith('`') === true && (m[3] ?? '').includes('`'));
}

interface Parsed {
  readonly blocks: MdBlock[];
  /** A blank line separated two of the blocks (makes the enclosing list item loose). */
  readonly blankBetween: boolean;
}

function parseBlocks(lines: readonly string[], depth: number): Parsed {
  const blocks: MdBlock[] = [];
  let blankBetween = false;
  let sawBlank = false;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      sawBlank = true;
      i++;
      continue;
    }
    if (sawBlank && blocks.length > 0) blankBetween = true;
    sawBlank = false;
    const [block, next] = parseBlock(lines, i, depth);
    blocks.push(block);
    i = next;
  }
  return { blocks, blankBetween };
}

/** The block starting at the non-blank line `i`, and the index after it. */
function parseBlock(lines: readonly string[], i: number, depth: number): [MdBlock, number] {
  const line = lines[i] ?? '';
  const nested = depth < maxDepth;
  if (isFence(line)) return parseFence(lines, i);
  if (indentOf(line) >= 4) return parseIndentedCode(lines, i);
  const heading = atxHeading.exec(line);
  if (heading) {
    const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
    const content = (heading[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
    return [{ type: 'heading', level, children: parseInline(content) }, i + 1];
  }
  if (thematicBreak.test(line)) return [{ type: 'rule' }, i + 1];
  if (nested && quoteLine.test(line)) return parseQuote(lines, i, depth);
  if (nested && listItem(line)) return parseList(lines, i, depth);
  if (tableStarts(lines, i)) return parseTable(lines, i, interruptsParagraph);
  return parseParagraph(lines, i);
}

function parseFence(lines: readonly string[], i: number): [MdBlock, number] {
  const m = fenceOpen.exec(lines[i] ?? '');
  const indent = m?.[1]?.length ?? 0;
  const fence = m?.[2] ?? '```';
  const lang = (m?.[3] ?? '').trim().split(/\s+/)[0] ?? '';
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
  const body: string[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (closing.test(line)) {
      j++;
      break;
    }
    // Content loses as much indentation as the opening fence had.
    body.push(line.slice(Math.min(indent, indentOf(line))));
  }
  const text = body.length === 0 ? '' : `${body.join('\n')}\n`;
  return [lang === '' ? { type: 'code', text } : { type: 'code', text, lang }, j];
}

function parseIndentedCode(lines: readonly string[], i: number): [MdBlock, number] {
  let end = i;
  for (let j = i; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (!isBlank(line) && indentOf(line) < 4) break;
    if (!isBlank(line)) end = j + 1;
  }
  const text = lines
    .slice(i, end)
    .map((line) => line.slice(Math.min(4, indentOf(line))))
    .join('\n');
  return [{ type: 'code', text: `${text}\n` }, end];
}

function parseQuote(lines: readonly string[], i: number, depth: number): [MdBlock, number] {
  const inner: string[] = [];
  let j = i;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const m = quoteLine.exec(line);
    if (m) inner.push(m[1] ?? '');
    // A lazy line continues a paragraph inside the quote.
    else if (!interruptsParagraph(line) && !isBlank(inner[inner.length - 1] ?? ''))
      inner.push(line);
    else break;
  }
  return [{ type: 'quote', children: parseBlocks(inner, depth + 1).blocks }, j];
}

function parseList(lines: readonly string[], i: number, depth: number): [MdBlock, number] {
  const first = listItem(lines[i] ?? '');
  const items: MdBlock[][] = [];
  let tight = true;
  let j = i;
  while (j < lines.length) {
    const item = listItem(lines[j] ?? '');
    if (!item || item.ordered !== first?.ordered || item.marker !== first.marker) break;
    const body = [item.first];
    j++;
    for (; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (isBlank(line)) body.push('');
      else if (indentOf(line) >= item.indent) body.push(line.slice(item.indent));
      else if (lazy(body, line)) {
        body.push(line);
      } else break;
    }
    // Trailing blank lines belong between items, not to this one.
    while (body.length > 1 && isBlank(body[body.length - 1] ?? '')) {
      body.pop();
      j--;
    }
    const parsed = parseBlocks(body, depth + 1);
    if (parsed.blankBetween) tight = false;
    items.push(parsed.blocks);
    let k = j;
    while (k < lines.length && isBlank(lines[k] ?? '')) k++;
    const again = listItem(lines[k] ?? '');
    if (k >= lines.length || !again || again.ordered !== first?.ordered) break;
    if (again.marker !== first.marker) break;
    if (k > j) tight = false;
    j = k;
  }
  const ordered = first?.ordered ?? false;
  const start = first?.start ?? 1;
  return [
    ordered
      ? { type: 'list', ordered, start, tight, items }
      : { type: 'list', ordered, tight, items },
    j,
  ];
}

/** A line that continues the last paragraph of a list item although it is not indented. */
function lazy(body: readonly string[], line: string): boolean {
  return !isBlank(body[body.length - 1] ?? '') && !interruptsParagraph(line) && !listItem(line);
}

function parseParagraph(lines: readonly string[], i: number): [MdBlock, number] {
  const body: string[] = [(lines[i] ?? '').replace(/^[ \t]+/, '')];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    const setext = setextLine.exec(line);
    if (setext) {
      const level = setext[1]?.startsWith('=') === true ? 1 : 2;
      return [{ type: 'heading', level, children: parseInline(body.join('\n')) }, j + 1];
    }
    if (interruptsParagraph(line)) break;
    body.push(line.replace(/^[ \t]+/, ''));
  }
  const text = body.join('\n').replace(/[ \t]+$/, '');
  return [{ type: 'paragraph', children: parseInline(text) }, j];
}
