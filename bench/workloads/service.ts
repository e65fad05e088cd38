// Starts the embedded service the way users run it: a `gwb serve` child process (dist/cli.js,
// rebuilt first when older than src/) on a free port with a fresh data folder, so the server
// does not share the benchmark's event loop. Optional node flags (e.g. --cpu-prof) and serve
// flags (e.g. --allow-files) pass through. restart() stops it cleanly (its close writes the
// checkpoint) and starts it again on the same data folder and port, timing both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cliPath = join(repoRoot, 'dist', 'cli.js');

export interface Service {
  readonly url: string;
  /** The server's process id (for its RSS), or ours when in-process. */
  readonly pid: number;
  readonly description: string;
  stop(): Promise<void>;
  /** A clean stop and a start on the same data folder and URL. */
  restart(): Promise<Restart>;
}

export interface Restart {
  /** From asking the server to stop until it exited (its close writes the checkpoint). */
  readonly closeMs: number;
  /** From starting the new server until it listens (a process start and the graph read back). */
  readonly startMs: number;
  /** What the new server logged while starting (how it read the graph back). */
  readonly log: string;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Rebuilds dist/cli.js when missing or older than src/; keeps the old build if that fails. */
export function ensureBuild(): string | undefined {
  if (existsSync(cliPath) && statSync(cliPath).mtimeMs >= newestMtime(join(repoRoot, 'src')))
    return undefined;
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status === 0) return undefined;
  if (!existsSync(cliPath)) throw new Error(`build failed: ${build.stderr}`);
  return `build failed, benchmarking the previous dist/cli.js: ${build.stderr.split('\n')[0] ?? ''}`;
}

const listening = /^gwb serve: listening on (http:\/\/\S+) /m;

interface Child {
  readonly url: string;
  readonly pid: number;
  stderr(): string;
  /** SIGTERM (SIGKILL after 2 minutes); resolves once it exited. */
  stop(): Promise<void>;
}

async function spawnServe(
  dir: string,
  port: number,
  nodeArgs: readonly string[],
  serveArgs: readonly string[],
): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      cliPath,
      'serve',
      '--port',
      String(port),
      '--data',
      dir,
      '--max-body-mb',
      '1024',
      ...serveArgs,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`gwb serve did not start: ${stderr}`)),
      120_000,
    );
    const check = () => {
      const found = listening.exec(stdout);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`gwb serve exited before listening: ${stderr}`));
    });
  });
  return {
    url,
    pid: child.pid ?? 0,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // A clean stop writes the checkpoint: about 2 s at size L, more on a loaded machine.
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', kill);
    },
  };
}

/** `node [nodeArgs] dist/cli.js serve --port 0 --data <tmp> [serveArgs]`; resolves once it listens. */
export async function startServeChild(
  nodeArgs: readonly string[] = [],
  serveArgs: readonly string[] = [],
): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-bench-'));
  let child = await spawnServe(dir, 0, nodeArgs, serveArgs);
  const port = Number(new URL(child.url).port);
  return {
    url: child.url,
    get pid() {
      return child.pid;
    },
    description: 'gwb serve (child process)',
    stop: async () => {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      let started = performance.now();
      await child.stop();
      const closeMs = performance.now() - started;
      started = performance.now();
      child = await spawnServe(dir, port, nodeArgs, serveArgs);
      return { closeMs, startMs: performance.now() - started, log: child.stderr() };
    },
  };
}

/**
 * Development aid: startServer() in this process with every handler that exists in src/server,
 * even those `gwb serve` does not wire up yet. Figures share the benchmark's event loop.
 */
export async function startInProcess(): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-bench-'));
  const { startServer } = await import('../../src/server/index.js');
  const { serviceHandlers } = await import('../../src/server/handlers/index.js');
  let log = '';
  const start = (port: number) =>
    startServer({
      dir,
      port,
      handlers: serviceHandlers,
      maxBodyBytes: 1024 * 1024 * 1024,
      log: { info: (line) => (log += `${line}\n`), error: () => undefined },
    });
  let server = await start(0);
  return {
    url: server.url,
    pid: process.pid,
    description: 'startServer() in-process with src/server/handlers (development)',
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      let started = performance.now();
      await server.close();
      const closeMs = performance.now() - started;
      log = '';
      started = performance.now();
      server = await start(Number(new URL(server.url).port));
      return { closeMs, startMs: performance.now() - started, log };
    },
  };
}
