// Runs the built `gwb` command (dist/cli.js) as a real child process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const gwbPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Builds dist/ when a test runs before `npm run build` (vitest run on its own). */
export function ensureBuilt(): void {
  if (existsSync(gwbPath)) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
}

export interface GwbRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runGwb(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {},
): GwbRun {
  ensureBuilt();
  const result = spawnSync(process.execPath, [gwbPath, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    input: options.input,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
