// The DOM builder of markdown cells, on a minimal fake document that only supports building
// nodes: any use of innerHTML or other HTML insertion throws, so the test proves none happens.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/notebook/web/markdown/render.js';

class FakeText {
  constructor(readonly data: string) {}
}

class FakeElement {
  readonly children: (FakeElement | FakeText)[] = [];
  readonly attributes = new Map<string, string>();

  constructor(
    readonly tagName: string,
    readonly ownerDocument: FakeDocument,
  ) {}

  append(...nodes: (FakeElement | FakeText)[]): void {
    this.children.push(...nodes);
  }

  replaceChildren(...nodes: (FakeElement | FakeText)[]): void {
    this.children.splice(0, this.children.length, ...nodes);
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  set textContent(text: string) {
    this.replaceChildren(new FakeText(text));
  }

  set innerHTML(_html: string) {
    throw new Error('innerHTML used');
  }

  set outerHTML(_html: string) {
    throw new Error('outerHTML used');
  }

  insertAdjacentHTML(): void {
    throw new Error('insertAdjacentHTML used');
  }
}

class FakeDocument {
  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }

  createTextNode(text: string): FakeText {
    return new FakeText(text);
  }
}

/** A compact, unambiguous picture of the tree: elements as <tag attrs>, text JSON-quoted. */
function show(node: FakeElement | FakeText): string {
  if (node instanceof FakeText) return JSON.stringify(node.data);
  const attrs = [...node.attributes].map(([k, v]) => ` ${k}=${JSON.stringify(v)}`).join('');
  return `<${node.tagName}${attrs}>${node.children.map(show).join('')}</${node.tagName}>`;
}

function render(md: string): FakeElement {
  const container = new FakeDocument().createElement('div');
  container.append(new FakeText('old content'));
  renderMarkdown(container as unknown as HTMLElement, md);
  return container;
}

const elements = (node: FakeElement): FakeElement[] =>
  node.children.flatMap((c) => (c instanceof FakeElement ? [c, ...elements(c)] : []));

describe('renderMarkdown', () => {
  it('builds headings, paragraphs and inline elements, replacing old content', () => {
    expect(show(render('## Hi *there*\n\na **b** `c` ~~d~~\ne  \nf'))).toBe(
      '<div><h2>"Hi "<em>"there"</em></h2><p>"a "<strong>"b"</strong>" "<code>"c"</code>" "<del>"d"</del>"\\ne"<br></br>"f"</p></div>',
    );
  });

  it('builds code blocks with a language class, lists, quotes, rules', () => {
    expect(show(render('```gsql\n<b>x</b>\n```\n\n3. a\n4. b\n   - c\n\n> q\n\n---'))).toBe(
      '<div><pre><code class="language-gsql">"<b>x</b>\\n"</code></pre>' +
        '<ol start="3"><li>"a"</li><li>"b"<ul><li>"c"</li></ul></li></ol>' +
        '<blockquote><p>"q"</p></blockquote><hr></hr></div>',
    );
    expect(show(render('- a\n\n- b'))).toBe(
      '<div><ul><li><p>"a"</p></li><li><p>"b"</p></li></ul></div>',
    );
  });

  it('builds tables with alignment', () => {
    expect(show(render('a|b\n:-:|--\n1|2'))).toBe(
      '<div><table><thead><tr><th style="text-align: center">"a"</th><th>"b"</th></tr></thead>' +
        '<tbody><tr><td style="text-align: center">"1"</td><td>"2"</td></tr></tbody></table></div>',
    );
  });

  it('opens safe links in a new tab without an opener', () => {
    expect(show(render('[x](https://example.org/?a=1&b=2)'))).toBe(
      '<div><p><a href="https://example.org/?a=1&b=2" target="_blank" rel="noopener noreferrer">"x"</a></p></div>',
    );
  });

  it('never loads images: alt text, linked when the URL is safe', () => {
    expect(show(render('![pic](https://x/p.png) ![](javascript:alert(1))'))).toBe(
      '<div><p><a href="https://x/p.png" target="_blank" rel="noopener noreferrer" class="gwb-md-image" title="image (not loaded): https://x/p.png">"pic"</a>" ""image"</p></div>',
    );
    expect(elements(render('![a](https://x/p.png)')).some((e) => e.tagName === 'img')).toBe(false);
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '<a href="javascript:alert(1)">y</a> [z](JAVASCRIPT:alert(1)) <javascript:alert(1)>',
    '| <img src=x onerror=alert(1)> |\n|---|\n| [x](data:text/html,hi) |',
    '- > # <svg onload=alert(1)>',
  ])('renders hostile input as text only: %s', (md) => {
    const root = render(md);
    const all = elements(root);
    const allowed = new Set([
      'p',
      'h1',
      'ul',
      'li',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ]);
    expect(all.map((e) => e.tagName).filter((t) => !allowed.has(t))).toEqual([]);
    expect(all.some((e) => e.attributes.has('href') || e.attributes.has('src'))).toBe(false);
    expect(show(root)).toContain('"');
  });
});
