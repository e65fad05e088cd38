// Long results through a pager, as psql does: only when stdout is a terminal and the text is
// taller than the screen. The pager is $PAGER, or `less` (or `more` where there is no less) when
// PAGER is unset; an empty PAGER turns paging off, and `\pager on|off` switches it for the
// session. `less` gets LESS=RS unless LESS is set: colours kept, wide rows chopped rather than
// wrapped, and the alternate screen, so quitting leaves the scrollback as it was. The pager takes
// the terminal until it quits (it reads keys from the tty itself), so this is synchronous.
import { spawnSync } from 'node:child_process';

export class Pager {
  constructor(
    /** The pager command; undefined when there is none (not a terminal, or PAGER=''). */
    readonly command: string | undefined,
    readonly rows: () => number,
    /** `\pager on|off`; on by default when there is a command. */
    public enabled = command !== undefined,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** Shows the text in the pager if it needs one; true when the pager showed it. */
  page(text: string): boolean {
    const { command } = this;
    if (!this.enabled || command === undefined) return false;
    if (text.split('\n').length <= this.rows() - 2) return false;
    const run = spawnSync(command, {
      input: text,
      stdio: ['pipe', 'inherit', 'inherit'],
      shell: true,
      env: { ...this.env, LESS: this.env.LESS || 'RS' },
    });
    // Quitting the pager before the end closes its input (EPIPE): the text was still shown.
    // Only a pager that could not start (the shell's 127, a spawn failure) leaves it unshown.
    const failedToStart =
      run.status === 127 ||
      (run.error !== undefined && (run.error as NodeJS.ErrnoException).code !== 'EPIPE');
    return !failedToStart;
  }
}

/** No paging (tests, pipes, files). */
export const noPager = (): Pager => new Pager(undefined, () => 0, false);

function onPath(program: string, env: NodeJS.ProcessEnv): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { env, stdio: 'ignore' }).status === 0;
}

/** $PAGER (or less, or more) when stdout is a terminal; none otherwise or when PAGER=''. */
export function pagerFromEnv(
  stdout: NodeJS.WriteStream = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): Pager {
  const rows = () => stdout.rows ?? 24;
  if (!stdout.isTTY || env.PAGER === '') return new Pager(undefined, rows, false, env);
  const command =
    env.PAGER ?? (onPath('less', env) ? 'less' : onPath('more', env) ? 'more' : undefined);
  return new Pager(command, rows, command !== undefined, env);
}
