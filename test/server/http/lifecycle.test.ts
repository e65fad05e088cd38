// The service's life as a process: one owner per data folder (LOCK with the pid; a second
// `gwb serve` exits 2 with GWB-LOCKED; a dead owner's lock is taken over), graceful stop on
// SIGTERM and SIGINT (LOCK removed), and no non-loopback bind while the default password is set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveUntilExit, startGwbServe } from '../../helpers/serve.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-life-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('data folder ownership', () => {
  it('writes LOCK with its pid and removes it on SIGTERM', async () => {
    const dir = tempDir();
    const server = await startGwbServe({ dir });
    // The pid, then the URL (so a face can find the server that owns the folder).
    expect(readFileSync(join(dir, 'LOCK'), 'utf8')).toBe(`${server.child.pid}\n${server.url}\n`);
    const exit = await server.kill('SIGTERM');
    expect(exit.code).toBe(0);
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
  });

  it('lets an in-flight request finish on SIGTERM', async () => {
    const server = await startGwbServe();
    const pending = fetch(`${server.url}/restpp/echo?sleep=1`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exiting = server.stop();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { message: string }).message).toBe('Hello GSQL');
    expect((await exiting).code).toBe(0);
    // No new connections once stopping.
    await expect(fetch(`${server.url}/api/ping`)).rejects.toThrow();
  });

  it('stops gracefully on SIGINT too', async () => {
    const dir = tempDir();
    const server = await startGwbServe({ dir });
    const exit = await server.kill('SIGINT');
    expect(exit.code).toBe(0);
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
  });

  it('refuses a second server on the same folder with GWB-LOCKED and exit code 2', async () => {
    const dir = tempDir();
    const first = await startGwbServe({ dir });
    try {
      const second = await serveUntilExit({ dir });
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`data folder ${dir} is in use by process ${first.child.pid}`);
      expect(second.stderr).toContain('GWB-LOCKED');
      // The first one is unharmed.
      expect((await fetch(`${first.url}/api/ping`)).status).toBe(200);
    } finally {
      await first.kill('SIGTERM');
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'LOCK'), `${deadPid()}\n`);
    const server = await startGwbServe({ dir });
    try {
      expect(readFileSync(join(dir, 'LOCK'), 'utf8').split('\n')[0]).toBe(String(server.child.pid));
    } finally {
      await server.kill('SIGTERM');
    }
  });
});

describe('binding beyond loopback', () => {
  it('is refused while the superuser has the default password', async () => {
    const exit = await serveUntilExit({ dir: tempDir(), args: ['--host', '0.0.0.0'] });
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('GWB-DEFAULT-PASSWORD');
    expect(exit.stderr).toContain('non-loopback');
  });

  it('is allowed with a password of its own', async () => {
    const server = await startGwbServe({ args: ['--host', '0.0.0.0', '--password', 'better'] });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/api/ping`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses bad flags with exit code 2', async () => {
    const exit = await serveUntilExit({ dir: tempDir(), args: ['--max-body-mb', 'lots'] });
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('--max-body-mb');
  });
});
