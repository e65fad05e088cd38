// Where the REPL's text goes. Results go to the screen, or to the file named by `\o`; notes
// (connected, timing, progress) and errors always go to the screen. The interactive app and the
// non-interactive runner give their own sinks, so the commands never know which one runs them.
import { appendFileSync } from 'node:fs';
import { noPager, type Pager } from './pager.js';
import { stripAnsi } from './render/ansi.js';

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
    // A file gets plain text: colour codes are for the terminal.
    else appendFileSync(this.file, `${stripAnsi(text)}\n`);
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
  pager: Pager = noPager(),
): Sink {
  return {
    result: (text) => {
      if (!pager.page(text)) stdout.write(`${text}\n`);
    },
    note: (text) => stderr.write(`${text}\n`),
    error: (text) => stderr.write(`${text}\n`),
  };
}
