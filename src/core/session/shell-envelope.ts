// The JSON envelope the GSQL shell prints for RUN/INTERPRET QUERY ({error, message, results}),
// recognised inside the statements channel's text output.
import { parseJson } from '../client/index.js';

export interface ShellEnvelope {
  readonly error: boolean;
  readonly message: string;
  readonly results: unknown[];
  readonly code?: string;
}

/** The envelope printed by the shell, if the output is one. */
export function shellEnvelope(output: string): ShellEnvelope | undefined {
  const start = output.search(/^[{]/m);
  if (start < 0) return undefined;
  try {
    const value = parseJson(output.slice(start)) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || !('results' in value || 'error' in value)) {
      return undefined;
    }
    return {
      error: value.error === true,
      message: typeof value.message === 'string' ? value.message : '',
      results: Array.isArray(value.results) ? value.results : [],
      ...(typeof value.code === 'string' ? { code: value.code } : {}),
    };
  } catch {
    return undefined;
  }
}
