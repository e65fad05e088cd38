// Turns zod issues into one clear message that names the operation, the parameter and the bad
// value: `listVertices: query.limit: expected an integer, got "abc"`.
import type { z } from 'zod';
import { BadRequestError, ServerErrorCodes } from './errors.js';

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function show(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'bigint'
        ? value.toString()
        : (JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ??
          String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

/** The branch of a failed union that got furthest: issues past the type check win. */
function bestUnionBranch(errors: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  let best: readonly Issue[] | undefined;
  let bestScore = -1;
  for (const branch of errors) {
    const score = branch.some((i) => i.code !== 'invalid_type') ? 1 : 0;
    if (score > bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function describe(issue: Issue): { text: string; path: PropertyKey[] } {
  const path = [...issue.path];
  switch (issue.code) {
    case 'invalid_union': {
      const branch = bestUnionBranch(issue.errors);
      const first = branch?.[0];
      if (first && issue.errors.length > 0) {
        const inner = describe(first);
        return { text: inner.text, path: [...path, ...inner.path] };
      }
      return { text: 'has no acceptable form', path };
    }
    case 'invalid_type':
      return { text: `expected ${issue.expected}`, path };
    case 'invalid_value':
      return { text: `expected one of ${issue.values.map((v) => show(v)).join(', ')}`, path };
    case 'unrecognized_keys':
      return { text: `unknown field(s) ${issue.keys.join(', ')}`, path };
    case 'custom':
    case 'invalid_element':
    case 'invalid_format':
    case 'invalid_key':
    case 'not_multiple_of':
    case 'too_big':
    case 'too_small':
      return { text: issue.message, path };
  }
}

/** One message for all issues of one part (path, query, body) of a request. */
export function issuesMessage(
  operation: string,
  part: string,
  issues: readonly Issue[],
  input: unknown,
): string {
  const lines = issues.slice(0, 5).map((issue) => {
    const { text, path } = describe(issue);
    const where = [part, ...path.map(String)].join('.');
    const value = valueAt(input, path);
    const got = value === undefined ? ' (missing)' : `, got ${show(value)}`;
    return `${where}: ${text}${got}`;
  });
  if (issues.length > 5) lines.push(`and ${issues.length - 5} more`);
  return `${operation}: ${lines.join('; ')}`;
}

/** Parses `input` with `schema`, or throws a 400 naming the parameter and the bad value. */
export function parseOrThrow(
  schema: z.ZodType,
  input: unknown,
  operation: string,
  part: 'path' | 'query' | 'body',
): unknown {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const code =
    part === 'body' ? ServerErrorCodes.invalidPayload : ServerErrorCodes.invalidParameter;
  throw new BadRequestError(issuesMessage(operation, part, parsed.error.issues, input), code);
}
