// `gwb status` and `gwb stop`: the shared local server of a data folder, seen and ended from the
// command line (as `pg_ctl status` / `pg_ctl stop`). Exit codes of `status`: 0 running, 3 not
// running (the LSB convention pg_ctl follows); of `stop`: 0 stopped, 1 nothing was running.
import { join, resolve } from 'node:path';
import {
  clearStaleLock,
  localServerState,
  LocalServerError,
  logFileName,
  stopLocalServer,
} from './local-server.js';
import { defaultDataDir } from './serve.js';

export interface LocalServerFlags {
  data?: string;
}

export async function runStatusCommand(flags: LocalServerFlags): Promise<number> {
  const dir = resolve(flags.data ?? defaultDataDir());
  const log = join(dir, logFileName);
  const state = await localServerState(dir);
  switch (state.state) {
    case 'running':
      process.stdout.write(
        `gwb server: running on ${state.url} (pid ${state.pid}, data ${dir}, log ${log})\n`,
      );
      return 0;
    case 'starting':
      process.stdout.write(`gwb server: starting on ${dir}; log ${log}\n`);
      return 3;
    case 'unresponsive':
      process.stdout.write(
        `gwb server: process ${state.pid} owns ${dir} but does not answer` +
          `${state.url ? ` on ${state.url}` : ' (not listening yet)'}; log ${log}\n`,
      );
      return 3;
    case 'stale': {
      const cleared = await clearStaleLock(dir);
      process.stdout.write(
        `gwb server: not running (data ${dir}); a stale LOCK (${state.reason}) ` +
          `${cleared ? 'was cleared' : 'could not be cleared'}\n`,
      );
      return 3;
    }
    case 'none':
      process.stdout.write(
        `gwb server: not running (data ${dir}); the first gwb face to need it starts it\n`,
      );
      return 3;
  }
}

export async function runStopCommand(flags: LocalServerFlags): Promise<number> {
  const dir = resolve(flags.data ?? defaultDataDir());
  try {
    const stopped = await stopLocalServer(dir);
    if (stopped === undefined) {
      process.stdout.write(`gwb stop: no gwb server is running for ${dir}\n`);
      return 1;
    }
    if ('pid' in stopped) {
      process.stdout.write(`gwb stop: stopped the gwb server of ${dir} (pid ${stopped.pid})\n`);
      return 0;
    }
    process.stdout.write(
      `gwb stop: no gwb server is running for ${dir}` +
        `${stopped.stale ? '; a stale LOCK was cleared' : ''}\n`,
    );
    return 1;
  } catch (error) {
    const code = error instanceof LocalServerError ? ` [${error.code}]` : '';
    process.stderr.write(`gwb stop: ${(error as Error).message}${code}\n`);
    return 1;
  }
}
