// The schema handlers of the embedded service (spec document 2: vertices, indexes, edges,
// graphs, schema-change jobs; document 1: GET /gsql/v1/schema), one map for serviceHandlers.
import type { HandlerMap } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';
import { edgeHandlers } from './schema-edges.js';
import { graphHandlers } from './schema-graphs.js';
import { indexHandlers } from './schema-indexes.js';
import { jobHandlers } from './schema-jobs.js';
import { vertexHandlers } from './schema-vertices.js';

export const schemaHandlers: HandlerMap = withEngineErrors({
  ...vertexHandlers,
  ...indexHandlers,
  ...edgeHandlers,
  ...graphHandlers,
  ...jobHandlers,
});
