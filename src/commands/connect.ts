// How a face reaches its server (DESIGN.md, "The command line"): --url names any server; without
// it, the embedded default for the data folder: the `gwb` server that owns the folder (its LOCK
// file names its URL) if one is running, otherwise one started in this process. Faces get a
// connection profile and never touch the engine.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphClient, type ConnectionProfile } from '../core/client/index.js';
import { startServer, type RunningServer } from '../server/index.js';
import type { ConnectionFlags } from './connection-options.js';
import { withProfile } from './profiles.js';
import { defaultDataDir } from './serve.js';

export interface FaceConnection {
  readonly profile: ConnectionProfile;
  /** How the server was reached, for the faces' "connected to ..." line. */
  readonly via: 'url' | 'running-default' | 'in-process';
  /** Stops the in-process server, if this connection started one. */
  close(): Promise<void>;
}

const defaultUser = 'tigergraph';
const defaultPassword = 'tigergraph';

function credentials(flags: ConnectionFlags) {
  const user =
    flags.user ??
    (flags.token === undefined && flags.secret === undefined ? defaultUser : undefined);
  return {
    ...(user !== undefined ? { username: user, password: flags.password ?? defaultPassword } : {}),
    ...(flags.token !== undefined ? { token: flags.token } : {}),
    ...(flags.secret !== undefined ? { secret: flags.secret } : {}),
    ...(flags.graph !== undefined ? { graph: flags.graph } : {}),
  };
}

/** The URL of the live server owning `dir`, from its LOCK file, when it answers a ping. */
export async function runningServerUrl(dir: string): Promise<string | undefined> {
  const text = await readFile(join(dir, 'LOCK'), 'utf8').catch(() => undefined);
  const [pidText, url] = (text ?? '').split('\n');
  const pid = Number(pidText);
  if (!url || !Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const client = new GraphClient({ url });
  try {
    await client.call('ping', {}, { signal: AbortSignal.timeout(2_000) });
    return url;
  } catch {
    return undefined;
  } finally {
    await client.close();
  }
}

export async function connect(given: ConnectionFlags): Promise<FaceConnection> {
  const flags = await withProfile(given);
  if (flags.url !== undefined) {
    return {
      profile: { url: flags.url, ...credentials(flags) },
      via: 'url',
      close: async () => undefined,
    };
  }
  const dir = flags.data ?? defaultDataDir();
  const running = await runningServerUrl(dir);
  if (running) {
    return {
      profile: { url: running, ...credentials(flags) },
      via: 'running-default',
      close: async () => undefined,
    };
  }
  const port = flags.port === undefined ? undefined : Number(flags.port);
  const server: RunningServer = await startServer({ dir, ...(port !== undefined ? { port } : {}) });
  return {
    profile: { url: server.url, ...credentials(flags) },
    via: 'in-process',
    close: () => server.close(),
  };
}

/** Where the session is connected, for the greetings of the faces. */
export function describeConnection(connection: FaceConnection): string {
  const how =
    connection.via === 'in-process'
      ? 'embedded server started in this process'
      : connection.via === 'running-default'
        ? 'the running gwb server of the data folder'
        : 'server given by --url';
  return `${connection.profile.url} (${how})`;
}
