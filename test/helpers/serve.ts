// Starts a real `gwb serve` child process (dist/cli.js) on a free port with its own data folder,
// waits for its listening line and hands back its URL; stop() ends it and removes the folder.
// Every server suite uses it, so it is strict about timeouts and reports the child's stderr.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gwbPath, repoRoot } from './gwb.js';

export interface GwbServe {
  readonly url: string;
  readonly port: number;
  /** The legacy REST++ listener's port, when started with --restpp-port. */
  readonly restppPort: number | undefined;
  readonly dir: string;
  readonly child: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, wait for the exit (SIGKILL after a grace), remove the data folder if ours. */
  stop(): Promise<ExitInfo>;
  /** Sends a signal and waits for the exit; the data folder is kept (for restart tests). */
  kill(signal?: NodeJS.Signals): Promise<ExitInfo>;
}

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ServeOptions {
  /** Data folder; a fresh temporary one (removed on stop) when absent. */
  readonly dir?: string;
  /** Extra flags after `serve --port 0 --data DIR`. */
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** How long to wait for the listening line (ms). */
  readonly startTimeoutMs?: number;
}

const listening =
  /^gwb serve: listening on (http:\/\/\S+) \(data: (.*?)(?:; REST\+\+ port (\d+))?\)$/m;
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when missing or older than src/ (one builder at a time across test workers). */
export function ensureFreshBuild(): void {
  const fresh = () =>
    existsSync(gwbPath) && statSync(gwbPath).mtimeMs >= newestMtime(join(repoRoot, 'src'));
  if (fresh()) return;
  const lock = join(repoRoot, 'dist', '.build-lock');
  mkdirSync(join(repoRoot, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another build of dist/');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (fresh()) return;
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      // Another change in progress can break the bundle for a while: keep the last good build
      // (it is older than src/, so say so) rather than failing every server suite.
      if (!existsSync(gwbPath)) throw new Error(`build failed: ${build.stderr}`);
      process.stderr.write(
        `test/helpers/serve: build failed, using the previous dist/cli.js\n${build.stderr}\n`,
      );
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The child's environment: ours without GWB_* settings (a stray GWB_PASSWORD changes a test). */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GWB_')) env[key] = value;
  }
  return { ...env, ...extra };
}

function spawnServe(dir: string, options: ServeOptions) {
  ensureFreshBuild();
  const child = spawn(
    process.execPath,
    [gwbPath, 'serve', '--port', '0', '--data', dir, ...(options.args ?? [])],
    { cwd: repoRoot, env: childEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  live.add(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      // Let the pipes drain before reporting what the child wrote.
      setImmediate(() => resolve({ code, signal, stdout: out.stdout, stderr: out.stderr }));
    });
  });
  return { child, out, exited };
}

/** Runs `gwb serve` expecting it to refuse to start; resolves with its exit. */
export async function serveUntilExit(options: ServeOptions & { dir: string }): Promise<ExitInfo> {
  const { child, exited } = spawnServe(options.dir, options);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.startTimeoutMs ?? 15_000);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

export async function startGwbServe(options: ServeOptions = {}): Promise<GwbServe> {
  const owned = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'gwb-serve-'));
  const cleanup = () => {
    if (owned) rmSync(dir, { recursive: true, force: true });
  };
  const { child, out, exited } = spawnServe(dir, options);
  const timeoutMs = options.startTimeoutMs ?? 15_000;
  let match: RegExpExecArray | null;
  try {
    match = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`gwb serve did not start within ${timeoutMs} ms; stderr:\n${out.stderr}`));
      }, timeoutMs);
      const check = () => {
        const found = listening.exec(out.stdout);
        if (found) {
          clearTimeout(timer);
          child.stdout.off('data', check);
          resolve(found);
        }
      };
      child.stdout.on('data', check);
      void exited.then((exit) => {
        clearTimeout(timer);
        reject(
          new Error(
            `gwb serve exited (code ${exit.code}, signal ${exit.signal}) before listening; stderr:\n${exit.stderr}`,
          ),
        );
      });
    });
  } catch (error) {
    cleanup();
    throw error;
  }
  const url = match[1] ?? '';
  const port = Number(new URL(url).port);
  const restppPort = match[3] === undefined ? undefined : Number(match[3]);
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    url,
    port,
    restppPort,
    dir,
    child,
    stderr: () => out.stderr,
    kill,
    stop: async () => {
      const exit = await kill('SIGTERM');
      cleanup();
      return exit;
    },
  };
}
