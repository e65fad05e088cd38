// Shell: the session parameter syntax_version (`SET syntax_version = "v2"`, as GSQL 101 and the
// pattern matching tutorial's recommender set it). A CREATE QUERY or INTERPRET QUERY block that
// declares no SYNTAX takes the session's version: the statement is read, and a created query
// stored, as if it said `SYNTAX vN` before its body. A query that declares one keeps its own.
import { lex, type Statement } from '../../../core/gsql/index.js';

/** The version a `SET syntax_version = ...` value names (`v2`, `"V2"`), lower case. */
export function sessionSyntax(value: string): string {
  return value.replace(/^"|"$/g, '').toLowerCase();
}

/** The statement and its text with the session's version written in, when it declares none. */
export function withSessionSyntax(
  statement: Statement,
  text: string,
  version: string | null,
): { statement: Statement; text: string } {
  if (version === null) return { statement, text };
  if (statement.kind !== 'CreateQuery' && statement.kind !== 'InterpretBlock')
    return { statement, text };
  if (statement.syntax !== null) return { statement, text };
  // An openCypher body has no GSQL syntax version (its header takes no SYNTAX).
  if (statement.opencypher !== undefined) return { statement, text };
  // The body's opening brace: the first `{` token (a parameter default may hold one in a string).
  const brace = lex(text).find((t) => t.kind === 'op' && t.text === '{');
  if (!brace) return { statement, text };
  return {
    statement: { ...statement, syntax: version },
    text: `${text.slice(0, brace.start)}SYNTAX ${version} ${text.slice(brace.start)}`,
  };
}
