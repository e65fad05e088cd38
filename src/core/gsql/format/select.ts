// SELECT blocks and path patterns back to text, one clause per line.
import type {
  EdgeStep,
  Expr,
  LimitClause,
  OrderItem,
  Pattern,
  Repeat,
  Select,
  TableSelect,
  VertexStep,
} from '../ast/index.js';
import { formatExpr } from './expr.js';
import { indent } from './lines.js';
import { NO_COMMENTS, type CommentSource } from './comments.js';
import { formatDmlList } from './query.js';
import { UNARY_PRECEDENCE } from '../parser/expr.js';

export function formatSelect(s: Select, cs: CommentSource = NO_COMMENTS): string[] {
  const lines = [`SELECT ${s.distinct ? 'DISTINCT ' : ''}${s.output}`];
  const clauses: string[] = [`FROM ${formatPatterns(s.from)}`];
  if (s.sample !== null) {
    const { size, percent, on, pinned, when } = s.sample;
    const pin = pinned ? ' PINNED' : '';
    clauses.push(
      `SAMPLE ${formatExpr(size, UNARY_PRECEDENCE)}${percent ? '%' : ''} ${on}${pin} WHEN ${formatExpr(when)}`,
    );
  }
  if (s.where !== null) clauses.push(`WHERE ${formatExpr(s.where)}`);
  if (s.per !== null) clauses.push(`PER (${s.per.join(', ')})`);
  const body: string[] = [...clauses];
  if (s.accum !== null) body.push('ACCUM', ...indent(formatDmlList(s.accum, cs)));
  s.postAccum.forEach((post, i) => {
    const alias = s.postAccumAliases?.[i] ?? null;
    body.push(alias === null ? 'POST-ACCUM' : `POST-ACCUM (${alias})`);
    body.push(...indent(formatDmlList(post, cs)));
  });
  body.push(...tailClauses(s.having, s.orderBy, s.limit));
  return [...lines, ...indent(body)];
}

/** HAVING, ORDER BY and LIMIT, shared by both SELECT forms. */
function tailClauses(
  having: Expr | null,
  orderBy: readonly OrderItem[],
  limit: LimitClause | null,
): string[] {
  const out: string[] = [];
  if (having !== null) out.push(`HAVING ${formatExpr(having)}`);
  if (orderBy.length > 0) {
    const items = orderBy.map(
      (o) => `${formatExpr(o.expr)}${o.direction === null ? '' : ` ${o.direction}`}`,
    );
    out.push(`ORDER BY ${items.join(', ')}`);
  }
  if (limit !== null) {
    const offset = limit.offset === null ? '' : ` OFFSET ${formatExpr(limit.offset)}`;
    out.push(`LIMIT ${formatExpr(limit.count)}${offset}`);
  }
  return out;
}

export function formatTableSelect(s: TableSelect): string[] {
  const columns = s.columns.map(
    (col) => `${formatExpr(col.expr)}${col.alias === null ? '' : ` AS ${col.alias}`}`,
  );
  const body = [`FROM ${formatPatterns(s.from)}`];
  if (s.where !== null) body.push(`WHERE ${formatExpr(s.where)}`);
  if (s.groupBy.length > 0) body.push(`GROUP BY ${s.groupBy.map((g) => formatExpr(g)).join(', ')}`);
  body.push(...tailClauses(s.having, s.orderBy, s.limit));
  const head = `SELECT ${s.distinct ? 'DISTINCT ' : ''}${columns.join(', ')} INTO ${s.into}`;
  return [head, ...indent(body)];
}

export function formatPatterns(patterns: readonly Pattern[]): string {
  return patterns.map(formatPattern).join(', ');
}

function formatPattern(p: Pattern): string {
  let text = formatVertexStep(p.source);
  for (const hop of p.hops) {
    const target = formatVertexStep(hop.target);
    text += ` ${formatEdgeStep(hop.edge)}${target === '' ? '' : ` ${target}`}`;
  }
  return text;
}

function formatVertexStep(v: VertexStep): string {
  const types = v.types.length > 1 ? `(${v.types.join('|')})` : v.types.join('');
  return `${types}${v.alias === null ? '' : `:${v.alias}`}`;
}

function formatEdgeStep(e: EdgeStep): string {
  const types = e.types
    .map((t) =>
      t.direction === 'in' ? `<${t.name}` : t.direction === 'out' ? `${t.name}>` : t.name,
    )
    .join('|');
  const repeat = e.repeat === null ? '' : formatRepeat(e.repeat);
  const alias = e.alias === null ? '' : `:${e.alias}`;
  const open = e.arrow === 'left' ? '<-(' : '-(';
  const close = e.arrow === 'right' ? ')->' : ')-';
  return `${open}${types}${repeat}${alias}${close}`;
}

function formatRepeat(r: Repeat): string {
  if (r.min === null && r.max === null) return '*';
  if (r.min === r.max) return `*${r.min ?? ''}`;
  return `*${r.min ?? ''}..${r.max ?? ''}`;
}
