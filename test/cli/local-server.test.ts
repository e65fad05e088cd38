// The shared local server, with real processes: the REPL (in tmux, as a person types) starts a
// detached `gwb serve` on its data folder, the notebook connects to the same server, the REPL
// quits and the notebook still runs a cell; `gwb status` and `gwb stop` see and end the server;
// a stale LOCK left by a killed server is detected and cleared; two faces starting at once share
// one server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwbPath, repoRoot, runGwb } from '../helpers/gwb.js';
import { startGwbNotebook, type GwbNotebook } from '../helpers/notebook.js';
import { ensureFreshBuild } from '../helpers/serve.js';

const socket = `gwb-local-server-test-${process.pid}`;
const folders: string[] = [];
let notebook: GwbNotebook | undefined;

function tmux(...args: string[]): string {
  const run = spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

async function waitForPane(pattern: RegExp, timeoutMs = 45_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = tmux('capture-pane', '-p', '-J', '-t', 'repl');
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`pane never matched ${pattern}:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function freshFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-local-'));
  folders.push(dir);
  return dir;
}

function lockPid(dir: string): number {
  return Number(readFileSync(join(dir, 'LOCK'), 'utf8').split('\n')[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(() => ensureFreshBuild());

afterAll(async () => {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  await notebook?.stop();
  for (const dir of folders) {
    runGwb(['stop', '--data', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the shared local server', () => {
  it('outlives the REPL that started it: the notebook keeps running cells', async () => {
    const dir = freshFolder();
    const env = ['PAGER=', 'TERM=xterm-256color', 'CI=0'].join(' ');
    const command = `cd '${repoRoot}' && env ${env} '${process.execPath}' '${gwbPath}' --data '${dir}' --port 0; echo "gwb exited with $?"; sleep 60`;
    tmux('new-session', '-d', '-s', 'repl', '-x', '200', '-y', '40', command);
    // The REPL says which server it uses, and that it keeps running.
    const greeting = await waitForPane(/started now in the background/);
    const pid = lockPid(dir);
    expect(greeting).toContain(`pid ${pid}`);
    expect(greeting).toContain(join(dir, 'gwb-serve.log'));
    const url = readFileSync(join(dir, 'LOCK'), 'utf8').split('\n')[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    notebook = await startGwbNotebook({
      file: join(dir, 'shared.gwbnb'),
      args: ['--data', dir, '--port', '0'],
    });
    // The notebook found the running server rather than starting another.
    const nb = notebook;
    await expect.poll(() => nb.stderr(), { timeout: 10_000 }).toContain(`pid ${pid}`);
    const session = await notebook.api<{ server: { url: string; via: string } }>(
      'GET',
      '/api/session',
    );
    expect(session.body.server.url).toBe(url);
    expect(session.body.server.via).toContain('already running');

    // Quit the REPL with Ctrl+D.
    tmux('send-keys', '-t', 'repl', 'C-d');
    await waitForPane(/gwb exited with 0/);
    expect(alive(pid)).toBe(true);

    const run = await notebook.api<{ run: { status: string }; outputs: unknown[] }>(
      'POST',
      '/api/run',
      { cell: { id: 'c1', kind: 'gsql', source: ['LS'] } },
    );
    expect(run.status).toBe(200);
    expect(run.body.run.status).toBe('ok');

    const status = runGwb(['status', '--data', dir]);
    expect(status.status).toBe(0);
    expect(status.stdout).toContain(`running on ${url} (pid ${pid}`);
    expect(readFileSync(join(dir, 'gwb-serve.log'), 'utf8')).toContain(
      `gwb serve: listening on ${url}`,
    );

    const stop = runGwb(['stop', '--data', dir]);
    expect(stop.status).toBe(0);
    expect(stop.stdout).toContain(`pid ${pid}`);
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
    const after = runGwb(['status', '--data', dir]);
    expect(after.status).toBe(3);
    expect(after.stdout).toContain('not running');
    expect(runGwb(['stop', '--data', dir]).status).toBe(1);
  }, 120_000);

  it('detects and clears a stale LOCK left by a server that was killed', async () => {
    const dir = freshFolder();
    const first = runGwb(['repl', '--data', dir, '--port', '0', '-c', 'LS']);
    expect(first.status, first.stderr).toBe(0);
    const pid = lockPid(dir);
    process.kill(pid, 'SIGKILL');
    await new Promise<void>((resolve) => {
      const poll = () => (alive(pid) ? setTimeout(poll, 50) : resolve());
      poll();
    });
    expect(existsSync(join(dir, 'LOCK'))).toBe(true);
    const status = runGwb(['status', '--data', dir]);
    expect(status.status).toBe(3);
    expect(status.stdout).toContain(`stale LOCK (process ${pid} is gone) was cleared`);
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);

    // A LOCK naming no process at all is stale too; the next face starts a new server.
    writeFileSync(join(dir, 'LOCK'), 'garbage\n');
    const again = runGwb(['repl', '--data', dir, '--port', '0', '-c', 'LS']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('started now in the background');
    expect(lockPid(dir)).not.toBe(pid);
    expect(runGwb(['stop', '--data', dir]).status).toBe(0);
  }, 120_000);

  it('gives two faces that start at once one server', async () => {
    const dir = freshFolder();
    const face = () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [gwbPath, 'repl', '--data', dir, '--port', '0', '-c', 'LS'],
          { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
        child.once('exit', (code) => resolve({ code, stderr }));
      });
    const [a, b] = await Promise.all([face(), face()]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const pids = [a.stderr, b.stderr].map((t) => /pid (\d+)/.exec(t)?.[1]);
    expect(pids[0]).toBeDefined();
    expect(pids[0]).toBe(pids[1]);
    expect(String(lockPid(dir))).toBe(pids[0]);
  }, 120_000);
});
