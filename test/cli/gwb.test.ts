// The `gwb` command as a real child process: help, version, and the plain exit 2 of subcommands
// whose issue has not landed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot, runGwb } from '../helpers/gwb.js';

const pkg = JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as { version: string };

describe('gwb', () => {
  it('--help lists every subcommand of DESIGN.md', () => {
    const run = runGwb(['--help']);
    expect(run.status).toBe(0);
    for (const sub of ['repl', 'notebook', 'mcp', 'serve', 'check']) {
      expect(run.stdout).toMatch(new RegExp(`^\\s+${sub}\\b`, 'm'));
    }
  });

  it('--version prints the package version', () => {
    const run = runGwb(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });

  it('subcommand help shows the common connection flags', () => {
    const run = runGwb(['serve', '--help']);
    expect(run.status).toBe(0);
    for (const flag of [
      '--url',
      '--graph',
      '--user',
      '--password',
      '--token',
      '--secret',
      '--data',
      '--port',
      '--restpp-port',
    ]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it('an unknown subcommand or flag is an error with usage', () => {
    const run = runGwb(['serve', '--no-such-flag']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("unknown option '--no-such-flag'");
  });
});
