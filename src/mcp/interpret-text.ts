// The interpreted query's text as the service wants it: the real service reads the graph from
// the text (INTERPRET QUERY (...) FOR GRAPH g), so a text without FOR GRAPH gets the tool's graph
// put in, right after the parameter list (found by tokens, not by pattern matching).
import { lex } from '../core/gsql/index.js';

/** The offset just after the `)` closing the parameter list, or undefined. */
function afterParams(text: string): number | undefined {
  let depth = 0;
  let seenQuery = false;
  for (const token of lex(text)) {
    if (!seenQuery) {
      seenQuery = token.upper === 'QUERY';
      continue;
    }
    if (token.text === '(') depth += 1;
    else if (token.text === ')') {
      depth -= 1;
      if (depth === 0) return token.end;
    }
  }
  return undefined;
}

/** Adds ` FOR GRAPH <graph>` when the text names none. */
export function withGraph(text: string, graph: string, hasGraph: boolean): string {
  if (hasGraph) return text;
  const at = afterParams(text);
  if (at === undefined) return text;
  return `${text.slice(0, at)} FOR GRAPH ${graph}${text.slice(at)}`;
}
