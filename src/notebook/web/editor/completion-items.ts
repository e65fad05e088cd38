// Completion for the editor from the core helper: candidates at an offset with the live schema,
// the span they replace (the word before the cursor, `@`/`@@` included) and the monaco kind each
// is shown with. Pure: no monaco import; the monaco provider turns names into enum values.
import {
  complete,
  lex,
  type Completion,
  type CompletionKind,
  type CompletionSchema,
} from '../../../core/gsql/index.js';

/** Names of monaco's `languages.CompletionItemKind` members used for each core kind. */
export type MonacoKindName =
  'Keyword' | 'Class' | 'Interface' | 'Field' | 'Variable' | 'Method' | 'Module' | 'Function';

export const KIND_NAMES: Readonly<Record<CompletionKind, MonacoKindName>> = {
  keyword: 'Keyword',
  vertexType: 'Class',
  edgeType: 'Interface',
  attribute: 'Field',
  accumulator: 'Variable',
  query: 'Method',
  graph: 'Module',
  function: 'Function',
};

const KIND_DETAILS: Readonly<Record<CompletionKind, string>> = {
  keyword: 'keyword',
  vertexType: 'vertex type',
  edgeType: 'edge type',
  attribute: 'attribute',
  accumulator: 'accumulator',
  query: 'query',
  graph: 'graph',
  function: 'function',
};

/** Characters after which the editor asks for completion without a word typed. */
export const TRIGGER_CHARACTERS: readonly string[] = ['.', '@'];

export interface CompletionItemSpec {
  readonly label: string;
  readonly insertText: string;
  readonly kind: MonacoKindName;
  readonly detail: string;
  /** Keeps the core's order (grammar first) among equally good matches. */
  readonly sortText: string;
}

export interface CompletionResult {
  /** Offset where the replaced word starts; it ends at the requested offset. */
  readonly replaceFrom: number;
  readonly items: CompletionItemSpec[];
}

export const EMPTY_SCHEMA: CompletionSchema = { vertexTypes: [], edgeTypes: [], queries: [] };

/** Start of the word (or `@`/`@@` accumulator name) that ends at `offset`. */
export function wordStartBefore(text: string, offset: number): number {
  const at = Math.max(0, Math.min(offset, text.length));
  const tokens = lex(text.slice(0, at), { comments: true });
  const last = tokens[tokens.length - 2];
  if (last === undefined || last.end !== at) return at;
  const wordLike =
    last.kind === 'word' ||
    last.kind === 'globalAccum' ||
    last.kind === 'localAccum' ||
    (last.kind === 'error' && last.text.startsWith('@'));
  return wordLike ? last.start : at;
}

/**
 * Candidates at `offset`. Like the REPL: where the grammar only offers keywords and functions
 * (an expression such as a seed set `{pers|`), the schema's type names matching the typed
 * prefix come first, since those are what people type most there.
 */
export function completionsAt(
  text: string,
  offset: number,
  schema: CompletionSchema = EMPTY_SCHEMA,
): CompletionResult {
  const at = Math.max(0, Math.min(offset, text.length));
  const replaceFrom = wordStartBefore(text, at);
  const found = complete(text, at, schema);
  const prefix = text.slice(replaceFrom, at).toLowerCase();
  let all: Completion[] = found;
  const onlyWords = found.every((c) => c.kind === 'keyword' || c.kind === 'function');
  if (prefix !== '' && !prefix.startsWith('@') && onlyWords) {
    const names: Completion[] = [
      ...schema.vertexTypes.map((t) => ({ label: t.name, kind: 'vertexType' as const })),
      ...schema.edgeTypes.map((t) => ({ label: t.name, kind: 'edgeType' as const })),
    ].filter((c) => c.label.toLowerCase().startsWith(prefix) && c.label.toLowerCase() !== prefix);
    all = [...names, ...found];
  }
  return { replaceFrom, items: all.map(toItem) };
}

function toItem(c: Completion, index: number): CompletionItemSpec {
  return {
    label: c.label,
    insertText: c.label,
    kind: KIND_NAMES[c.kind],
    detail: c.detail ?? KIND_DETAILS[c.kind],
    sortText: String(index).padStart(5, '0'),
  };
}
