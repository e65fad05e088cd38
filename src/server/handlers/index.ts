// Every handler of the embedded service, by operation name: one map per area of the catalogue.
import type { HandlerMap } from '../http/context.js';
import { dataHandlers } from './data.js';
import { dataSourceHandlers } from './datasources.js';
import { informantHandlers } from './informant.js';
import { statsHandlers } from './stats.js';
import { udfFileHandlers } from './udf-files.js';
import { udtHandlers } from './udt.js';
import { libraryHandlers } from './library.js';
import { loadingHandlers } from './loading.js';
import { maintenanceHandlers } from './maintenance.js';
import { schemaHandlers } from './schema.js';
import { pathHandlers } from './paths.js';
import { queryHandlers } from './queries.js';
import { queryRuntimeHandlers } from './query-runtime.js';
import { roleHandlers } from './roles.js';
import { scimHandlers } from './scim.js';
import { statementsHandlers } from './statements.js';
import { systemHandlers } from './system.js';
import { tokenHandlers } from './tokens.js';

export const serviceHandlers: HandlerMap = {
  ...systemHandlers,
  ...dataHandlers,
  ...maintenanceHandlers,
  ...schemaHandlers,
  ...pathHandlers,
  ...statementsHandlers,
  ...loadingHandlers,
  ...queryHandlers,
  ...queryRuntimeHandlers,
  ...libraryHandlers,
  ...informantHandlers,
  ...udtHandlers,
  ...udfFileHandlers,
  ...statsHandlers,
  ...dataSourceHandlers,
  ...tokenHandlers,
  ...roleHandlers,
  ...scimHandlers,
};
