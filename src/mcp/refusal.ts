// A tool that declined to send anything (a write in read-only mode, a syntax error, a missing
// graph). Kept apart from tool-kit so that helpers can refuse without importing registration.
export class ToolRefusal extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ToolRefusal';
  }
}
