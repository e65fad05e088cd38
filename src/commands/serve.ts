// `gwb serve`: the embedded graph database service in the foreground. Prints one line when it
// listens (tests and scripts wait for it); exits 2 on a startup refusal (data folder in use,
// default password on a non-loopback address, bad flags).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import {
  defaultMaxConcurrentQueries,
  defaultMaxDelayQueueSize,
} from '../server/engine/queries/workload.js';
import { defaultThrottle } from '../server/auth/throttle.js';
import { startServer, StartupError } from '../server/index.js';
import type { ConnectionFlags } from './connection-options.js';

export interface ServeFlags extends ConnectionFlags {
  host?: string;
  restppAuth?: boolean;
  allowFiles?: string[];
  udf?: string[];
  maxBodyMb?: string;
  maxConcurrentQueries?: string;
  maxDelayQueue?: string;
  loginAttempts?: string;
  queryMemory?: string;
}

/** $XDG_DATA_HOME/gwb, or ~/.local/share/gwb. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_DATA_HOME;
  return xdg !== undefined && xdg !== ''
    ? join(xdg, 'gwb')
    : join(homedir(), '.local', 'share', 'gwb');
}

/** The serve-only flags, beside the common connection flags. */
export function addServeOptions(command: Command): Command {
  return command
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--restpp-auth',
        'require tokens on REST++ endpoints (always on with a non-loopback --host)',
      ),
    )
    .addOption(
      new Option(
        '--allow-files <dir>',
        'folder loading jobs may read (repeatable; default: cwd)',
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .addOption(
      new Option(
        '--udf <file>',
        'JavaScript module whose exported functions queries may call as UDFs (repeatable)',
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .addOption(
      new Option(
        '--max-body-mb <mb>',
        'largest request body in MB (Gateway.ClientMaxBodySize)',
      ).default('200'),
    )
    .addOption(
      new Option(
        '--max-concurrent-queries <n>',
        'queries running at once; more wait in the delay queue (MaxConcurrentQueries)',
      ).default(String(defaultMaxConcurrentQueries)),
    )
    .addOption(
      new Option(
        '--max-delay-queue <n>',
        'queries waiting for a slot; more are refused (MaxDelayQueueSize)',
      ).default(String(defaultMaxDelayQueueSize)),
    )
    .addOption(
      new Option(
        '--login-attempts <n>',
        'failed logins allowed per user (four times that per address) before waits double',
      ).default(String(defaultThrottle.freeAttempts)),
    )
    .addOption(
      new Option(
        '--query-memory <mb>',
        'memory budget of one query in MB; a query past it stops with SYS-0002 (default: 1024, or a quarter of the heap limit)',
      ),
    );
}

class UsageError extends Error {}

function portOf(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`${flag}: not a port: ${value}`);
  return port;
}

function bodyLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb <= 0 || mb > 1024) {
    throw new UsageError(
      `--max-body-mb: expected a size in MB above 0 and at most 1024, got ${value}`,
    );
  }
  return Math.floor(mb * 1024 * 1024);
}

function count(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || !Number.isSafeInteger(n)) {
    throw new UsageError(`${flag}: expected an integer of ${min} or more, got ${value}`);
  }
  return n;
}

function mebibytes(flag: string, value: string | undefined): number | undefined {
  const mb = count(flag, value, 1);
  return mb === undefined ? undefined : mb * 1024 * 1024;
}

export async function runServeCommand(flags: ServeFlags): Promise<void> {
  try {
    const dir = flags.data ?? defaultDataDir();
    const server = await startServer({
      dir,
      host: flags.host,
      port: portOf('--port', flags.port),
      restppPort: portOf('--restpp-port', flags.restppPort),
      password: flags.password,
      // Unset: on beyond loopback, off on it (startServer decides).
      restppAuth: flags.restppAuth === true ? true : undefined,
      allowFiles: flags.allowFiles,
      udfModules: flags.udf,
      maxBodyBytes: bodyLimit(flags.maxBodyMb),
      maxConcurrentQueries: count('--max-concurrent-queries', flags.maxConcurrentQueries, 1),
      maxDelayQueueSize: count('--max-delay-queue', flags.maxDelayQueue, 0),
      queryMemoryBytes: mebibytes('--query-memory', flags.queryMemory),
      loginThrottle: {
        ...defaultThrottle,
        freeAttempts:
          count('--login-attempts', flags.loginAttempts, 1) ?? defaultThrottle.freeAttempts,
      },
      handleSignals: true,
    });
    const legacy = server.restppPort === undefined ? '' : `; REST++ port ${server.restppPort}`;
    process.stdout.write(`gwb serve: listening on ${server.url} (data: ${server.dir}${legacy})\n`);
  } catch (error) {
    if (error instanceof StartupError || error instanceof UsageError) {
      const code = error instanceof StartupError ? ` [${error.code}]` : '';
      process.stderr.write(`gwb serve: ${error.message}${code}\n`);
      process.exit(2);
    }
    // Anything else (an unreadable data folder, a broken store): say what, exit 1.
    process.stderr.write(`gwb serve: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
