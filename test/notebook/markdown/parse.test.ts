// The Markdown parser of markdown cells: each construct, and hostile input that must come out as
// plain text (raw HTML) or without a link (unsafe URLs).
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/notebook/web/markdown/parse.js';
import type { MdBlock, MdInline } from '../../../src/notebook/web/markdown/types.js';
import { safeHref } from '../../../src/notebook/web/markdown/url.js';

const text = (t: string): MdInline => ({ type: 'text', text: t });
const para = (...children: MdInline[]): MdBlock => ({ type: 'paragraph', children });
const inline = (md: string): MdInline[] => {
  const [block] = parseMarkdown(md);
  if (block?.type !== 'paragraph') throw new Error(`not a paragraph: ${JSON.stringify(block)}`);
  return [...block.children];
};

/** Every inline node of the tree, at any depth. */
function inlines(blocks: readonly MdBlock[]): MdInline[] {
  const out: MdInline[] = [];
  const walkInline = (nodes: readonly MdInline[]) => {
    for (const n of nodes) {
      out.push(n);
      if ('children' in n) walkInline(n.children);
    }
  };
  for (const b of blocks) {
    if (b.type === 'heading' || b.type === 'paragraph') walkInline(b.children);
    if (b.type === 'quote') out.push(...inlines(b.children));
    if (b.type === 'list') for (const item of b.items) out.push(...inlines(item));
    if (b.type === 'table') [...b.head, ...b.rows.flat()].forEach(walkInline);
  }
  return out;
}

describe('blocks', () => {
  it('parses ATX headings of every level, with closing hashes removed', () => {
    const blocks = parseMarkdown('# one\n## two ##\n###### six\n####### seven\n#nospace');
    expect(blocks.slice(0, 3)).toEqual([
      { type: 'heading', level: 1, children: [text('one')] },
      { type: 'heading', level: 2, children: [text('two')] },
      { type: 'heading', level: 6, children: [text('six')] },
    ]);
    expect(blocks[3]).toEqual(para(text('####### seven\n#nospace')));
  });

  it('parses setext headings', () => {
    expect(parseMarkdown('Title\n=====\nSub\n---')).toEqual([
      { type: 'heading', level: 1, children: [text('Title')] },
      { type: 'heading', level: 2, children: [text('Sub')] },
    ]);
  });

  it('splits paragraphs on blank lines and keeps soft and hard breaks', () => {
    expect(parseMarkdown('a\nb  \nc\\\nd\n\ne')).toEqual([
      para(text('a\nb'), { type: 'break' }, text('c'), { type: 'break' }, text('d')),
      para(text('e')),
    ]);
  });

  it('parses fenced code with a language, keeping its content verbatim', () => {
    expect(parseMarkdown('```gsql\nSELECT *\n\n  <b>x</b>\n```\nafter')).toEqual([
      { type: 'code', lang: 'gsql', text: 'SELECT *\n\n  <b>x</b>\n' },
      para(text('after')),
    ]);
    expect(parseMarkdown('~~~~\n```\n~~~~')).toEqual([{ type: 'code', text: '```\n' }]);
    expect(parseMarkdown('```\nnever closed')).toEqual([{ type: 'code', text: 'never closed\n' }]);
  });

  it('parses indented code, which cannot interrupt a paragraph', () => {
    expect(parseMarkdown('    a\n\n      b\nx')).toEqual([
      { type: 'code', text: 'a\n\n  b\n' },
      para(text('x')),
    ]);
    expect(parseMarkdown('p\n    q')).toEqual([para(text('p\nq'))]);
  });

  it('parses block quotes, nested and with lazy lines', () => {
    expect(parseMarkdown('> a\nlazy\n> > b\n\nout')).toEqual([
      {
        type: 'quote',
        children: [para(text('a\nlazy')), { type: 'quote', children: [para(text('b'))] }],
      },
      para(text('out')),
    ]);
  });

  it('parses bullet lists nested by indentation', () => {
    expect(parseMarkdown('- a\n- b\n  * c\n  * d\n- e')).toEqual([
      {
        type: 'list',
        ordered: false,
        tight: true,
        items: [
          [para(text('a'))],
          [
            para(text('b')),
            {
              type: 'list',
              ordered: false,
              tight: true,
              items: [[para(text('c'))], [para(text('d'))]],
            },
          ],
          [para(text('e'))],
        ],
      },
    ]);
  });

  it('parses ordered lists with their start, loose when items are apart', () => {
    expect(parseMarkdown('3. c\n4. d\n\n5. e')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        tight: false,
        items: [[para(text('c'))], [para(text('d'))], [para(text('e'))]],
      },
    ]);
    // A number other than 1 does not interrupt a paragraph (it could be a year).
    expect(parseMarkdown('In\n1999. it rained')).toEqual([para(text('In\n1999. it rained'))]);
  });

  it('keeps code blocks inside list items', () => {
    const [list] = parseMarkdown('1. run:\n\n   ```\n   x\n   ```');
    expect(list).toMatchObject({
      type: 'list',
      items: [[para(text('run:')), { type: 'code', text: 'x\n' }]],
    });
  });

  it('parses horizontal rules, not confusing them with list items', () => {
    expect(parseMarkdown('***\n- - -\n___\n\n---')).toEqual([
      { type: 'rule' },
      { type: 'rule' },
      { type: 'rule' },
      { type: 'rule' },
    ]);
  });

  it('parses GFM tables with alignment', () => {
    expect(parseMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | **2** |\n\nafter')).toEqual([
      {
        type: 'table',
        align: ['left', 'center', 'right'],
        head: [[text('a')], [text('b')], [text('c')]],
        rows: [[[text('1')], [{ type: 'strong', children: [text('2')] }], []]],
      },
      para(text('after')),
    ]);
    expect(parseMarkdown('a | b\n--|--\n1 \\| 2 | 3')[0]).toMatchObject({
      rows: [[[text('1 | 2')], [text('3')]]],
    });
    // Not a table: the delimiter row has a different number of cells.
    expect(parseMarkdown('a | b\n--|--|--')[0]?.type).toBe('paragraph');
  });

  it('handles CRLF and tabs', () => {
    expect(parseMarkdown('# a\r\n\r\n\tcode')).toEqual([
      { type: 'heading', level: 1, children: [text('a')] },
      { type: 'code', text: 'code\n' },
    ]);
  });

  it('parses empty and blank text to no blocks', () => {
    expect(parseMarkdown('')).toEqual([]);
    expect(parseMarkdown('  \n\n\t')).toEqual([]);
  });
});

describe('inlines', () => {
  it('parses emphasis, strong, strike and inline code', () => {
    expect(inline('*a* _b_ **c** __d__ ~~e~~ `f`')).toEqual([
      { type: 'emphasis', children: [text('a')] },
      text(' '),
      { type: 'emphasis', children: [text('b')] },
      text(' '),
      { type: 'strong', children: [text('c')] },
      text(' '),
      { type: 'strong', children: [text('d')] },
      text(' '),
      { type: 'strike', children: [text('e')] },
      text(' '),
      { type: 'code', text: 'f' },
    ]);
  });

  it('nests emphasis and leaves intraword underscores and unmatched stars alone', () => {
    expect(inline('***x*** snake_case_name 2 * 3 *a **b** c*')).toEqual([
      { type: 'emphasis', children: [{ type: 'strong', children: [text('x')] }] },
      text(' snake_case_name 2 * 3 '),
      {
        type: 'emphasis',
        children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')],
      },
    ]);
  });

  it('reads code spans literally, with any number of backticks', () => {
    expect(inline('`` a ` *b* `` and ` `unclosed')).toEqual([
      { type: 'code', text: 'a ` *b*' },
      text(' and '),
      { type: 'code', text: ' ' },
      text('unclosed'),
    ]);
    expect(inline('`<b>`')).toEqual([{ type: 'code', text: '<b>' }]);
  });

  it('applies backslash escapes and character references as text', () => {
    expect(inline('\\*not\\* &amp; &lt;b&gt; &#65; &#x263a; &bogus; \\q')).toEqual([
      text('*not* & <b> A ☺ &bogus; \\q'),
    ]);
  });

  it('parses links to http, https, mailto and relative URLs', () => {
    const link = (href: string, t: string): MdInline => ({
      type: 'link',
      href,
      children: [text(t)],
    });
    expect(
      inline(
        '[a](https://x.org/p?q=1) [b](http://x "title") [c](mailto:me@x) [d](./doc.md) [e](<a b>)',
      ),
    ).toEqual([
      link('https://x.org/p?q=1', 'a'),
      text(' '),
      link('http://x', 'b'),
      text(' '),
      link('mailto:me@x', 'c'),
      text(' '),
      link('./doc.md', 'd'),
      // A valid destination with a space, refused as a link target: the text stays.
      text(' e'),
    ]);
    expect(inline('[**bold** link](/x)')).toEqual([
      {
        type: 'link',
        href: '/x',
        children: [{ type: 'strong', children: [text('bold')] }, text(' link')],
      },
    ]);
    expect(inline('<https://auto.example/x> <me@example.org>')).toEqual([
      link('https://auto.example/x', 'https://auto.example/x'),
      text(' '),
      link('mailto:me@example.org', 'me@example.org'),
    ]);
  });

  it('keeps images as alt text with a link, never as an image', () => {
    expect(inline('![a *graph*](https://x/y.png) ![z](javascript:alert(1))')).toEqual([
      { type: 'image', alt: 'a graph', href: 'https://x/y.png' },
      text(' '),
      { type: 'image', alt: 'z' },
    ]);
  });

  it('leaves unmatched brackets as text', () => {
    expect(inline('[a] [b](c d) [[x]]')).toEqual([text('[a] [b](c d) [[x]]')]);
  });
});

describe('hostile input', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="https://evil"></iframe>',
    '<!-- comment --><style>*{}</style>',
  ];

  it.each(hostile)('shows raw HTML as its literal text: %s', (html) => {
    expect(parseMarkdown(html)).toEqual([para(text(html))]);
    expect(parseMarkdown(`# ${html}`)).toEqual([
      { type: 'heading', level: 1, children: [text(html)] },
    ]);
    expect(parseMarkdown(`- ${html}`)).toMatchObject([
      { type: 'list', items: [[para(text(html))]] },
    ]);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JavaScript:alert(1))',
    '[x](  javascript:alert(1)  )',
    '[x](java\tscript:alert(1))',
    '[x](<java\tscript:alert(1)>)',
    '[x](<java script:alert(1)>)',
    '[x](javascript&#58;alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](file:///etc/passwd)',
    '<javascript:alert(1)>',
    '![x](javascript:alert(1))',
  ])('makes no link for an unsafe target: %s', (md) => {
    const nodes = inlines(parseMarkdown(md));
    expect(nodes.some((n) => n.type === 'link')).toBe(false);
    expect(nodes.some((n) => n.type === 'image' && n.href !== undefined)).toBe(false);
    expect(nodes.length).toBeGreaterThan(0);
  });

  // Speed is the bench's business; here: pathological input ends (within the test timeout) with output.
  it('parses pathological input', () => {
    for (const md of [
      '['.repeat(50_000),
      '*a'.repeat(20_000),
      '`'.repeat(5_000) + 'x',
      '> '.repeat(5_000) + 'deep',
      '- '.repeat(2_000) + 'deep',
      '_ '.repeat(20_000),
      '![['.repeat(10_000),
    ]) {
      expect(parseMarkdown(md).length).toBeGreaterThan(0);
    }
  });
});

describe('safeHref', () => {
  it.each([
    ['https://x.org', 'https://x.org'],
    ['HTTP://X', 'HTTP://X'],
    ['mailto:a@b', 'mailto:a@b'],
    ['/abs', '/abs'],
    ['rel/path#frag', 'rel/path#frag'],
    ['#top', '#top'],
    ['//cdn.example/x', '//cdn.example/x'],
  ])('allows %s', (url, href) => {
    expect(safeHref(url)).toBe(href);
  });

  it.each([
    'javascript:x',
    ' javascript:x',
    'java\nscript:x',
    'java\tscript:x',
    '\u0000javascript:x',
    'data:x',
    'blob:x',
    'ftp://x',
    'tel:1',
    '',
  ])('refuses %j', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});
