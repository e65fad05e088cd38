// Expressions and types back to text. Parentheses are not kept in the AST, so they are put
// back exactly where precedence needs them: the printed text parses to the same tree.
import type { Expr, TypeExpr } from '../ast/index.js';
import {
  BINARY_PRECEDENCE,
  COMPARE_PRECEDENCE,
  NOT_PRECEDENCE,
  UNARY_PRECEDENCE,
} from '../parser/expr.js';

const POSTFIX_PRECEDENCE = UNARY_PRECEDENCE + 1;

/** How tightly an expression binds when printed. */
function precedence(e: Expr): number {
  switch (e.kind) {
    case 'Binary':
      return BINARY_PRECEDENCE[e.op];
    case 'In':
    case 'IsNull':
    case 'IsTest':
    case 'Between':
    case 'Like':
      return COMPARE_PRECEDENCE;
    case 'Unary':
      return e.op === 'NOT' ? NOT_PRECEDENCE : UNARY_PRECEDENCE;
    case 'Arrow':
    case 'Attr':
    case 'BoolLit':
    case 'Call':
    case 'CaseExpr':
    case 'ColumnRef':
    case 'DatetimeLit':
    case 'FloatLit':
    case 'GlobalAccum':
    case 'Index':
    case 'Interval':
    case 'IntLit':
    case 'JsonObject':
    case 'ListLit':
    case 'MethodCall':
    case 'Name':
    case 'NullLit':
    case 'StringLit':
    case 'TupleLit':
    case 'TypeStar':
    case 'VertexAccum':
    case 'VertexSetLit':
    case 'Wildcard':
      return POSTFIX_PRECEDENCE;
  }
}

/** Prints `e`, parenthesized unless it binds at least as tightly as `min`. */
export function formatExpr(e: Expr, min = 0): string {
  const text = exprText(e);
  return precedence(e) < min ? `(${text})` : text;
}

function list(items: readonly Expr[]): string {
  return items.map((i) => formatExpr(i)).join(', ');
}

function exprText(e: Expr): string {
  switch (e.kind) {
    case 'IntLit':
    case 'FloatLit':
      return e.text;
    case 'StringLit':
      return quote(e.value);
    case 'DatetimeLit':
      return `to_datetime(${quote(e.value)})`;
    case 'BoolLit':
      return e.value ? 'TRUE' : 'FALSE';
    case 'NullLit':
      return 'NULL';
    case 'Name':
      return e.name;
    case 'GlobalAccum':
      return `@@${e.name}${e.prime ? "'" : ''}`;
    case 'VertexAccum': {
      const target = e.target === null ? '' : `${formatExpr(e.target, POSTFIX_PRECEDENCE)}.`;
      return `${target}@${e.name}${e.prime ? "'" : ''}`;
    }
    case 'Attr':
      return `${formatExpr(e.target, POSTFIX_PRECEDENCE)}.${e.name}`;
    case 'MethodCall':
      return `${formatExpr(e.target, POSTFIX_PRECEDENCE)}.${e.name}(${list(e.args)})`;
    case 'Call': {
      const side = e.trimSide ? `${e.trimSide} ` : '';
      const removal = e.trimRemoval ? `${formatExpr(e.trimRemoval)} FROM ` : '';
      return `${e.name}(${side}${removal}${e.distinct ? 'DISTINCT ' : ''}${list(e.args)})`;
    }
    case 'Index':
      return `${formatExpr(e.target, POSTFIX_PRECEDENCE)}[${formatExpr(e.index)}]`;
    case 'Unary': {
      const p = precedence(e);
      return e.op === 'NOT'
        ? `NOT ${formatExpr(e.operand, p)}`
        : `${e.op}${formatExpr(e.operand, p)}`;
    }
    case 'Binary': {
      const p = BINARY_PRECEDENCE[e.op];
      return `${formatExpr(e.left, p)} ${e.op} ${formatExpr(e.right, p + 1)}`;
    }
    case 'In':
      return `${formatExpr(e.value, COMPARE_PRECEDENCE)} ${e.negated ? 'NOT IN' : 'IN'} ${formatExpr(e.set, COMPARE_PRECEDENCE + 1)}`;
    case 'IsNull':
      return `${formatExpr(e.value, COMPARE_PRECEDENCE)} IS ${e.negated ? 'NOT NULL' : 'NULL'}`;
    case 'IsTest':
      return `${formatExpr(e.value, COMPARE_PRECEDENCE)} IS ${e.negated ? 'NOT ' : ''}${e.test}`;
    case 'Between': {
      const [value, low, high] = [e.value, e.low, e.high].map((x, i) =>
        formatExpr(x, COMPARE_PRECEDENCE + (i > 0 ? 1 : 0)),
      );
      return `${value ?? ''} ${e.negated ? 'NOT BETWEEN' : 'BETWEEN'} ${low ?? ''} AND ${high ?? ''}`;
    }
    case 'Like': {
      const escape =
        e.escape === null ? '' : ` ESCAPE ${formatExpr(e.escape, COMPARE_PRECEDENCE + 1)}`;
      return `${formatExpr(e.value, COMPARE_PRECEDENCE)} ${e.negated ? 'NOT LIKE' : 'LIKE'} ${formatExpr(e.pattern, COMPARE_PRECEDENCE + 1)}${escape}`;
    }
    case 'ListLit':
      return `[${list(e.items)}]`;
    case 'TupleLit':
      return `(${list(e.items)})`;
    case 'Arrow':
      return `(${list(e.keys)} -> ${list(e.values)})`;
    case 'CaseExpr': {
      const parts = ['CASE'];
      if (e.subject !== null) parts.push(formatExpr(e.subject));
      for (const w of e.whens) parts.push(`WHEN ${formatExpr(w.when)} THEN ${formatExpr(w.then)}`);
      if (e.otherwise !== null) parts.push(`ELSE ${formatExpr(e.otherwise)}`);
      parts.push('END');
      return parts.join(' ');
    }
    case 'VertexSetLit':
      return `{${list(e.items)}}`;
    case 'JsonObject':
      return `{${e.entries.map((x) => `${quote(x.key)}: ${formatExpr(x.value)}`).join(', ')}}`;
    case 'TypeStar':
      return `${e.typeName}.*`;
    case 'Wildcard':
      return e.symbol;
    case 'ColumnRef':
      if (typeof e.column === 'number') return `$${e.column}`;
      return `$${[e.column, ...e.path].map(quote).join(':')}`;
    case 'Interval':
      return `INTERVAL ${formatExpr(e.amount, POSTFIX_PRECEDENCE)} ${e.unit}`;
  }
}

/** A double-quoted literal with the escapes the lexer reads back. */
export function quote(value: string): string {
  const body = value.replace(/[\\"\n\t\r]/g, (ch) =>
    ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : ch === '\r' ? '\\r' : `\\${ch}`,
  );
  return `"${body}"`;
}

export function formatType(t: TypeExpr): string {
  switch (t.kind) {
    case 'PrimitiveType': {
      const sized = t.size === undefined ? t.name : `${t.name}(${t.size})`;
      return t.compress ? `${sized} COMPRESS` : sized;
    }
    case 'VertexTypeRef':
      return t.vertexType === null ? 'VERTEX' : `VERTEX<${t.vertexType}>`;
    case 'CollectionType':
      return `${t.collection}<${formatType(t.element)}>`;
    case 'MapType':
      return `MAP<${formatType(t.key)}, ${formatType(t.value)}>`;
    case 'NamedType':
      return t.name;
    case 'TupleType':
      return `TUPLE<${t.elements.map(formatType).join(', ')}>`;
    case 'AccumType': {
      let args = '';
      if (t.groupBy !== null)
        args = `<${t.groupBy.map((f) => `${formatType(f.type)} ${f.name}`).join(', ')}>`;
      else if (t.typeArgs.length > 0) args = `<${t.typeArgs.map(formatType).join(', ')}>`;
      else if (t.percent !== null) args = `<${formatExpr(t.percent)}>`;
      else if (t.bits !== null) args = `<${formatExpr(t.bits)}>`;
      let heap = '';
      if (t.heap !== null) {
        const keys = t.heap.order.map((o) => `${o.field} ${o.descending ? 'DESC' : 'ASC'}`);
        if (t.heap.capacity !== null) keys.unshift(formatExpr(t.heap.capacity));
        heap = `(${keys.join(', ')})`;
      }
      return `${t.accum}${args}${heap}`;
    }
  }
}
