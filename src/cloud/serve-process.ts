// One workspace's database: a `gwb serve` child process on a loopback port of its own and the
// database's data folder, started with the same node and entry as this `gwb` (so the built CLI
// and `node --import tsx src/cli.ts` both work). Its listening line gives its URL; its exit is
// reported through `exited`. A server left running by a control plane that was killed is adopted
// from the data folder's LOCK file (pid and URL) and watched by polling.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExitRecord } from './records.js';
import { processAlive } from '../core/process-alive.js';

export interface ServeProcess {
  readonly pid: number;
  /** Base URL of the workspace's own listener (loopback, behind the allow-list proxy). */
  readonly url: string;
  readonly port: number;
  /** Resolves when the process ends, whoever ended it. */
  readonly exited: Promise<ExitRecord>;
  /** SIGTERM, then SIGKILL after a grace; resolves once it is gone. */
  stop(): Promise<void>;
}

export interface ServeLaunch {
  readonly dataDir: string;
  readonly password: string;
  /** Where the child's output goes. */
  readonly logFile: string;
  /** The command starting `gwb`: [node, ...flags, entry]; default this process's own. */
  readonly command?: readonly string[];
}

const listening = /gwb serve: listening on (http:\/\/\S+)/;
const startTimeoutMs = 60_000;
const stopGraceMs = 10_000;

export class ServeStartError extends Error {}

function ownCommand(): string[] {
  return [process.execPath, ...process.execArgv, process.argv[1] ?? 'gwb'];
}

function childEnv(password: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // The control plane's own connection settings are not the workspace's.
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GWB_')) env[key] = value;
  }
  env.GWB_PASSWORD = password;
  return env;
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** Starts `gwb serve` on the data folder and resolves once it listens. */
export async function startServe(launch: ServeLaunch): Promise<ServeProcess> {
  const [node = process.execPath, ...args] = launch.command ?? ownCommand();
  const log = createWriteStream(launch.logFile, { flags: 'a' });
  const child = spawn(
    node,
    [...args, 'serve', '--data', launch.dataDir, '--host', '127.0.0.1', '--port', '0'],
    { env: childEnv(launch.password), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let tail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-2000);
  });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<ExitRecord>((resolve) => {
    child.once('exit', (code, signal) => {
      log.end();
      resolve({ Code: code, Signal: signal, At: new Date().toISOString() });
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new ServeStartError(`gwb serve did not listen within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      log.write(chunk);
      const match = listening.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(
        new ServeStartError(
          `gwb serve exited (code ${exit.Code}, signal ${exit.Signal}) before listening: ${tail.trim()}`,
        ),
      );
    });
  });
  const pid = child.pid ?? 0;
  return {
    pid,
    url,
    port: portOf(url),
    exited,
    stop: () => stopProcess(pid, exited),
  };
}

async function stopProcess(pid: number, exited: Promise<ExitRecord>): Promise<void> {
  if (!processAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  }, stopGraceMs);
  await exited;
  clearTimeout(timer);
}

/** A server still running on the data folder (its LOCK names a live pid and a URL), adopted. */
export async function adoptServe(dataDir: string): Promise<ServeProcess | undefined> {
  const text = await readFile(join(dataDir, 'LOCK'), 'utf8').catch(() => undefined);
  const [pidText, url] = (text ?? '').split('\n').map((s) => s.trim());
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !url || !processAlive(pid)) return undefined;
  const exited = new Promise<ExitRecord>((resolve) => {
    const timer = setInterval(() => {
      if (!processAlive(pid)) {
        clearInterval(timer);
        resolve({ Code: null, Signal: null, At: new Date().toISOString() });
      }
    }, 500);
    timer.unref();
  });
  return { pid, url, port: portOf(url), exited, stop: () => stopProcess(pid, exited) };
}
