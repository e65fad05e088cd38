// A compact S-expression view of a tree, for test fixtures and debugging: fields that are
// null, false or empty are left out, and a node breaks over lines only when it is long.
import type { Node } from './ast/index.js';

const WIDTH = 88;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

function scalar(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return /^[\w@*.-]+$/.test(value) ? value : JSON.stringify(value);
    case 'number':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
      return value ? 'true' : null;
    case 'function':
    case 'object':
    case 'symbol':
    case 'undefined':
      return null;
  }
}

type Part = { readonly inline: string; readonly lines: readonly string[] };

function leaf(text: string): Part {
  return { inline: text, lines: [text] };
}

function render(value: unknown): Part | null {
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const items = value.map(render).filter((p): p is Part => p !== null);
    const inline = `[${items.map((p) => p.inline).join(' ')}]`;
    if (inline.length <= WIDTH) return leaf(inline);
    return { inline, lines: ['[', ...items.flatMap((p) => p.lines.map((l) => `  ${l}`)), ']'] };
  }
  if (isNode(value)) return renderNode(value);
  const s = scalar(value);
  return s === null ? null : leaf(s);
}

function renderNode(node: Node): Part {
  const attrs: string[] = [];
  const kids: { key: string; part: Part }[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'kind' || key === 'range') continue;
    // Integer literals show their text; the parsed value adds nothing in a fixture.
    if (key === 'value' && (node.kind === 'IntLit' || node.kind === 'FloatLit')) continue;
    if (
      isNode(value) ||
      (Array.isArray(value) && value.some((v) => isNode(v) || Array.isArray(v)))
    ) {
      const part = render(value);
      if (part !== null) kids.push({ key, part });
      continue;
    }
    // String literals are always quoted, so that `"true"` does not read as a flag or a name,
    // and a literal's boolean value is shown even when false.
    if (key === 'value' && typeof value === 'boolean') {
      attrs.push(`value=${value}`);
      continue;
    }
    const quoted = node.kind === 'StringLit' || node.kind === 'DatetimeLit';
    const part = quoted ? leaf(JSON.stringify(value)) : render(value);
    if (part !== null) attrs.push(value === true ? key : `${key}=${part.inline}`);
  }
  const head = [node.kind, ...attrs].join(' ');
  const inline = `(${[head, ...kids.map((k) => `${k.key}:${k.part.inline}`)].join(' ')})`;
  if (inline.length <= WIDTH || kids.length === 0) return leaf(inline);
  const lines = [`(${head}`];
  kids.forEach(({ key, part }, i) => {
    const [first = '', ...rest] = part.lines;
    lines.push(`  ${key}:${first}`, ...rest.map((l) => `  ${l}`));
    if (i === kids.length - 1) lines[lines.length - 1] += ')';
  });
  return { inline, lines };
}

/** The S-expression text of a node (several lines for large trees). */
export function toSExpr(node: Node): string {
  return renderNode(node).lines.join('\n');
}
