// Renders a markdown cell into the page. Builds the DOM node by node from the parser's tree:
// every piece of text goes in through text nodes and never through HTML parsing, so raw HTML in
// a cell shows as the literal text it is. Links are re-checked here (not only in the parser)
// and open in a new tab without access to this page.
import { parseMarkdown } from './parse.js';
import type { MdBlock, MdInline } from './types.js';
import { safeHref } from './url.js';

/** Replaces the content of `container` with `text` rendered as Markdown. */
export function renderMarkdown(container: HTMLElement, text: string): void {
  const doc = container.ownerDocument;
  container.replaceChildren(
    ...parseMarkdown(text).flatMap((block) => blockNodes(doc, block, false)),
  );
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  children: readonly Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.append(...children);
  return node;
}

function blockNodes(doc: Document, block: MdBlock, tight: boolean): Node[] {
  switch (block.type) {
    case 'heading':
      return [element(doc, `h${block.level}`, inlineNodes(doc, block.children))];
    case 'paragraph': {
      const children = inlineNodes(doc, block.children);
      // Items of a tight list hold their text directly, as browsers render `<li>text</li>`.
      return tight ? children : [element(doc, 'p', children)];
    }
    case 'code': {
      const code = element(doc, 'code');
      if (block.lang !== undefined && /^[\w+#.-]{1,40}$/.test(block.lang)) {
        code.setAttribute('class', `language-${block.lang}`);
      }
      code.textContent = block.text;
      return [element(doc, 'pre', [code])];
    }
    case 'quote':
      return [
        element(
          doc,
          'blockquote',
          block.children.flatMap((b) => blockNodes(doc, b, false)),
        ),
      ];
    case 'list': {
      const list = element(doc, block.ordered ? 'ol' : 'ul');
      if (block.start !== undefined && block.start !== 1)
        list.setAttribute('start', String(block.start));
      for (const item of block.items) {
        list.append(
          element(
            doc,
            'li',
            item.flatMap((b) => blockNodes(doc, b, block.tight)),
          ),
        );
      }
      return [list];
    }
    case 'rule':
      return [element(doc, 'hr')];
    case 'table':
      return [tableNode(doc, block)];
  }
}

function tableNode(doc: Document, table: Extract<MdBlock, { type: 'table' }>): HTMLTableElement {
  const cell = (tag: 'th' | 'td', content: readonly MdInline[], column: number) => {
    const node = element(doc, tag, inlineNodes(doc, content));
    const align = table.align[column];
    // A fixed value from a closed set: nothing from the text reaches the style.
    if (align) node.setAttribute('style', `text-align: ${align}`);
    return node;
  };
  const row = (tag: 'th' | 'td', cells: readonly (readonly MdInline[])[]) =>
    element(
      doc,
      'tr',
      cells.map((content, column) => cell(tag, content, column)),
    );
  const head = element(doc, 'thead', [row('th', table.head)]);
  const body = element(
    doc,
    'tbody',
    table.rows.map((cells) => row('td', cells)),
  );
  return element(doc, 'table', table.rows.length > 0 ? [head, body] : [head]);
}

function link(doc: Document, href: string, children: readonly Node[]): HTMLAnchorElement {
  const a = element(doc, 'a', children);
  a.setAttribute('href', href);
  a.setAttribute('target', '_blank');
  a.setAttribute('rel', 'noopener noreferrer');
  return a;
}

function inlineNodes(doc: Document, nodes: readonly MdInline[]): Node[] {
  return nodes.flatMap((node): Node[] => {
    switch (node.type) {
      case 'text':
        return [doc.createTextNode(node.text)];
      case 'code': {
        const code = element(doc, 'code');
        code.textContent = node.text;
        return [code];
      }
      case 'emphasis':
        return [element(doc, 'em', inlineNodes(doc, node.children))];
      case 'strong':
        return [element(doc, 'strong', inlineNodes(doc, node.children))];
      case 'strike':
        return [element(doc, 'del', inlineNodes(doc, node.children))];
      case 'link': {
        const children = inlineNodes(doc, node.children);
        const href = safeHref(node.href);
        return href === undefined ? children : [link(doc, href, children)];
      }
      case 'image': {
        // Not loaded: the CSP forbids remote images, and a notebook should not phone home.
        const label = doc.createTextNode(node.alt !== '' ? node.alt : 'image');
        const href = node.href === undefined ? undefined : safeHref(node.href);
        if (href === undefined) return [label];
        const a = link(doc, href, [label]);
        a.setAttribute('class', 'gwb-md-image');
        a.setAttribute('title', `image (not loaded): ${href}`);
        return [a];
      }
      case 'break':
        return [element(doc, 'br')];
    }
  });
}
