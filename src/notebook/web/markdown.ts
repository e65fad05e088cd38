// Markdown cells rendered by markdown-it (CommonMark, plus GitHub tables and strikethrough) with
// raw HTML off: HTML written in a cell shows as the text it is, and markdown-it's own link check
// drops javascript:, vbscript:, file: and non-image data: URLs. Links open in a new tab without
// access to this page. Kept in one module so the page never parses Markdown anywhere else.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

// Every link: a new tab, no opener, no referrer.
const renderLink = md.renderer.rules.link_open;
md.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  token?.attrSet('target', '_blank');
  token?.attrSet('rel', 'noopener noreferrer');
  return renderLink
    ? renderLink(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

/** The cell's text as HTML (safe to insert: raw HTML is escaped, unsafe URLs are dropped). */
export function markdownHtml(text: string): string {
  return md.render(text);
}

/** Replaces the content of `container` with `text` rendered as Markdown. */
export function renderMarkdown(container: HTMLElement, text: string): void {
  container.innerHTML = markdownHtml(text);
}
