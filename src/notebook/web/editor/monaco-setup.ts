// One-time monaco setup for the notebook: the editor worker, the editor features the cells use
// (the `monaco-editor/editor` entry has none), the `gsql` language with tokens from the core
// lexer and completion from the core helper, and the `gwb-light` theme.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/readOnlyMessage/register';
import 'monaco-editor/languages/definitions/markdown/register';
import './editor.css';
import type { CompletionSchema } from '../../../core/gsql/index.js';
import { completionsAt, EMPTY_SCHEMA, TRIGGER_CHARACTERS } from './completion-items.js';
import { INITIAL_LINE_STATE, sameLineState, tokenizeLine, type LineState } from './line-tokens.js';
import { THEME_NAME, themeRules } from './theme.js';

export const GSQL_LANGUAGE_ID = 'gsql';
/** Where the notebook server serves the editor worker (scripts/build.mjs builds it). */
export const EDITOR_WORKER_URL = '/assets/editor.worker.js';

export type SchemaProvider = (model: monaco.editor.ITextModel) => CompletionSchema;

let schemaProvider: SchemaProvider = () => EMPTY_SCHEMA;

/** Sets where completion gets the schema of a cell's model (the app keeps one per graph). */
export function setSchemaProvider(fn: SchemaProvider): void {
  schemaProvider = fn;
}

/** The live schema for a cell's model (completion and diagnostics). */
export function schemaOf(model: monaco.editor.ITextModel): CompletionSchema {
  return schemaProvider(model);
}

/** Monaco's tokenizer state: what the previous line left open. */
class GsqlState implements monaco.languages.IState {
  constructor(readonly line: LineState) {}
  clone(): GsqlState {
    return this; // immutable
  }
  equals(other: monaco.languages.IState): boolean {
    return other instanceof GsqlState && sameLineState(this.line, other.line);
  }
}

const tokensProvider: monaco.languages.TokensProvider = {
  getInitialState: () => new GsqlState(INITIAL_LINE_STATE),
  tokenize(line, state) {
    const start = state instanceof GsqlState ? state.line : INITIAL_LINE_STATE;
    const { tokens, endState } = tokenizeLine(line, start);
    return {
      tokens: tokens.map((t) => ({ startIndex: t.startIndex, scopes: t.scope })),
      endState: new GsqlState(endState),
    };
  },
};

const completionProvider: monaco.languages.CompletionItemProvider = {
  triggerCharacters: [...TRIGGER_CHARACTERS],
  provideCompletionItems(model, position) {
    const offset = model.getOffsetAt(position);
    const { replaceFrom, items } = completionsAt(model.getValue(), offset, schemaProvider(model));
    const from = model.getPositionAt(replaceFrom);
    const range = new monaco.Range(
      from.lineNumber,
      from.column,
      position.lineNumber,
      position.column,
    );
    return {
      suggestions: items.map((item) => ({
        label: item.label,
        insertText: item.insertText,
        kind: monaco.languages.CompletionItemKind[item.kind],
        detail: item.detail,
        sortText: item.sortText,
        range,
      })),
    };
  },
};

const languageConfiguration: monaco.languages.LanguageConfiguration = {
  comments: { lineComment: '//', blockComment: ['/*', '*/'] },
  brackets: [
    ['{', '}'],
    ['[', ']'],
    ['(', ')'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"', notIn: ['string', 'comment'] },
    { open: '/*', close: ' */', notIn: ['string'] },
  ],
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
  ],
  wordPattern: /@{0,2}[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?/g,
};

let done = false;

/** Sets monaco up once; every call after the first does nothing. */
export function setupMonaco(): void {
  if (done) return;
  done = true;
  self.MonacoEnvironment = {
    getWorker: () => new Worker(EDITOR_WORKER_URL, { type: 'module', name: 'monaco-editor' }),
  };
  monaco.languages.register({
    id: GSQL_LANGUAGE_ID,
    extensions: ['.gsql'],
    aliases: ['GSQL', 'gsql'],
  });
  monaco.languages.setLanguageConfiguration(GSQL_LANGUAGE_ID, languageConfiguration);
  monaco.languages.setTokensProvider(GSQL_LANGUAGE_ID, tokensProvider);
  monaco.languages.registerCompletionItemProvider(GSQL_LANGUAGE_ID, completionProvider);
  monaco.editor.defineTheme(THEME_NAME, {
    base: 'vs',
    inherit: true,
    rules: themeRules(),
    colors: {},
  });
  monaco.editor.setTheme(THEME_NAME);
}
