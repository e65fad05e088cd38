// Query statements back to text. Body statements end with `;`; statements of ACCUM lists are
// separated by `,`; nested bodies follow the punctuation of the list they sit in.
import type { CreateQuery, InterpretBlock, PrintItem, QueryStmt } from '../ast/index.js';
import { RESERVED } from '../keywords.js';
import {
  blankLineBefore,
  NO_COMMENTS,
  placeComments,
  splitTrailing,
  type CommentSource,
} from './comments.js';
import { formatControl, type Mode } from './control.js';
import { formatExpr, formatType, quote } from './expr.js';
import { endWith, indent } from './lines.js';
import { formatPatterns, formatSelect, formatTableSelect } from './select.js';

/** Header lines longer than this put one parameter per line. */
const MAX_HEADER = 100;

function formatParams(q: CreateQuery | InterpretBlock): string[] {
  return q.params.map((p) => {
    const value = p.defaultValue === null ? '' : ` = ${formatExpr(p.defaultValue)}`;
    return `${formatType(p.type)} ${p.name}${value}`;
  });
}

/** An openCypher body is printed as written (its lines, without the common indentation). */
function cypherLines(text: string): string[] {
  const lines = text
    .replace(/^\s*\n/, '')
    .trimEnd()
    .split('\n');
  const margin = Math.min(
    ...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length),
  );
  return lines.map((l) => l.slice(Number.isFinite(margin) ? margin : 0).trimEnd());
}

export function formatCreateQuery(q: CreateQuery, cs: CommentSource = NO_COMMENTS): string[] {
  const params = formatParams(q);
  if (q.opencypher !== undefined) {
    const modifiers = `${q.orReplace ? 'OR REPLACE ' : ''}${q.distributed ? 'DISTRIBUTED ' : ''}`;
    const graph = q.graph === null ? '' : ` FOR GRAPH ${q.graph}`;
    const head = `CREATE ${modifiers}OPENCYPHER QUERY ${q.name}(${params.join(', ')})${graph} {`;
    return [head, ...indent(cypherLines(q.opencypher)), '}'];
  }
  const modifiers = `${q.orReplace ? 'OR REPLACE ' : ''}${q.distributed ? 'DISTRIBUTED ' : ''}`;
  const open = `CREATE ${modifiers}QUERY ${q.name}(`;
  let tail = ')';
  if (q.graph !== null) tail += ` FOR GRAPH ${q.graph}`;
  if (q.returns !== null) tail += ` RETURNS (${formatType(q.returns)})`;
  if (q.api !== null) tail += ` API ("${q.api}")`;
  if (q.syntax !== null) tail += ` SYNTAX ${q.syntax}`;
  tail += ' {';
  const oneLine = `${open}${params.join(', ')}${tail}`;
  const head =
    oneLine.length <= MAX_HEADER || params.length === 0
      ? [oneLine]
      : [open, ...indent(params.map((p, i) => (i < params.length - 1 ? `${p},` : p))), tail];
  return [...head, ...indent(formatBody(q.body, cs, q.range.end.offset)), '}'];
}

export function formatInterpretBlock(q: InterpretBlock, cs: CommentSource = NO_COMMENTS): string[] {
  if (q.opencypher !== undefined) {
    const graph = q.graph === null ? '' : ` FOR GRAPH ${q.graph}`;
    const head = `INTERPRET OPENCYPHER QUERY (${formatParams(q).join(', ')})${graph} {`;
    return [head, ...indent(cypherLines(q.opencypher)), '}'];
  }
  let head = `INTERPRET QUERY (${formatParams(q).join(', ')})`;
  if (q.graph !== null) head += ` FOR GRAPH ${q.graph}`;
  if (q.syntax !== null) head += ` SYNTAX ${q.syntax}`;
  return [`${head} {`, ...indent(formatBody(q.body, cs, q.range.end.offset)), '}'];
}

/**
 * A statement list with its punctuation and comments. `end` is where the enclosing block
 * ends: comments up to there stay inside it; null leaves them to whatever follows.
 */
function statementList(
  stmts: readonly QueryStmt[],
  mode: Mode,
  cs: CommentSource,
  end: number | null,
): string[] {
  const out: string[] = [];
  let prevEndLine: number | null = null;
  stmts.forEach((s, i) => {
    const [trailing, own] = splitTrailing(cs.take(s.range.start.offset), prevEndLine);
    placeComments(out, trailing, []);
    if (blankLineBefore(cs, prevEndLine, own[0]?.line ?? s.range.start.line)) out.push('');
    placeComments(out, [], own);
    const lines = formatStmt(s, mode, cs);
    const last = i === stmts.length - 1;
    out.push(...(mode === 'body' ? endWith(lines, ';') : last ? lines : endWith(lines, ',')));
    // An Error node prints its source text, comments included: they are placed already.
    if (s.kind === 'Error') cs.take(s.range.end.offset);
    prevEndLine = s.range.end.line;
  });
  if (end !== null) placeComments(out, ...splitTrailing(cs.take(end), prevEndLine));
  return out;
}

export function formatBody(
  stmts: readonly QueryStmt[],
  cs: CommentSource = NO_COMMENTS,
  end: number | null = null,
): string[] {
  return statementList(stmts, 'body', cs, end);
}

export function formatDmlList(
  stmts: readonly QueryStmt[],
  cs: CommentSource = NO_COMMENTS,
): string[] {
  return statementList(stmts, 'dml', cs, null);
}

export function formatStmt(s: QueryStmt, mode: Mode, cs: CommentSource = NO_COMMENTS): string[] {
  switch (s.kind) {
    case 'TypedefTuple':
      return [
        `TYPEDEF TUPLE<${s.fields.map((f) => `${formatType(f.type)} ${f.name}`).join(', ')}> ${s.name}`,
      ];
    case 'TypedefAccum':
      return [`TYPEDEF ${formatType(s.type)} ${s.name}`];
    case 'AccumDecl': {
      const vars = s.vars.map((v) => {
        const dims = v.dims.map((d) => `[${d === null ? '' : formatExpr(d)}]`).join('');
        const init = v.init === null ? '' : ` = ${formatExpr(v.init)}`;
        const sigil = v.scope === 'global' ? '@@' : v.scope === 'edge' ? 'EDGE @' : '@';
        return `${sigil}${v.name}${dims}${init}`;
      });
      return [`${formatType(s.type)} ${vars.join(', ')}`];
    }
    case 'VarDecl': {
      const vars = s.vars.map(
        (v) => `${v.name}${v.init === null ? '' : ` = ${formatExpr(v.init)}`}`,
      );
      return [`${formatType(s.type)} ${vars.join(', ')}`];
    }
    case 'FileDecl':
      return [`FILE ${s.name}(${formatExpr(s.path)})`];
    case 'ExceptionDecl':
      return [`EXCEPTION ${s.name}(${formatExpr(s.code)})`];
    case 'Assign':
      return [`${formatExpr(s.target)} ${s.op} ${formatExpr(s.value)}`];
    case 'SelectStmt': {
      const [first = '', ...rest] = formatSelect(s.select, cs);
      return [`${s.target} = ${first}`, ...rest];
    }
    case 'TableSelect':
      return formatTableSelect(s);
    case 'VertexSetDecl': {
      const head = `${s.name} (${s.vertexType}) = `;
      if (s.value.kind !== 'Select') return [`${head}${formatExpr(s.value)}`];
      const [first = '', ...rest] = formatSelect(s.value, cs);
      return [`${head}${first}`, ...rest];
    }
    case 'ExprStmt':
      return [formatExpr(s.expr)];
    case 'If':
    case 'While':
    case 'Foreach':
    case 'CaseStmt':
    case 'Try':
      return formatControl(s, (stmts, end, listMode = mode) =>
        indent(statementList(stmts, listMode, cs, end)),
      );
    case 'Break':
      return ['BREAK'];
    case 'Continue':
      return ['CONTINUE'];
    case 'Return':
      return [s.value === null ? 'RETURN' : `RETURN ${formatExpr(s.value)}`];
    case 'Print': {
      let text = `PRINT ${s.items.map(formatPrintItem).join(', ')}`;
      if (s.where !== null) text += ` WHERE ${formatExpr(s.where)}`;
      if (s.toCsv !== null) text += ` TO_CSV ${formatExpr(s.toCsv)}`;
      return [text];
    }
    case 'Insert': {
      const columns = s.columns === null ? '' : ` (${s.columns.join(', ')})`;
      const values = s.values.map(
        (v) => `${formatExpr(v.value)}${v.vertexType === null ? '' : ` ${v.vertexType}`}`,
      );
      return [
        `INSERT INTO ${s.edgeKeyword ? 'EDGE ' : ''}${s.target}${columns} VALUES (${values.join(', ')})`,
      ];
    }
    case 'Delete':
      return [
        `DELETE ${s.alias} FROM ${formatPatterns(s.from)}${s.where === null ? '' : ` WHERE ${formatExpr(s.where)}`}`,
      ];
    case 'DeleteAlias':
      return [`DELETE (${s.alias})`];
    case 'Update': {
      const where = s.where === null ? [] : [`WHERE ${formatExpr(s.where)}`];
      return [
        `UPDATE ${s.alias} FROM ${formatPatterns(s.from)}`,
        'SET',
        ...indent(formatDmlList(s.set, cs)),
        ...where,
      ];
    }
    case 'Raise':
      return [`RAISE ${s.name}${s.message === null ? '' : `(${formatExpr(s.message)})`}`];
    case 'Log':
      return [`LOG(${[s.cond, ...s.args].map((a) => formatExpr(a)).join(', ')})`];
    case 'Error':
      return [s.text];
  }
}

function formatPrintItem(p: PrintItem): string {
  let text = formatExpr(p.expr);
  if (p.projection !== null) {
    const items = p.projection.map(
      (i) => `${formatExpr(i.expr)}${i.alias === null ? '' : ` AS ${outputName(i.alias)}`}`,
    );
    text += `[${items.join(', ')}]`;
  }
  return p.alias === null ? text : `${text} AS ${outputName(p.alias)}`;
}

/** JSON keys may be written as strings; keep them bare when they are plain names. */
function outputName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name.toUpperCase())
    ? name
    : quote(name);
}
