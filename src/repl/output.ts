// Where the REPL's text goes. Results go to the screen, or to the file named by `\o`; notes
// (connected, timing, progress) and errors always go to the screen. The interactive app and the
// non-interactive runner give their own sinks, so the commands never know which one runs them.
import { appendFileSync } from 'node:fs';
import { page, type PagerSettings } from './pager.js';

export interface Sink {
  /** A result block (table, JSON, shell output). */
  result(text: string): void;
  /** A note for the person at the terminal. */
  note(text: string): void;
  error(text: string): void;
}

/** A sink that sends results to a file while `\o FILE` is in force. */
export class Output implements Sink {
  private file: string | undefined;

  constructor(private readonly screen: Sink) {}

  get target(): string | undefined {
    return this.file;
  }

  redirect(file: string | undefined): void {
    this.file = file;
  }

  result(text: string): void {
    if (this.file === undefined) this.screen.result(text);
    else appendFileSync(this.file, `${text}\n`);
  }

  note(text: string): void {
    this.screen.note(text);
  }

  error(text: string): void {
    this.screen.error(text);
  }
}

/** The non-interactive sink: results to stdout, notes and errors to stderr. */
export function streamSink(
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
  pager: PagerSettings = { command: undefined, rows: () => 0 },
): Sink {
  return {
    result: (text) => {
      if (!page(text, pager)) stdout.write(`${text}\n`);
    },
    note: (text) => stderr.write(`${text}\n`),
    error: (text) => stderr.write(`${text}\n`),
  };
}
