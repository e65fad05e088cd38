// Face-neutral session helpers: running a GSQL statement as the shell would, stopping a running
// query, and fetching the schema for completion. The REPL and the notebook both build on them.
export type { ShellEnvelope } from './shell-envelope.js';
export { shellEnvelope } from './shell-envelope.js';
export { abortRunningQuery } from './abort.js';
export { emptyCompletionSchema, fetchCompletionSchema, queriesFromLs } from './schema.js';
export type { StatementOutcome, StatementRun } from './statement.js';
export { runStatement } from './statement.js';
export type { InstalledQuery } from './installed.js';
export { installedQueries } from './installed.js';
export type { MessagePosition } from './positions.js';
export { messagePositions, movePositions } from './positions.js';
export type { ShellHabit } from './shell-habits.js';
export { shellHabit, splitForShell } from './shell-habits.js';
export type { EdgeEnds, EndPair } from './edge-pairs.js';
export { edgePairs, pairsArrows, pairsClause } from './edge-pairs.js';
export type { WorkspaceEntry } from './workspaces.js';
export { findWorkspace, listWorkspaces, workspaceEntries } from './workspaces.js';
