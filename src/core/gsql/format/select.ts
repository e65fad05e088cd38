// SELECT blocks and path patterns back to text, one clause per line.
import type {
  EdgeStep,
  Expr,
  LimitClause,
  OrderItem,
  Pattern,
  PropertyCondition,
  Repeat,
  Select,
  TableSelect,
  VertexStep,
} from '../ast/index.js';
import { formatExpr, quote } from './expr.js';
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
  if (p.cypher === true || hasPropertyMaps(p)) return formatCypherPattern(p);
  const parts = [formatVertexStep(p.source)];
  // Hops whose target is implicit were written as one edge step composed with `.`.
  let group: EdgeStep[] = [];
  for (const hop of p.hops) {
    group.push(hop.edge);
    if (hop.target.implicit === true) continue;
    parts.push(formatEdgeSteps(group), formatVertexStep(hop.target));
    group = [];
  }
  if (group.length > 0) parts.push(formatEdgeSteps(group));
  return parts.filter((part) => part !== '').join(' ');
}

function formatVertexStep(v: VertexStep): string {
  const types = v.types.length > 1 ? `(${v.types.join('|')})` : v.types.join('');
  return `${types}${v.alias === null ? '' : `:${v.alias}`}`;
}

function edgeTypes(e: EdgeStep): string {
  const types = e.types
    .map((t) =>
      t.direction === 'in' ? `<${t.name}` : t.direction === 'out' ? `${t.name}>` : t.name,
    )
    .join('|');
  if (e.repeat === null) return types;
  // A repeated disjunction needs its group: `(A>|B)*1..3`.
  return `${e.types.length > 1 ? `(${types})` : types}${formatRepeat(e.repeat)}`;
}

/** One written edge step: its `.`-composed parts, the last one's alias, the arrows. */
function formatEdgeSteps(parts: readonly EdgeStep[]): string {
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (first === undefined || last === undefined) return '';
  const alias = last.alias === null ? '' : `:${last.alias}`;
  const open = first.arrow === 'left' ? '<-(' : '-(';
  const close = last.arrow === 'right' ? ')->' : ')-';
  return `${open}${parts.map(edgeTypes).join('.')}${alias}${close}`;
}

function formatRepeat(r: Repeat): string {
  if (r.min === null && r.max === null) return '*';
  if (r.min === r.max) return `*${r.min ?? ''}`;
  return `*${r.min ?? ''}..${r.max ?? ''}`;
}

/** Property maps exist only in the openCypher form, so such a pattern prints in that form. */
function hasPropertyMaps(p: Pattern): boolean {
  return (
    p.source.props !== undefined ||
    p.hops.some((h) => h.edge.props !== undefined || h.target.props !== undefined)
  );
}

function formatProps(props: readonly PropertyCondition[] | undefined): string {
  if (props === undefined) return '';
  const key = (k: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : quote(k));
  return ` {${props.map((p) => `${key(p.key)}: ${formatExpr(p.value)}`).join(', ')}}`;
}

/** `(a:T1|T2 {k: v})`; the source's `_` (any vertex) prints as `()`. */
function cypherNode(v: VertexStep, first: boolean): string {
  const any = first && v.types.length === 1 && v.types[0] === '_';
  const types = any || v.types.length === 0 ? '' : `:${v.types.join('|')}`;
  return `(${`${v.alias ?? ''}${types}${formatProps(v.props)}`.trimStart()})`;
}

/** `-[e:E1|E2*1..3 {k: v}]->`: the openCypher edge of a step read from that form. */
function cypherEdge(e: EdgeStep): string {
  const direction = e.types[0]?.direction ?? 'any';
  const anyEdge = direction !== 'any' && e.types.length === 1 && e.types[0]?.name === '_';
  const names = anyEdge ? [] : e.types.map((t) => t.name);
  const types = names.length === 0 ? '' : `:${names.join('|')}`;
  const repeat = e.repeat === null ? '' : formatRepeat(e.repeat);
  const body = `[${e.alias ?? ''}${types}${repeat}${formatProps(e.props)}]`;
  return direction === 'in' ? `<-${body}-` : direction === 'out' ? `-${body}->` : `-${body}-`;
}

function formatCypherPattern(p: Pattern): string {
  let text = cypherNode(p.source, true);
  for (const hop of p.hops) text += `${cypherEdge(hop.edge)}${cypherNode(hop.target, false)}`;
  return text;
}
