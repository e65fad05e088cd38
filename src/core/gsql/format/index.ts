// The formatter: an AST back to canonical GSQL text (upper-case keywords, two-space indents,
// one clause per line). Parsing the output gives back the same tree, ranges aside.
import type { Script, Statement } from '../ast/index.js';
import {
  formatCreateEdge,
  formatCreateGraph,
  formatCreateVertex,
  formatSchemaChangeJob,
} from './ddl.js';
import { parse } from '../parse.js';
import {
  blankLineBefore,
  commentsOf,
  NO_COMMENTS,
  placeComments,
  splitTrailing,
  type CommentSource,
} from './comments.js';
import { formatCreateQuery, formatInterpretBlock, formatStmt } from './query.js';
import { formatAccessStatement } from './access.js';
import { formatLoadingJob, formatShellCommand } from './shell.js';

export { formatExpr, formatType } from './expr.js';

/** Lines of one top-level statement. */
export function formatStatement(s: Statement, cs: CommentSource = NO_COMMENTS): string[] {
  switch (s.kind) {
    case 'CreateVertex':
      return [formatCreateVertex(s)];
    case 'CreateEdge':
      return [formatCreateEdge(s)];
    case 'CreateGraph':
      return [formatCreateGraph(s)];
    case 'CreateSchemaChangeJob':
      return formatSchemaChangeJob(s);
    case 'TypedefTuple':
    case 'TypedefAccum':
      return formatStmt(s, 'body');
    case 'CreateQuery':
      return formatCreateQuery(s, cs);
    case 'InterpretBlock':
      return formatInterpretBlock(s, cs);
    case 'CreateLoadingJob':
      return formatLoadingJob(s);
    case 'Error':
      return [s.text];
    case 'AlterPassword':
    case 'CreateRole':
    case 'DropRole':
    case 'PrivilegeGrant':
    case 'ShowPrivilege':
      return [formatAccessStatement(s)];
    case 'RunJob':
    case 'UseGraph':
    case 'UseGlobal':
    case 'Ls':
    case 'DropAll':
    case 'Drop':
    case 'Show':
    case 'ShowPackage':
    case 'ImportPackage':
    case 'CreateSecret':
    case 'CreateUser':
    case 'RoleGrant':
    case 'ClearGraphStore':
    case 'InstallQuery':
    case 'RunQuery':
    case 'RunSchemaChange':
    case 'SetParam':
    case 'PutUdf':
    case 'GetUdf':
      return [formatShellCommand(s) ?? ''];
  }
}

export interface FormatOptions {
  /** The text the script was parsed from: its comments are kept in the output. */
  readonly source?: string;
}

/**
 * Canonical text of a script; block statements are set apart by blank lines. Without the
 * source text comments are lost (they are not part of the tree).
 */
export function format(script: Script, options: FormatOptions = {}): string {
  const cs = options.source === undefined ? NO_COMMENTS : commentsOf(options.source);
  const out: string[] = [];
  let prevEndLine: number | null = null;
  script.statements.forEach((s, i) => {
    const [trailing, own] = splitTrailing(cs.take(s.range.start.offset), prevEndLine);
    placeComments(out, trailing, []);
    const lines = formatStatement(s, cs);
    const block = lines.length > 1 || out[out.length - 1]?.startsWith('}') === true;
    const blank = blankLineBefore(cs, prevEndLine, own[0]?.line ?? s.range.start.line);
    if (i > 0 && (block || blank)) out.push('');
    placeComments(out, [], own);
    out.push(...lines);
    if (s.kind === 'Error') cs.take(s.range.end.offset);
    prevEndLine = s.range.end.line;
  });
  placeComments(out, ...splitTrailing(cs.take(Infinity), prevEndLine));
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** Parses and formats a text, keeping its comments. */
export function formatText(text: string): string {
  return format(parse(text).ast, { source: text });
}
