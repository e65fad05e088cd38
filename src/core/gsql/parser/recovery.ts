// Error recovery: a broken statement is reported, replaced by an Error node and skipped, so
// that parsing continues and an editor can show every error of a text at once.
import type { ErrorNode } from '../ast/index.js';
import type { Token } from '../tokens.js';
import { SyntaxBail, type Cursor } from './cursor.js';

/** Should skipping stop before this token (it starts a statement on a new line)? */
export type SyncPoint = (t: Token, c: Cursor) => boolean;

/**
 * Runs `parse`; on a syntax error records it and skips to the statement's `;` (consumed), to an
 * unmatched `}` (left for the enclosing block) or to a sync point at depth 0.
 */
export function guarded<T>(c: Cursor, parse: () => T, sync: SyncPoint): T | ErrorNode {
  const startPos = c.pos;
  const start = c.tok;
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof SyntaxBail)) throw e;
    c.report(e.diagnostic);
    return skipStatement(c, start, startPos, sync);
  }
}

function skipStatement(c: Cursor, start: Token, startPos: number, sync: SyncPoint): ErrorNode {
  // An error at the start of a later line most often means the statement above is unfinished
  // (a missing `;`): the new line is left to be read as the next statement.
  if (
    c.pos > startPos &&
    c.atLineStart &&
    (c.tok.kind === 'word' || c.tok.kind === 'globalAccum')
  ) {
    return errorNode(c, start);
  }
  let depth = 0;
  // Braces this statement opened before the error (a property map `{k: v` left open) are
  // closed by the `}` that follow, which do not end the enclosing block.
  let openBraces = bracesOpenedSince(c, startPos);
  // Always make progress, or a token no rule accepts would loop forever.
  if (c.pos === startPos) c.next();
  while (!c.atEnd) {
    const t = c.tok;
    if (t.kind === 'op') {
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') {
        if (depth === 0 && t.text === '}' && openBraces > 0) openBraces--;
        else if (depth === 0 && t.text === '}') break;
        depth = Math.max(0, depth - 1);
      } else if (t.text === ';' && depth === 0) {
        c.next();
        break;
      }
    }
    if (depth === 0 && c.atLineStart && sync(t, c)) break;
    c.next();
  }
  return errorNode(c, start);
}

/** `{` consumed from `startPos` up to the error and not yet closed. */
function bracesOpenedSince(c: Cursor, startPos: number): number {
  let open = 0;
  for (let i = startPos; i < c.pos; i++) {
    const t = c.tokens[i];
    if (t?.kind !== 'op') continue;
    if (t.text === '{') open++;
    else if (t.text === '}') open = Math.max(0, open - 1);
  }
  return open;
}

function errorNode(c: Cursor, start: Token): ErrorNode {
  const range = c.rangeFrom(start);
  return { kind: 'Error', text: c.textOf(range), range };
}
