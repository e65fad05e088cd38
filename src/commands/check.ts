// `gwb check FILE...`: offline GSQL diagnostics, one line each as `file:line:col: severity:
// message`, on stdout. Exit code 1 when any file has an error (or cannot be read), else 0.
import { readFile } from 'node:fs/promises';
import { check, type Diagnostic } from '../core/gsql/index.js';

function line(file: string, d: Diagnostic): string {
  return `${file}:${d.range.start.line}:${d.range.start.column}: ${d.severity}: ${d.message}\n`;
}

export async function runCheckCommand(files: string[]): Promise<number> {
  let failed = false;
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      const reason = e instanceof Error && 'code' in e ? String(e.code) : String(e);
      process.stdout.write(`${file}:1:1: error: cannot read file (${reason})\n`);
      failed = true;
      continue;
    }
    const { diagnostics } = check(text);
    for (const d of diagnostics) process.stdout.write(line(file, d));
    if (diagnostics.some((d) => d.severity === 'error')) failed = true;
  }
  return failed ? 1 : 0;
}
