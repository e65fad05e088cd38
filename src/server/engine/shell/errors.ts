// A statement the shell refuses: the message is what the GSQL shell prints for it.
export class ShellError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShellError';
  }
}
