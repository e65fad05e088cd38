// Result shaping shared by the faces (REPL, notebook, MCP): tables from printed JSON, previews.
export type { ResultTable, VertexLike } from './table.js';
export {
  cellText,
  isRowList,
  isVertexSet,
  rowsToTable,
  toTable,
  vertexSetToTable,
} from './table.js';
export type { Preview, PreviewOptions } from './preview.js';
export { omittedMarker, previewJson } from './preview.js';
