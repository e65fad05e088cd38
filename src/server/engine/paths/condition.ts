// Path-filter conditions (`vertexFilters`/`edgeFilters` of /shortestpath and /allpaths): a small
// grammar of comparisons between one attribute and a literal, joined by and/or/not and
// parentheses. The text is parsed into an AST (never evaluated as code); predicate.ts compiles
// the AST against a type's attributes.
//
//   or      := and (("or" | "||") and)*
//   and     := not (("and" | "&&") not)*
//   not     := ("not" | "!") not | primary
//   primary := "(" or ")" | operand [cmp operand]      (a lone operand must be a BOOL attribute)
//   cmp     := "=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">="
//   operand := attribute | number | "string" | 'string' | true | false
//
// Keywords are case-insensitive (`AND`, `Or`); attribute names are case-sensitive, as in GSQL.
import { tokenize, type Token } from './condition-lexer.js';
import { ConditionError } from './errors.js';

export { ConditionError } from './errors.js';

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type Literal =
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean };

export type ConditionNode =
  | { readonly kind: 'and' | 'or'; readonly left: ConditionNode; readonly right: ConditionNode }
  | { readonly kind: 'not'; readonly operand: ConditionNode }
  | {
      readonly kind: 'compare';
      readonly op: CompareOp;
      readonly attribute: string;
      readonly attributeColumn: number;
      readonly value: Literal;
      readonly valueColumn: number;
    }
  | { readonly kind: 'truth'; readonly attribute: string; readonly attributeColumn: number };

const compareOps: Record<string, CompareOp> = {
  '=': '==',
  '==': '==',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** `30 < age` is `age > 30`. */
const mirrored: Record<CompareOp, CompareOp> = {
  '==': '==',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

const keywords = new Set(['and', 'or', 'not', 'true', 'false']);

type Operand =
  | { readonly kind: 'attribute'; readonly name: string; readonly column: number }
  | { readonly kind: 'literal'; readonly value: Literal; readonly column: number };

class Parser {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  private peek(): Token {
    return this.tokens[this.pos] ?? { kind: 'end', text: '', column: this.text.length + 1 };
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.pos += 1;
    return token;
  }

  private fail(expected: string, token: Token = this.peek()): never {
    const found =
      token.kind === 'end' ? 'end' : token.kind === 'string' ? `"${token.text}"` : token.text;
    throw new ConditionError(this.text, token.column, expected, found);
  }

  private isWord(token: Token, ...words: string[]): boolean {
    return token.kind === 'ident' && words.includes(token.text.toLowerCase());
  }

  private isOp(token: Token, ...ops: string[]): boolean {
    return token.kind === 'op' && ops.includes(token.text);
  }

  parse(): ConditionNode {
    if (this.peek().kind === 'end') this.fail('a condition');
    const node = this.or();
    if (this.peek().kind !== 'end') {
      this.fail(this.peek().kind === 'rparen' ? 'no ")" without "("' : '"and", "or" or the end');
    }
    return node;
  }

  private or(): ConditionNode {
    let left = this.and();
    while (this.isWord(this.peek(), 'or') || this.isOp(this.peek(), '||')) {
      this.next();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): ConditionNode {
    let left = this.not();
    while (this.isWord(this.peek(), 'and') || this.isOp(this.peek(), '&&')) {
      this.next();
      left = { kind: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): ConditionNode {
    if (this.isWord(this.peek(), 'not') || this.isOp(this.peek(), '!')) {
      this.next();
      return { kind: 'not', operand: this.not() };
    }
    return this.primary();
  }

  private primary(): ConditionNode {
    if (this.peek().kind === 'lparen') {
      this.next();
      const inner = this.or();
      if (this.peek().kind !== 'rparen') this.fail('")"');
      this.next();
      return inner;
    }
    const left = this.operand('an attribute, "not" or "("');
    const opToken = this.peek();
    const op = opToken.kind === 'op' ? compareOps[opToken.text] : undefined;
    if (!op) {
      if (left.kind === 'attribute') {
        return { kind: 'truth', attribute: left.name, attributeColumn: left.column };
      }
      return this.fail('a comparison operator (==, !=, <, <=, >, >=)');
    }
    this.next();
    const right = this.operand(left.kind === 'attribute' ? 'a value' : 'an attribute');
    if (left.kind === 'attribute' && right.kind === 'literal') {
      return this.compare(op, left, right);
    }
    if (left.kind === 'literal' && right.kind === 'attribute') {
      return this.compare(mirrored[op], right, left);
    }
    // Both sides the same kind: the grammar compares one attribute with one value.
    return this.fail(
      left.kind === 'attribute' ? 'a value (number, string, true or false)' : 'an attribute name',
      this.tokens[this.pos - 1],
    );
  }

  private compare(
    op: CompareOp,
    attribute: Extract<Operand, { kind: 'attribute' }>,
    value: Extract<Operand, { kind: 'literal' }>,
  ): ConditionNode {
    return {
      kind: 'compare',
      op,
      attribute: attribute.name,
      attributeColumn: attribute.column,
      value: value.value,
      valueColumn: value.column,
    };
  }

  private operand(expected: string): Operand {
    const token = this.peek();
    if (token.kind === 'number') {
      this.next();
      return { kind: 'literal', value: { kind: 'number', text: token.text }, column: token.column };
    }
    if (token.kind === 'string') {
      this.next();
      return {
        kind: 'literal',
        value: { kind: 'string', value: token.text },
        column: token.column,
      };
    }
    if (token.kind === 'ident') {
      const word = token.text.toLowerCase();
      if (word === 'true' || word === 'false') {
        this.next();
        return {
          kind: 'literal',
          value: { kind: 'bool', value: word === 'true' },
          column: token.column,
        };
      }
      if (!keywords.has(word)) {
        this.next();
        return { kind: 'attribute', name: token.text, column: token.column };
      }
    }
    return this.fail(expected);
  }
}

/** Parses a condition into its AST; throws ConditionError with the column of the problem. */
export function parseCondition(text: string): ConditionNode {
  return new Parser(text, tokenize(text)).parse();
}

/** The attribute names a condition mentions, in order of first mention. */
export function conditionAttributes(node: ConditionNode): string[] {
  const names = new Set<string>();
  const visit = (n: ConditionNode): void => {
    switch (n.kind) {
      case 'and':
      case 'or':
        visit(n.left);
        visit(n.right);
        break;
      case 'not':
        visit(n.operand);
        break;
      case 'compare':
      case 'truth':
        names.add(n.attribute);
    }
  };
  visit(node);
  return [...names];
}
