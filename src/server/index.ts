// The embedded graph database service: startServer() owns a data folder (LOCK file), opens the
// engine and the users, and serves the catalogue's routes on the main listener and, when asked,
// on the legacy REST++ listener. `gwb serve` and the faces' in-process default both use it.
import { mkdir, open, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AccessStore, defaultPassword, superuserName } from './auth/access-store.js';
import { BasicAuthenticator } from './auth/basic-auth.js';
import { LoginThrottle, type ThrottleOptions } from './auth/throttle.js';
import { TokenService } from './auth/tokens.js';
import { Engine } from './engine/engine.js';
import { queryService } from './engine/queries/service.js';
import { loadUdfModule, UdfModuleError } from './engine/query/udf/index.js';
import {
  defaultMaxConcurrentQueries,
  defaultMaxDelayQueueSize,
} from './engine/queries/workload.js';
import { serviceHandlers } from './handlers/index.js';
import type { HandlerMap, ServerHooks } from './http/context.js';
import type { DispatchState } from './http/dispatch.js';
import { isLoopback } from './http/host-check.js';
import { defaultMaxBodyBytes } from './http/limits.js';
import { stderrLogger, type Logger } from './http/log.js';
import { buildRouteTable, unsupportedOperations } from './http/route-table.js';
import { Router } from './http/router.js';
import { monitorOf } from './metrics/monitor.js';
import { enableDataSourceLoading } from './datasources/loading.js';
import { keepGraphRecordsInStep } from './graph-records.js';
import { listen, type HttpListener } from './http/server.js';
import { processAlive } from '../core/process-alive.js';

export const defaultHost = '127.0.0.1';
export const defaultPort = 14240;

export interface ServerOptions {
  readonly dir: string;
  readonly host?: string;
  /** 0 picks a free port. Default 14240. */
  readonly port?: number;
  /** The legacy REST++ listener (port 9000 form); off unless given. */
  readonly restppPort?: number;
  readonly maxBodyBytes?: number;
  /** Sets the superuser's password (stored hashed in the data folder). */
  readonly password?: string;
  /**
   * Require tokens (or Basic credentials) on REST++ endpoints. Default: off on a loopback
   * address, on beyond it; false beyond loopback is refused (GWB-OPEN-RESTPP).
   */
  readonly restppAuth?: boolean;
  /** Folders local-file loading may read from; default the working directory. */
  readonly allowFiles?: readonly string[];
  /** JavaScript modules whose exported functions become UDFs (`gwb serve --udf`). */
  readonly udfModules?: readonly string[];
  /** Queries running at once (RESTPP.WorkLoadManager.MaxConcurrentQueries); default 50. */
  readonly maxConcurrentQueries?: number;
  /** Queries waiting beyond that (RESTPP.WorkLoadManager.MaxDelayQueueSize); default 200. */
  readonly maxDelayQueueSize?: number;
  /** Memory budget of one query run in bytes; default defaultQueryMemoryBytes() (1 GiB). */
  readonly queryMemoryBytes?: number;
  /** The handlers by operation name; default: every handler of the embedded service. */
  readonly handlers?: HandlerMap;
  readonly hooks?: ServerHooks;
  /** Failed-login throttling (free attempts, backoff); default 5 per user, 20 per address. */
  readonly loginThrottle?: ThrottleOptions;
  /** Stop gracefully on SIGINT and SIGTERM (the foreground `gwb serve`). */
  readonly handleSignals?: boolean;
  /** How often the metrics are measured (ms); default 60 s, as the real service. */
  readonly metricsIntervalMs?: number;
  /** How long in-flight requests may finish on close (ms). */
  readonly shutdownGraceMs?: number;
  readonly log?: Logger;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly restppPort: number | undefined;
  readonly engine: Engine;
  readonly dir: string;
  /** Catalogued operations served without a handler yet (they answer 501), by name. */
  readonly unsupported: readonly string[];
  close(): Promise<void>;
}

/** A reason the service cannot start, with a stable code; `gwb serve` exits 2 on it. */
export class StartupError extends Error {
  constructor(
    readonly code:
      'GWB-LOCKED' | 'GWB-DEFAULT-PASSWORD' | 'GWB-OPEN-RESTPP' | 'GWB-LISTEN' | 'GWB-UDF',
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The owner's pid: the first line of LOCK (the second, once listening, is the server's URL). */
function lockPid(text: string): number {
  return Number(text.split('\n')[0]?.trim());
}

/** Adds the URL to our LOCK once listening, so a face can find the server owning the folder. */
async function announceUrl(dir: string, url: string): Promise<void> {
  await writeFile(join(dir, 'LOCK'), `${process.pid}\n${url}\n`, 'utf8');
}

/** Takes `<dir>/LOCK` (created with `wx`, holding our pid); a dead owner's lock is taken over. */
async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const file = join(dir, 'LOCK');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o644);
      try {
        await handle.writeFile(`${process.pid}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return async () => {
        const owner = await readFile(file, 'utf8').catch(() => '');
        if (lockPid(owner) === process.pid) await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // removed meanwhile: try again
    const pid = lockPid(text);
    if (Number.isSafeInteger(pid) && pid > 0) {
      if (processAlive(pid)) {
        throw new StartupError('GWB-LOCKED', `data folder ${dir} is in use by process ${pid}`);
      }
    } else {
      // An owner between creating the file and writing its pid: give it a moment.
      const age = Date.now() - (await stat(file).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
      if (age < 5_000) {
        throw new StartupError('GWB-LOCKED', `data folder ${dir} is in use by another process`);
      }
    }
    // Stale: its owner is gone. Re-read right before removing, so a new owner's lock survives.
    const again = await readFile(file, 'utf8').catch(() => undefined);
    if (again === text) await unlink(file).catch(() => undefined);
  }
  throw new StartupError('GWB-LOCKED', `data folder ${dir}: cannot take its LOCK file`);
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Whether the superuser still has the default password (checked before binding openly). */
async function usesDefaultPassword(users: AccessStore, password: string | undefined) {
  if (password !== undefined) return password === defaultPassword;
  return (await users.verify(superuserName, defaultPassword)) !== undefined;
}

/** Loads the `--udf` modules into the engine's UDF registry; a bad module refuses the start. */
async function addUdfModules(engine: Engine, files: readonly string[]): Promise<void> {
  for (const file of files) {
    try {
      queryService(engine).udfs.add(await loadUdfModule(file));
    } catch (error) {
      if (error instanceof UdfModuleError) throw new StartupError('GWB-UDF', error.message);
      throw error;
    }
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const dir = resolve(options.dir);
  const host = options.host ?? defaultHost;
  const log = options.log ?? stderrLogger();
  await mkdir(dir, { recursive: true });
  const release = await acquireLock(dir);
  const cleanups: (() => Promise<void>)[] = [release];
  const undo = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const engine = await Engine.open({ dir, log: (line) => log.info(line) });
    cleanups.push(() => engine.close());
    const monitor = monitorOf(engine, { intervalMs: options.metricsIntervalMs });
    await monitor.start();
    cleanups.push(() => Promise.resolve(monitor.stop()));
    enableDataSourceLoading(engine);
    await keepGraphRecordsInStep(engine);
    const users = await AccessStore.open(engine.records, dir, {
      graphExists: (graph) => engine.catalog.graphs.some((g) => g.name === graph),
    });
    if (options.password !== undefined && !(await users.verify(superuserName, options.password))) {
      await users.setPassword(superuserName, options.password);
    }
    if (!isLoopback(host) && (await usesDefaultPassword(users, options.password))) {
      throw new StartupError(
        'GWB-DEFAULT-PASSWORD',
        `refusing to listen on ${host}, a non-loopback address, while the superuser ` +
          `${superuserName} has the default password; set one with --password or GWB_PASSWORD`,
      );
    }
    if (!isLoopback(host) && options.restppAuth === false) {
      throw new StartupError(
        'GWB-OPEN-RESTPP',
        `refusing to listen on ${host}, a non-loopback address, with REST++ authentication off: ` +
          `the data plane would be open to anyone; leave it on (the default beyond loopback)`,
      );
    }
    await addUdfModules(engine, options.udfModules ?? []);
    queryService(engine).workload.configure({
      maxConcurrent: options.maxConcurrentQueries ?? defaultMaxConcurrentQueries,
      maxDelayQueue: options.maxDelayQueueSize ?? defaultMaxDelayQueueSize,
    });
    queryService(engine).memoryLimitBytes = options.queryMemoryBytes;
    const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
    const listeners: HttpListener[] = [];
    const info = {
      startedAt: new Date(),
      host,
      port: 0,
      restppPort: undefined as number | undefined,
      allowFiles: (options.allowFiles ?? [process.cwd()]).map((f) => resolve(f)),
      maxBodyBytes,
    };
    const routes = buildRouteTable();
    const handlers: HandlerMap = options.handlers ?? serviceHandlers;
    const basic = new BasicAuthenticator(users, new LoginThrottle(options.loginThrottle));
    const tokens = new TokenService(users);
    // Beyond loopback every plane needs credentials: the data plane (upsert, delete, /ddl,
    // abort) would otherwise be open to anyone who can reach the address.
    const restppAuth = options.restppAuth ?? !isLoopback(host);
    const state: DispatchState = {
      router: new Router(routes),
      handlers,
      engine,
      auth: { basic, tokens, access: users },
      access: { store: users, tokens, basic, restppAuth },
      restppAuth,
      maxBodyBytes,
      hooks: options.hooks ?? {},
      info,
      log,
    };
    const grace = options.shutdownGraceMs ?? 5_000;
    cleanups.push(async () => {
      await Promise.all(listeners.map((l) => l.close(grace)));
    });
    const bind = async (kind: 'main' | 'restpp', port: number) => {
      try {
        const listener = await listen(state, kind, host, port);
        listeners.push(listener);
        return listener.port;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StartupError('GWB-LISTEN', `cannot listen on ${host}:${port}: ${reason}`);
      }
    };
    info.port = await bind('main', options.port ?? defaultPort);
    if (options.restppPort !== undefined)
      info.restppPort = await bind('restpp', options.restppPort);

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        await undo();
      })();
      return closing;
    };
    const onSignal = (signal: NodeJS.Signals) => {
      log.info(`${signal}: shutting down`);
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error('shutdown failed', error);
          process.exit(1);
        },
      );
    };
    if (options.handleSignals) {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    const url = `http://${urlHost(host)}:${info.port}`;
    await announceUrl(dir, url);
    return {
      url,
      port: info.port,
      restppPort: info.restppPort,
      engine,
      dir,
      unsupported: unsupportedOperations((name) => Object.hasOwn(handlers, name), routes),
      close,
    };
  } catch (error) {
    await undo();
    throw error;
  }
}

export type { Handler, HandlerMap, Reply, RequestContext, ServerHooks } from './http/context.js';
export type { AuthenticatedUser, TokenVerifier } from './auth/types.js';
