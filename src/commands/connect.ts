// How a face reaches its server (DESIGN.md, "The command line"): --url names any server; without
// it, the embedded default for the data folder: the shared local `gwb serve` that owns the folder
// (its LOCK file names its URL), started detached by the first face that needs it and left
// running for the others (local-server.ts). Faces get a connection profile and never touch the
// engine.
import { join, resolve } from 'node:path';
import type { ConnectionProfile } from '../core/client/index.js';
import type { ConnectionFlags } from './connection-options.js';
import { localServerState, logFileName, startLocalServer } from './local-server.js';
import { withProfile } from './profiles.js';
import { defaultDataDir } from './serve.js';

export interface FaceConnection {
  readonly profile: ConnectionProfile;
  /** How the server was reached, for the faces' "connected to ..." line. */
  readonly via: 'url' | 'running-default' | 'started-default';
  /** The local server's process and data folder (not for --url). */
  readonly local?: { readonly pid: number; readonly dir: string };
  /** Ends the connection; the shared local server keeps running. */
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
  const state = await localServerState(dir);
  return state.state === 'running' ? state.url : undefined;
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
  const dir = resolve(flags.data ?? defaultDataDir());
  const running = await localServerState(dir);
  if (running.state === 'running') {
    return {
      profile: { url: running.url, ...credentials(flags) },
      via: 'running-default',
      local: { pid: running.pid, dir },
      close: async () => undefined,
    };
  }
  const started = await startLocalServer(dir, flags.port === undefined ? {} : { port: flags.port });
  return {
    profile: { url: started.url, ...credentials(flags) },
    via: started.started ? 'started-default' : 'running-default',
    local: { pid: started.pid, dir },
    close: async () => undefined,
  };
}

/** Where the session is connected, for the greetings of the faces. */
export function describeConnection(connection: FaceConnection): string {
  const local = connection.local;
  if (local === undefined) return `${connection.profile.url} (server given by --url)`;
  const how =
    connection.via === 'started-default'
      ? 'started now in the background; it keeps running after this, `gwb stop` ends it'
      : 'already running';
  return (
    `${connection.profile.url} (local gwb server, pid ${local.pid}, data ${local.dir}, ` +
    `log ${join(local.dir, logFileName)}; ${how})`
  );
}
