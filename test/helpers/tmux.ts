// A shell in a real terminal for the REPL's tests: one tmux server of its own (`-L socket`) with a
// session `shell` of a fixed size, typed into and read back as a user sees it.
import { spawnSync } from 'node:child_process';

export interface TmuxPane {
  /** Starts `command` in a detached session of `width` x `height`. */
  start: (command: string, width: number, height: number) => void;
  /** The pane's text as it stands. */
  pane: () => string;
  /** Sends literal text; tmux reads a trailing `;` as a command separator unless escaped. */
  type: (text: string) => string;
  /** Sends named keys (`Enter`, `C-c`, ...). */
  key: (...names: string[]) => string;
  /** Waits until the pane matches `pattern` and returns its text. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  /** Ends the tmux server and everything in it. */
  stop: () => void;
}

export function tmuxPane(socket: string): TmuxPane {
  const target = 'shell';
  const tmux = (...args: string[]): string => {
    const run = spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${run.stderr}`);
    return run.stdout;
  };
  const pane = () => tmux('capture-pane', '-p', '-t', target);
  return {
    start: (command, width, height) =>
      void tmux(
        'new-session',
        '-d',
        '-s',
        target,
        '-x',
        String(width),
        '-y',
        String(height),
        command,
      ),
    pane,
    type: (text) => tmux('send-keys', '-t', target, '-l', text.replace(/;$/, '\\;')),
    key: (...names) => tmux('send-keys', '-t', target, ...names),
    // Generous: CI runs these beside other suites that start servers on the same two cores.
    waitFor: async (pattern, timeoutMs = 45_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = pane();
        if (pattern.test(text)) return text;
        if (Date.now() > deadline) throw new Error(`pane never matched ${pattern}:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => void spawnSync('tmux', ['-L', socket, 'kill-server']),
  };
}
