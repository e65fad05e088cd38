// The README's token example ("Users, roles and tokens"), run as written by bash against a fresh
// `gwb serve --restpp-auth`: only the port changes to the test server's, and `gwb` is the built
// CLI. Every line must succeed; the REST++ read with the token answers JSON without error, and
// both `gwb repl --secret` and `gwb repl --token` show the user with its role.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwbPath, repoRoot } from '../../helpers/gwb.js';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';

let serve: GwbServe;
beforeAll(async () => {
  serve = await startGwbServe({ args: ['--restpp-auth'] });
}, 60_000);
afterAll(async () => {
  await serve?.stop();
});

/** The example's lines after `gwb serve` (which the test has started itself). */
function exampleScript(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('#### Users, roles and tokens');
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start))?.[1] ?? '';
  const lines = block.split('\n');
  expect(lines[0]).toMatch(/^gwb serve --restpp-auth/);
  return lines.slice(1).join('\n');
}

describe("the README's token example", () => {
  it('runs as written', () => {
    const script = exampleScript()
      .replaceAll('localhost:14240', `127.0.0.1:${serve.port}`)
      .replace(/^gwb /gm, `"${process.execPath}" "${gwbPath}" `);
    const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Successfully granted roles [querywriter] on graph club');
    expect(run.stdout).toContain('"error":false');
    const shown = run.stdout.match(/- Name: ann\n\s+- Graph 'club' Roles: querywriter/g) ?? [];
    expect(shown).toHaveLength(2);
  });
});
