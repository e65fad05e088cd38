// Whether a text typed into the REPL is ready to run: Enter submits a complete or an invalid
// input (so its errors show at once) and opens a new line for an incomplete one.
import { parse } from './parse.js';

export type InputState = 'complete' | 'incomplete' | 'invalid';

/**
 * 'incomplete' when the text stops inside a construct (open brace or parenthesis, a statement
 * cut off, an unterminated string or comment), even after an earlier error: the user is still
 * typing the block and will see the errors when it is closed. 'invalid' for other errors.
 */
export function inputState(text: string): InputState {
  const { diagnostics } = parse(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.some((d) => d.code === 'GSQL-INCOMPLETE')) return 'incomplete';
  return errors.length > 0 ? 'invalid' : 'complete';
}
