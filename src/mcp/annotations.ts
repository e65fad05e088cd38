// The four MCP tool annotations, always all set, derived from the catalogue: a tool is read-only
// when every operation it calls is (or when it is a guarded query tool and writes are not
// allowed: it refuses anything that writes before sending it). Writes may overwrite or delete
// (destructive); only PUT and DELETE are idempotent; the graph database is a closed world.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Operation } from '../core/ops/index.js';

export interface AnnotatedTool {
  readonly title: string;
  readonly operations: readonly Operation[];
  /**
   * Operations called only with fixed read-only input (SHOW QUERY through the statements channel,
   * which in general can write): listed for the record, they do not make the tool a writer.
   */
  readonly fixedReads?: readonly Operation[];
  /** A query tool that checks the GSQL it runs and refuses writes unless they are allowed. */
  readonly guarded?: boolean;
}

/** Whether the tool, as registered with these settings, can change the graph. */
export function toolReadOnly(tool: AnnotatedTool, allowWrites: boolean): boolean {
  if (tool.guarded === true) return !allowWrites;
  return tool.operations.every((op) => op.readOnly);
}

export function annotationsFor(tool: AnnotatedTool, allowWrites: boolean): ToolAnnotations {
  const readOnly = toolReadOnly(tool, allowWrites);
  const idempotent =
    readOnly || tool.operations.every((op) => op.method === 'PUT' || op.method === 'DELETE');
  return {
    title: tool.title,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly,
    idempotentHint: idempotent,
    openWorldHint: false,
  };
}
