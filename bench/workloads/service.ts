// Starts the embedded service the way users run it: a `gwb serve` child process (dist/cli.js,
// rebuilt first when older than src/) on a free port with a fresh data folder, so the server
// does not share the benchmark's event loop. Optional node flags (e.g. --cpu-prof) and serve
// flags (e.g. --allow-files) pass through.
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

/** `node [nodeArgs] dist/cli.js serve --port 0 --data <tmp> [serveArgs]`; resolves once it listens. */
export async function startServeChild(
  nodeArgs: readonly string[] = [],
  serveArgs: readonly string[] = [],
): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-bench-'));
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      cliPath,
      'serve',
      '--port',
      '0',
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
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gwb serve did not start: ${stderr}`)), 20_000);
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => child.kill('SIGKILL'));
  return { url, pid: child.pid ?? 0, description: 'gwb serve (child process)', stop };
}

/**
 * Development aid: startServer() in this process with every handler that exists in src/server,
 * even those `gwb serve` does not wire up yet. Figures share the benchmark's event loop.
 */
export async function startInProcess(): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-bench-'));
  const { startServer } = await import('../../src/server/index.js');
  const { serviceHandlers } = await import('../../src/server/handlers/index.js');
  const server = await startServer({
    dir,
    port: 0,
    handlers: serviceHandlers,
    maxBodyBytes: 1024 * 1024 * 1024,
    log: { info: () => undefined, error: () => undefined },
  });
  return {
    url: server.url,
    pid: process.pid,
    description: 'startServer() in-process with src/server/handlers (development)',
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
