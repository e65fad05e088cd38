// The shared local server of a data folder, managed like a daemon (as pg_ctl or Jupyter's server
// are): the first face that needs the embedded default starts `gwb serve` as a detached background
// process on the folder, logging to `<dir>/gwb-serve.log`; every face then connects to it, and it
// outlives them until `gwb stop`. The folder's LOCK file (pid, then URL once listening; written by
// the server) is the pid file: a LOCK whose process is gone, or whose server does not answer, is
// stale, and is cleared here before a new server starts.
import { spawn } from 'node:child_process';
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GraphClient } from '../core/client/index.js';
import { processAlive } from '../core/process-alive.js';

export const lockFileName = 'LOCK';
export const logFileName = 'gwb-serve.log';

/** What the data folder's LOCK says about its server, checked against the process and a ping. */
export type LocalServerState =
  | { readonly state: 'none' }
  /** A LOCK just created whose owner has not written its pid yet. */
  | { readonly state: 'starting' }
  | { readonly state: 'running'; readonly pid: number; readonly url: string }
  /** The owner is alive but not listening yet (or no longer answers). */
  | { readonly state: 'unresponsive'; readonly pid: number; readonly url: string | undefined }
  | { readonly state: 'stale'; readonly pid: number | undefined; readonly reason: string };

export class LocalServerError extends Error {
  constructor(
    readonly code: 'GWB-LOCAL-SERVER-START' | 'GWB-LOCAL-SERVER-STOP',
    message: string,
  ) {
    super(message);
    this.name = 'LocalServerError';
  }
}

async function answersPing(url: string): Promise<boolean> {
  const client = new GraphClient({ url });
  try {
    await client.call('ping', {}, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

/** How long an empty LOCK counts as one being taken rather than one left behind. */
const freshLockMs = 2_000;

async function youngerThan(file: string, ms: number): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs < ms;
}

async function readLock(dir: string): Promise<string | undefined> {
  return readFile(join(dir, lockFileName), 'utf8').catch(() => undefined);
}

/** The state of the folder's server, from its LOCK file, the owner process and a ping. */
export async function localServerState(dir: string): Promise<LocalServerState> {
  const text = await readLock(dir);
  if (text === undefined) return { state: 'none' };
  const [pidText, urlText] = text.split('\n');
  const pid = Number(pidText?.trim());
  const url = urlText?.trim() || undefined;
  if (!Number.isSafeInteger(pid) || pid <= 0) {
    // A server writes its pid right after creating the file: a fresh empty LOCK is being taken.
    const empty = text.trim() === '';
    if (empty && (await youngerThan(join(dir, lockFileName), freshLockMs))) {
      return { state: 'starting' };
    }
    return { state: 'stale', pid: undefined, reason: 'the LOCK file names no process' };
  }
  if (!processAlive(pid)) return { state: 'stale', pid, reason: `process ${pid} is gone` };
  if (url !== undefined && pid !== process.pid && (await answersPing(url))) {
    return { state: 'running', pid, url };
  }
  return { state: 'unresponsive', pid, url };
}

/** Removes a stale LOCK, re-reading it first so that a new owner's lock survives. */
export async function clearStaleLock(dir: string): Promise<boolean> {
  const before = await readLock(dir);
  if (before === undefined) return false;
  const state = await localServerState(dir);
  if (state.state !== 'stale') return false;
  if ((await readLock(dir)) !== before) return false;
  await unlink(join(dir, lockFileName)).catch(() => undefined);
  return true;
}

/** How to run this `gwb`: the bundle itself, or the sources through tsx (development, tests). */
function gwbCommand(): string[] {
  const self = fileURLToPath(import.meta.url);
  if (self.endsWith('.js')) return [self];
  const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
  return ['--import', import.meta.resolve('tsx'), cli];
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function logTail(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-3).join('\n');
}

export interface StartedServer {
  readonly pid: number;
  readonly url: string;
  /** Whether this call started it (false: another face started it meanwhile). */
  readonly started: boolean;
  readonly log: string;
}

/**
 * Starts `gwb serve --data DIR` detached (its own session, output appended to the folder's log),
 * and waits until the folder's server answers. Two faces starting at once end on one server: the
 * second `gwb serve` is refused the LOCK and this waits for the first.
 */
export async function startLocalServer(
  dir: string,
  options: { port?: string; timeoutMs?: number } = {},
): Promise<StartedServer> {
  await mkdir(dir, { recursive: true });
  await clearStaleLock(dir);
  const log = join(dir, logFileName);
  const out = await open(log, 'a', 0o644);
  let exited: number | null | undefined;
  let pid: number | undefined;
  try {
    await out.write(
      `--- ${new Date().toISOString()} started by ${process.argv.slice(1, 3).join(' ')}\n`,
    );
    const child = spawn(
      process.execPath,
      [...gwbCommand(), 'serve', '--data', dir, ...(options.port ? ['--port', options.port] : [])],
      { detached: true, stdio: ['ignore', out.fd, out.fd], env: process.env },
    );
    pid = child.pid;
    child.once('exit', (code) => (exited = code));
    child.once('error', () => (exited = -1));
    child.unref();
  } finally {
    await out.close();
  }
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let settledFailures = 0;
  while (Date.now() < deadline) {
    const state = await localServerState(dir);
    if (state.state === 'running') {
      return { pid: state.pid, url: state.url, started: state.pid === pid, log };
    }
    // Our server gave up and, checked twice 100 ms apart, nobody else owns the folder (a face
    // starting at the same time may have won the LOCK and be between its steps): say why.
    const nobody = state.state === 'none' || state.state === 'stale';
    settledFailures = exited !== undefined && nobody ? settledFailures + 1 : 0;
    if (settledFailures >= 3) {
      throw new LocalServerError(
        'GWB-LOCAL-SERVER-START',
        `the local gwb server for ${dir} did not start (exit ${String(exited)}); ${log}:\n` +
          (await logTail(log)),
      );
    }
    await sleep(100);
  }
  throw new LocalServerError(
    'GWB-LOCAL-SERVER-START',
    `the local gwb server for ${dir} did not answer within ${(options.timeoutMs ?? 30_000) / 1000} s; ` +
      `see ${log}`,
  );
}

/** Stops the folder's server (SIGTERM, then waits for its exit); answers its pid, if one ran. */
export async function stopLocalServer(
  dir: string,
  timeoutMs = 15_000,
): Promise<{ pid: number } | { stale: boolean } | undefined> {
  let state = await localServerState(dir);
  // A server taking the LOCK writes its pid at once: wait for it rather than miss it.
  for (let i = 0; state.state === 'starting' && i < 30; i++) {
    await sleep(100);
    state = await localServerState(dir);
  }
  if (state.state === 'none' || state.state === 'starting') return undefined;
  if (state.state === 'stale') return { stale: await clearStaleLock(dir) };
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    return { stale: await clearStaleLock(dir) };
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(state.pid)) return { pid: state.pid };
    await sleep(100);
  }
  throw new LocalServerError(
    'GWB-LOCAL-SERVER-STOP',
    `the local gwb server (process ${state.pid}) did not stop within ${timeoutMs / 1000} s`,
  );
}
