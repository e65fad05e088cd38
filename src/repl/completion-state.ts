// Tab completion against the editor: candidates from the core helper with the live schema (meta
// command lines from meta/complete.ts), and
// applying one (it replaces the word before the cursor, `@`/`@@` included).
import { complete, type Completion, type CompletionSchema } from '../core/gsql/index.js';
import { replaceBefore, wordBefore, type EditorState } from './editor-state.js';
import { metaCandidates } from './meta/complete.js';

export interface PopupState {
  readonly items: readonly Completion[];
  readonly selected: number;
}

export function candidates(state: EditorState, schema: CompletionSchema): Completion[] {
  // Meta commands are not GSQL: their names, then their arguments.
  if (state.text.trimStart().startsWith('\\')) {
    return metaCandidates(state.text, state.cursor, schema);
  }
  const found = complete(state.text, state.cursor, schema);
  // Where the grammar expects an expression (a seed set `{pers|`), names from the schema are
  // still what people type most: offer the matching type names after the grammar's candidates.
  const prefix = wordBefore(state).toLowerCase();
  if (prefix === '' || found.some((c) => c.kind !== 'keyword' && c.kind !== 'function')) {
    return found;
  }
  const names: Completion[] = [
    ...schema.vertexTypes.map((t) => ({ label: t.name, kind: 'vertexType' as const })),
    ...schema.edgeTypes.map((t) => ({ label: t.name, kind: 'edgeType' as const })),
  ].filter((c) => c.label.toLowerCase().startsWith(prefix) && c.label.toLowerCase() !== prefix);
  return [...names, ...found];
}

export function applyCompletion(state: EditorState, item: Completion): EditorState {
  return replaceBefore(state, wordBefore(state).length, item.label);
}
