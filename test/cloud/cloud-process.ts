// Starts a real `gwb cloud` child (dist/cli.js) on a free port with its own data folder, waits
// for its listening line and hands back its URL, API key and a core client for document 3.
// kill() ends it with a signal and keeps the folder (restart tests); stop() ends it and, as a
// safety net, any workspace server still owning a database folder, then removes the folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { GraphClient } from '../../src/core/client/index.js';
import { gwbPath, repoRoot } from '../helpers/gwb.js';
import { childEnv, ensureFreshBuild } from '../helpers/serve.js';

const listening = /^gwb cloud: listening on (http:\/\/\S+) \(data: /m;

export interface GwbCloud {
  readonly url: string;
  readonly dir: string;
  readonly apiKey: string;
  readonly child: ChildProcess;
  /** A core client of the control plane, from `localAddress` when given. */
  client(localAddress?: string): GraphClient;
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** Pids of the workspace servers owning database folders under `dir` (their LOCK files). */
export function workspaceServerPids(dir: string): number[] {
  const databases = join(dir, 'databases');
  if (!existsSync(databases)) return [];
  const pids: number[] = [];
  for (const name of readdirSync(databases)) {
    const lock = join(databases, name, 'LOCK');
    if (existsSync(lock)) pids.push(Number(readFileSync(lock, 'utf8').split('\n')[0]));
  }
  return pids.filter((pid) => Number.isSafeInteger(pid) && pid > 0);
}

export async function startGwbCloud(existingDir?: string): Promise<GwbCloud> {
  ensureFreshBuild();
  const dir = existingDir ?? mkdtempSync(join(tmpdir(), 'gwb-cloud-'));
  const child = spawn(process.execPath, [gwbPath, 'cloud', '--port', '0', '--data', dir], {
    cwd: repoRoot,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gwb cloud did not start: ${stderr}`)), 30_000);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      const match = listening.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`gwb cloud exited: ${stderr}`));
    });
  });
  const apiKey = readFileSync(join(dir, 'api-key'), 'utf8').trim();
  const clients: GraphClient[] = [];
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    await Promise.all(clients.map((c) => c.close()));
  };
  return {
    url,
    dir,
    apiKey,
    child,
    client(localAddress) {
      const dispatcher = localAddress === undefined ? undefined : new Agent({ localAddress });
      const client = new GraphClient(
        { url, token: apiKey },
        { validateResults: true, ...(dispatcher ? { dispatcher } : {}) },
      );
      clients.push(client);
      return client;
    },
    kill,
    async stop() {
      await kill('SIGTERM');
      for (const pid of workspaceServerPids(dir)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
