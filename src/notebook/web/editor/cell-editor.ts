// One notebook cell's editor: monaco sized to its content (3 to 30 lines, then it scrolls) and
// laid out again whenever its container's width changes (a ResizeObserver),
// Shift+Enter and Ctrl/Cmd+Enter to run, squiggles for GSQL, and the line of a run error marked
// until the next edit.
import * as monaco from 'monaco-editor/editor';
import { toMarkerData, watchDiagnostics } from './diagnostics.js';
import { runErrorMarker } from './markers.js';
import { GSQL_LANGUAGE_ID, setupMonaco } from './monaco-setup.js';
import { THEME_NAME } from './theme.js';

export type CellLanguage = 'gsql' | 'markdown' | 'plaintext';

export interface CellEditorOptions {
  readonly value: string;
  readonly language: CellLanguage;
  /** Each edit by the user (not `setValue`), with the whole text. */
  readonly onChange: (text: string) => void;
  /** Ctrl+Enter (Cmd+Enter on macOS). */
  readonly onRun: () => void;
  /** Shift+Enter. */
  readonly onRunAndAdvance: () => void;
  readonly onFocus?: () => void;
  readonly readOnly?: boolean;
}

export interface CellEditorHandle {
  getValue(): string;
  /** Replaces the text without calling `onChange`. */
  setValue(text: string): void;
  focus(): void;
  /** Marks a run error at line:column (1-based; column 0 for the whole line). */
  markError(line: number, column: number, message: string): void;
  clearRunError(): void;
  layout(): void;
  dispose(): void;
  readonly editor: monaco.editor.IStandaloneCodeEditor;
}

export const RUN_MARKER_OWNER = 'run';
export const MIN_LINES = 3;
export const MAX_LINES = 30;
const FONT_SIZE = 13;
const LINE_HEIGHT = 19;
const PADDING = 4;

/** Creates a cell editor in `container`; its height follows the content. */
export function createCellEditor(
  container: HTMLElement,
  options: CellEditorOptions,
): CellEditorHandle {
  setupMonaco();
  const language = options.language === 'gsql' ? GSQL_LANGUAGE_ID : options.language;
  const model = monaco.editor.createModel(options.value, language);
  model.setEOL(monaco.editor.EndOfLineSequence.LF);
  container.classList.add('gwb-cell-editor');
  const editor = monaco.editor.create(container, {
    model,
    theme: THEME_NAME,
    readOnly: options.readOnly === true,
    minimap: { enabled: false },
    automaticLayout: false,
    fixedOverflowWidgets: true,
    fontSize: FONT_SIZE,
    lineHeight: LINE_HEIGHT,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
    lineNumbers: 'on',
    lineNumbersMinChars: 3,
    glyphMargin: false,
    folding: false,
    scrollBeyondLastLine: false,
    wordWrap: 'on',
    wordBasedSuggestions: 'off',
    renderLineHighlight: 'none',
    overviewRulerLanes: 0,
    hideCursorInOverviewRuler: true,
    padding: { top: PADDING, bottom: PADDING },
    scrollbar: { vertical: 'auto', alwaysConsumeMouseWheel: false },
    tabSize: 2,
    // The textarea input path rather than Chromium's EditContext (still marked experimental):
    // the same in every browser, and `.monaco-editor textarea` is the element that takes focus.
    editContext: false,
  });

  const disposables: monaco.IDisposable[] = [];
  if (options.language === 'gsql') disposables.push(watchDiagnostics(model));

  const layout = (): void => {
    // Not in the page or hidden: nothing to measure; the ResizeObserver lays out once shown.
    if (container.clientWidth === 0) return;
    const min = MIN_LINES * LINE_HEIGHT + 2 * PADDING;
    const max = MAX_LINES * LINE_HEIGHT + 2 * PADDING;
    const height = Math.min(Math.max(editor.getContentHeight(), min), max);
    container.style.height = `${height}px`;
    editor.layout({ width: container.clientWidth, height });
  };
  disposables.push(
    editor.onDidContentSizeChange((e) => {
      if (e.contentHeightChanged) layout();
    }),
  );
  // Lay out again whenever the container's width changes, including the first time it is
  // attached and shown: a cell built off-screen (load, reload, import, a hidden tab) has width 0
  // when monaco is created, and without this it would stay laid out a few pixels wide until the
  // window was resized. Height changes are ours (layout sets it), so only the width counts.
  let laidOutWidth = -1;
  const resizeObserver = new ResizeObserver(() => {
    const width = container.clientWidth;
    if (width === laidOutWidth || width === 0) return;
    laidOutWidth = width;
    layout();
  });
  resizeObserver.observe(container);

  let runError: monaco.editor.IEditorDecorationsCollection | undefined;
  const clearRunError = (): void => {
    runError?.clear();
    runError = undefined;
    if (!model.isDisposed()) monaco.editor.setModelMarkers(model, RUN_MARKER_OWNER, []);
  };

  let programmatic = false;
  disposables.push(
    model.onDidChangeContent(() => {
      if (runError !== undefined) clearRunError();
      if (!programmatic) options.onChange(model.getValue());
    }),
  );
  if (options.onFocus !== undefined) {
    const onFocus = options.onFocus;
    disposables.push(editor.onDidFocusEditorText(() => onFocus()));
  }
  // Actions, not addCommand: an action's keybinding is scoped to its own editor, while
  // addCommand keybindings are global and the last editor created would win.
  disposables.push(
    editor.addAction({
      id: 'gwb.runCell',
      label: 'Run cell',
      keybindings: [
        monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter,
        monaco.KeyMod.WinCtrl | monaco.KeyCode.Enter,
      ],
      run: () => options.onRun(),
    }),
    editor.addAction({
      id: 'gwb.runCellAndAdvance',
      label: 'Run cell and go to the next',
      keybindings: [monaco.KeyMod.Shift | monaco.KeyCode.Enter],
      run: () => options.onRunAndAdvance(),
    }),
  );

  layout();

  return {
    editor,
    getValue: () => model.getValue(),
    setValue(text) {
      if (text === model.getValue()) return;
      programmatic = true;
      try {
        model.setValue(text);
      } finally {
        programmatic = false;
      }
    },
    focus: () => editor.focus(),
    markError(line, column, message) {
      clearRunError();
      const spec = runErrorMarker(model.getValue(), line, column, message);
      monaco.editor.setModelMarkers(model, RUN_MARKER_OWNER, [toMarkerData(spec)]);
      runError = editor.createDecorationsCollection([
        {
          range: new monaco.Range(spec.startLineNumber, 1, spec.startLineNumber, 1),
          options: {
            isWholeLine: true,
            className: 'gwb-run-error-line',
            linesDecorationsClassName: 'gwb-run-error-glyph',
            hoverMessage: { value: message },
          },
        },
      ]);
      editor.revealLineInCenterIfOutsideViewport(spec.startLineNumber);
    },
    clearRunError,
    layout,
    dispose() {
      resizeObserver.disconnect();
      for (const d of disposables) d.dispose();
      clearRunError();
      editor.dispose();
      model.dispose();
    },
  };
}
