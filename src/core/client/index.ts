// The HTTP client of the core: every face reaches the server through this module.
export { GraphClient } from './graph-client.js';
export { installAndWait, type InstallResult, type InstallWaitOptions } from './install.js';
export type { GraphClientOptions } from './base-client.js';
export type { CallOptions, OperationInput, OperationResult } from './call-types.js';
export type { ConnectionProfile, PathForm } from './profile.js';
export { defaultTokenLifetime } from './profile.js';
export type { DetectedServer } from './path-form.js';
export { releaseOf } from './path-form.js';
export { decodeShellOutput, type ShellOutput } from './envelope.js';
export { encodeQueryParams, mapParam, tupleParam } from './query-string.js';
export { parseJson, stringifyJson } from '../json.js';
