// GSQL highlighting for ink from the core's token classes, with the cursor drawn as an inverse
// cell. Meta-command lines (`\...`) are shown in one colour: they are not GSQL.
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { highlightTokens, type TokenClass } from '../core/gsql/index.js';

export const tokenColours: Record<TokenClass, string | undefined> = {
  keyword: 'magenta',
  type: 'cyan',
  accumulator: 'yellow',
  string: 'green',
  number: 'blue',
  comment: 'gray',
  operator: undefined,
  identifier: undefined,
  error: 'red',
};

interface Piece {
  readonly text: string;
  readonly colour: string | undefined;
}

/** The text cut into coloured pieces (gaps between tokens uncoloured). */
export function pieces(text: string): Piece[] {
  if (text.trimStart().startsWith('\\')) return [{ text, colour: 'cyan' }];
  const out: Piece[] = [];
  let at = 0;
  for (const span of highlightTokens(text)) {
    if (span.start > at) out.push({ text: text.slice(at, span.start), colour: undefined });
    out.push({ text: text.slice(span.start, span.end), colour: tokenColours[span.cls] });
    at = span.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), colour: undefined });
  return out;
}

/** One line of highlighted text; `cursor` is an offset inside this line or undefined. */
function renderLine(pieceList: readonly Piece[], cursor: number | undefined): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  pieceList.forEach((p, i) => {
    const end = at + p.text.length;
    if (cursor !== undefined && cursor >= at && cursor < end) {
      const k = cursor - at;
      nodes.push(
        <Text key={`${i}a`} color={p.colour}>
          {p.text.slice(0, k)}
        </Text>,
        <Text key={`${i}c`} inverse color={p.colour}>
          {p.text[k]}
        </Text>,
        <Text key={`${i}b`} color={p.colour}>
          {p.text.slice(k + 1)}
        </Text>,
      );
    } else {
      nodes.push(
        <Text key={i} color={p.colour}>
          {p.text}
        </Text>,
      );
    }
    at = end;
  });
  if (cursor !== undefined && cursor >= at) {
    nodes.push(
      <Text key="cursor" inverse>
        {' '}
      </Text>,
    );
  }
  return nodes;
}

/** Splits pieces at line breaks: one array of pieces per line. */
export function piecesByLine(text: string): Piece[][] {
  const lines: Piece[][] = [[]];
  for (const p of pieces(text)) {
    const parts = p.text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]?.push({ text: part, colour: p.colour });
    });
  }
  return lines;
}

export function HighlightedLine(props: {
  readonly pieces: readonly Piece[];
  readonly cursor?: number | undefined;
}) {
  return <Text>{renderLine(props.pieces, props.cursor)}</Text>;
}
