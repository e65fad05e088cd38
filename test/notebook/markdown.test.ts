// Markdown cells through markdown-it as the page configures it: CommonMark with tables, raw HTML
// shown as text, unsafe link targets dropped, links opening in a new tab without an opener.
import { describe, expect, it } from 'vitest';
import { markdownHtml } from '../../src/notebook/web/markdown.js';

describe('markdown cells', () => {
  it('renders CommonMark: headings, emphasis, lists, code, tables', () => {
    const html = markdownHtml(
      '# Title\n\nSome *stress* and `code`.\n\n- one\n- two\n\n```gsql\nPRINT 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>stress</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<pre><code class="language-gsql">PRINT 1;\n</code></pre>');
    expect(html).toContain('<td>1</td>');
  });

  it('shows raw HTML as text', () => {
    const html = markdownHtml('<img src=x onerror=alert(1)> and <script>alert(2)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('drops javascript: links and opens the others in a new tab without an opener', () => {
    const bad = markdownHtml('[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1))');
    expect(bad).not.toContain('href=');
    const good = markdownHtml('[docs](https://docs.tigergraph.com)');
    expect(good).toContain(
      '<a href="https://docs.tigergraph.com" target="_blank" rel="noopener noreferrer">docs</a>',
    );
  });
});
