// Starts a real `gwb notebook FILE --url URL` child process, reads the URL it prints (with the
// access token), and offers a signed-in fetch for the page's API: the token exchanged for the
// session cookie exactly as a browser does, with the page's own Origin on every request.
import { spawn, type ChildProcess } from 'node:child_process';
import { gwbPath, repoRoot } from './gwb.js';
import { childEnv, ensureFreshBuild } from './serve.js';

export interface GwbNotebook {
  /** The printed URL, token included. */
  readonly url: string;
  readonly origin: string;
  readonly child: ChildProcess;
  /**
   * The token exchange, done once (the token works once): the answer's status, location and
   * Set-Cookie. Every later cookie() reuses its session.
   */
  exchange(): Promise<{ status: number; location: string | null; setCookie: string }>;
  /** The session cookie (`name=value`) after the token exchange. */
  cookie(): Promise<string>;
  /** A JSON API call with the cookie and Origin; answers status and the parsed body. */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  stderr(): string;
  stop(): Promise<void>;
}

export async function startGwbNotebook(options: {
  file: string;
  /** The server to use (--url); without it, the shared local server (give --data in args). */
  serverUrl?: string;
  cwd?: string;
  args?: readonly string[];
}): Promise<GwbNotebook> {
  ensureFreshBuild();
  const child = spawn(
    process.execPath,
    [
      gwbPath,
      'notebook',
      options.file,
      ...(options.serverUrl === undefined ? [] : ['--url', options.serverUrl]),
      ...(options.args ?? []),
    ],
    { cwd: options.cwd ?? repoRoot, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gwb notebook printed no URL; stderr:\n${out.stderr}`));
    }, 20_000);
    const check = () => {
      const found = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m.exec(out.stdout);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`gwb notebook exited before printing its URL; stderr:\n${out.stderr}`));
    });
  });
  const origin = new URL(url).origin;
  let exchanged: Promise<{ status: number; location: string | null; setCookie: string }>;
  const exchange = () => {
    exchanged ??= fetch(url, { redirect: 'manual' }).then((res) => ({
      status: res.status,
      location: res.headers.get('location'),
      setCookie: res.headers.get('set-cookie') ?? '',
    }));
    return exchanged;
  };
  const getCookie = async () => (await exchange()).setCookie.split(';')[0] ?? '';
  return {
    url,
    origin,
    child,
    exchange,
    cookie: getCookie,
    stderr: () => out.stderr,
    async api<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: {
          cookie: await getCookie(),
          origin,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the raw text is the body
      }
      return { status: res.status, body: parsed as T };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
