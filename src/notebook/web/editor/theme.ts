// Colours of the GSQL token classes in the notebook's light theme (`gwb-light`), shared by the
// monaco theme rules and the page's legend. Pure data: no monaco import.
import type { TokenClass } from '../../../core/gsql/index.js';

export interface TokenStyle {
  /** Hex colour without `#`, as monaco theme rules take it. */
  readonly foreground: string;
  readonly fontStyle?: 'bold' | 'italic' | 'underline';
}

export const THEME_NAME = 'gwb-light';

export const TOKEN_STYLES: Readonly<Record<TokenClass, TokenStyle>> = {
  keyword: { foreground: '7c3aed', fontStyle: 'bold' },
  type: { foreground: '0e7490' },
  accumulator: { foreground: 'b45309' },
  string: { foreground: '15803d' },
  number: { foreground: '1d4ed8' },
  comment: { foreground: '6b7280', fontStyle: 'italic' },
  operator: { foreground: '374151' },
  identifier: { foreground: '111827' },
  error: { foreground: 'dc2626', fontStyle: 'underline' },
};

/** Monaco theme rules: one per class; scopes are the class names (see line-tokens.ts). */
export function themeRules(): { token: string; foreground: string; fontStyle?: string }[] {
  return Object.entries(TOKEN_STYLES).map(([token, style]) => ({ token, ...style }));
}
