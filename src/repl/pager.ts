// Long output through $PAGER: only when stdout is a terminal, $PAGER is set and the text is
// taller than the screen. The pager takes the terminal until it quits (it reads keys from the
// tty itself), so this is synchronous on purpose.
import { spawnSync } from 'node:child_process';

export interface PagerSettings {
  /** The pager command; undefined turns paging off. */
  readonly command: string | undefined;
  readonly rows: () => number;
}

/** $PAGER when stdout is a terminal, else no paging. */
export function pagerFromEnv(
  stdout: NodeJS.WriteStream = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): PagerSettings {
  const command =
    stdout.isTTY && env.PAGER !== undefined && env.PAGER !== '' ? env.PAGER : undefined;
  return { command, rows: () => stdout.rows ?? 24 };
}

/** Shows the text in the pager if it needs one; true when the pager showed it. */
export function page(text: string, settings: PagerSettings): boolean {
  const { command } = settings;
  if (command === undefined || text.split('\n').length <= settings.rows() - 2) return false;
  const run = spawnSync(command, {
    input: text,
    stdio: ['pipe', 'inherit', 'inherit'],
    shell: true,
  });
  return run.status === 0;
}
