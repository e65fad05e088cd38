// The service's log: one line per event on stderr (stdout carries only the listening line).
export interface Logger {
  info(message: string): void;
  error(message: string, cause?: unknown): void;
}

export function stderrLogger(prefix = 'gwb serve'): Logger {
  return {
    info: (message) => process.stderr.write(`${prefix}: ${message}\n`),
    error: (message, cause) => {
      const detail =
        cause === undefined
          ? ''
          : `\n${cause instanceof Error ? (cause.stack ?? cause.message) : JSON.stringify(cause)}`;
      process.stderr.write(`${prefix}: ${message}${detail}\n`);
    },
  };
}
