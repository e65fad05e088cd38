// The tree the Markdown parser produces and the DOM builder consumes. Plain data with no HTML
// anywhere in it: text stays text, and a link exists only when its URL passed the safety check.

export type MdInline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'emphasis'; readonly children: readonly MdInline[] }
  | { readonly type: 'strong'; readonly children: readonly MdInline[] }
  | { readonly type: 'strike'; readonly children: readonly MdInline[] }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly MdInline[] }
  /** Never loaded (the page's CSP blocks remote images): shown as its alt text, linked if safe. */
  | { readonly type: 'image'; readonly alt: string; readonly href?: string }
  | { readonly type: 'break' };

export type MdAlign = 'left' | 'center' | 'right' | null;

export type MdBlock =
  | {
      readonly type: 'heading';
      readonly level: 1 | 2 | 3 | 4 | 5 | 6;
      readonly children: readonly MdInline[];
    }
  | { readonly type: 'paragraph'; readonly children: readonly MdInline[] }
  | { readonly type: 'code'; readonly text: string; readonly lang?: string }
  | { readonly type: 'quote'; readonly children: readonly MdBlock[] }
  | {
      readonly type: 'list';
      readonly ordered: boolean;
      /** First number of an ordered list. */
      readonly start?: number;
      /** No blank lines between items: items' paragraphs render without <p>. */
      readonly tight: boolean;
      readonly items: readonly (readonly MdBlock[])[];
    }
  | { readonly type: 'rule' }
  | {
      readonly type: 'table';
      readonly align: readonly MdAlign[];
      readonly head: readonly (readonly MdInline[])[];
      readonly rows: readonly (readonly (readonly MdInline[])[])[];
    };
