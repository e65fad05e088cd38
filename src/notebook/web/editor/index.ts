// The notebook's cell editor: monaco with the GSQL language driven by the core front end.
export {
  createCellEditor,
  MAX_LINES,
  MIN_LINES,
  RUN_MARKER_OWNER,
  type CellEditorHandle,
  type CellEditorOptions,
  type CellLanguage,
} from './cell-editor.js';
export { GSQL_MARKER_OWNER, watchDiagnostics } from './diagnostics.js';
export {
  EDITOR_WORKER_URL,
  GSQL_LANGUAGE_ID,
  setSchemaProvider,
  setupMonaco,
  type SchemaProvider,
} from './monaco-setup.js';
export { THEME_NAME } from './theme.js';
