// Read-only enforcement by the GSQL front end: the text is parsed and the tree decides whether a
// query writes, by the one write analysis of src/core/gsql/writes.ts (the engine uses it too).
// Every write counts here, files on the server included: a read-only session leaves nothing
// behind. Never a regular expression.
import {
  describeExpected,
  lex,
  parse,
  queryWrites,
  type CreateQuery,
  type Diagnostic,
  type InterpretBlock,
  type Node,
  type QueryWriteKind,
} from '../core/gsql/index.js';

/** A write as the MCP tools report it: what, where (line:column) and its kind. */
export interface WriteFinding {
  readonly kind: QueryWriteKind;
  readonly what: string;
  readonly line: number;
  readonly column: number;
}

export interface SyntaxProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly expected?: string;
  readonly found?: string;
}

/** Every place in the tree that writes, in source order. */
export function findWrites(root: Node): WriteFinding[] {
  return queryWrites(root).map((w) => ({
    kind: w.kind,
    what: w.what,
    line: w.range.start.line,
    column: w.range.start.column,
  }));
}

/** A diagnostic as a model reads it: line:column, the message, what was expected. */
export function syntaxProblem(d: Diagnostic): SyntaxProblem {
  return {
    line: d.range.start.line,
    column: d.range.start.column,
    message: d.message,
    ...(d.expected && d.expected.length > 0 ? { expected: describeExpected(d.expected) } : {}),
    ...(d.found !== undefined ? { found: d.found } : {}),
  };
}

export function formatProblems(problems: readonly SyntaxProblem[]): string {
  return problems
    .map((p) => {
      const expected =
        p.expected === undefined || p.message.includes('expected')
          ? ''
          : ` (expected ${p.expected})`;
      return `${p.line}:${p.column}: ${p.message}${expected}`;
    })
    .join('\n');
}

export type QueryNode = CreateQuery | InterpretBlock;

export type QueryCheck =
  | { readonly ok: true; readonly query: QueryNode; readonly writes: readonly WriteFinding[] }
  | { readonly ok: false; readonly problems: readonly SyntaxProblem[] };

/**
 * The front end reads INTERPRET QUERY without parameters, while the service takes
 * `INTERPRET QUERY (INT n) FOR GRAPH g {...}` with parameters in the query string. For checking,
 * the head is read as CREATE QUERY (the same grammar with parameters): the words are replaced by
 * text of the same length on the same line, so every line:column of a diagnostic stays true.
 */
export function asCreateQuery(text: string): string {
  const tokens = lex(text).filter((t) => t.kind !== 'comment');
  const [first, second] = tokens;
  if (first?.upper !== 'INTERPRET' || second?.upper !== 'QUERY') return text;
  const head = text.slice(first.start, second.end);
  const stand = 'CREATE QUERY ';
  if (head.includes('\n') || head.length < stand.length + 1) return text;
  const replacement = `${stand}q`.padEnd(head.length, ' ');
  return text.slice(0, first.start) + replacement + text.slice(second.end);
}

/**
 * Parses the text of one query (INTERPRET QUERY or CREATE QUERY). Syntax errors come back as
 * problems; a text that is not exactly one query is a problem too (a shell statement such as DROP
 * must not travel as a query).
 */
export function checkQueryText(text: string): QueryCheck {
  const { ast, diagnostics } = parse(asCreateQuery(text));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { ok: false, problems: errors.map(syntaxProblem) };
  const statements = ast.statements;
  const [first] = statements;
  if (
    statements.length !== 1 ||
    first === undefined ||
    (first.kind !== 'InterpretBlock' && first.kind !== 'CreateQuery')
  ) {
    const at = first?.range.start ?? { line: 1, column: 1 };
    return {
      ok: false,
      problems: [
        {
          line: at.line,
          column: at.column,
          message: 'expected exactly one query: INTERPRET QUERY () FOR GRAPH g { ... }',
          expected: 'INTERPRET QUERY or CREATE QUERY',
          found: first === undefined ? 'nothing' : first.kind,
        },
      ],
    };
  }
  return { ok: true, query: first, writes: findWrites(first) };
}

/** The CREATE QUERY statements of a script (SHOW QUERY output, install_query input). */
export function createQueries(text: string): {
  queries: CreateQuery[];
  problems: SyntaxProblem[];
} {
  const { ast, diagnostics } = parse(text);
  const problems = diagnostics.filter((d) => d.severity === 'error').map(syntaxProblem);
  const queries = ast.statements.filter((s): s is CreateQuery => s.kind === 'CreateQuery');
  return { queries, problems };
}
