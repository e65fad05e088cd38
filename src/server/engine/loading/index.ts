// Loading jobs: compile (schema-checked closures, cached), stream-read CSV and JSON lines, run
// over one source in durable batches, run over allowed local files, describe a job as JSON, and
// keep the registry of background jobs for the /gsql/v1/loading-jobs endpoints.
export {
  compileJobText,
  compileLoadingJob,
  compiledJob,
  parseLoadingJob,
  unescapeText,
  type CompiledJob,
  type CompiledLoad,
  type LoadOptions,
} from './compile.js';
export { parseJsonLine, readLines, splitTokens, type LineOptions, type RawLine } from './csv.js';
export { describeLoadingJob, type JobDescription, type JobMapping } from './describe.js';
export { LoadingJobError, type LoadingJobErrorCode } from './errors.js';
export {
  resolveAllowedFile,
  resolveAllowedFiles,
  runLoadingJobOnFiles,
  type FileRunOptions,
} from './files.js';
export {
  LoadingJobRegistry,
  type LoadingJobState,
  type LoadingJobStatus,
  type StartOptions,
} from './jobs-registry.js';
export { resolveVariable, runLoadingJob, type LoadProgress, type RunOptions } from './run.js';
export type {
  ConciseStatistics,
  FileStatistics,
  LoadingResult,
  LoadStatistics,
  ObjectStatistics,
} from './stats.js';
