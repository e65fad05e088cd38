// `gwb check` as a real process: build dist/ (when stale), run it on files, look at output and
// exit code.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LDBC_TIGERGRAPH, ldbcGsqlFiles } from '../../ldbc/paths.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let dir = '';

function gwbCheck(...files: string[]): { code: number | null; stdout: string } {
  const run = spawnSync(process.execPath, ['dist/cli.js', 'check', ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout };
}

/**
 * Builds dist/ unless it is newer than every source file: `npm test` builds first, and other
 * test files may be running dist/cli.js at the same time, so it is only rewritten when stale.
 */
function ensureFreshBuild(): void {
  const cli = join(root, 'dist', 'cli.js');
  const built = existsSync(cli) ? statSync(cli).mtimeMs : 0;
  const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' });
  const stale = sources.some((f) => statSync(join(root, 'src', f)).mtimeMs > built);
  if (stale) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}

beforeAll(() => {
  ensureFreshBuild();
  dir = mkdtempSync(join(tmpdir(), 'gwb-check-'));
  writeFileSync(join(dir, 'good.gsql'), 'USE GRAPH Social\nCREATE QUERY q() {\n  PRINT 1;\n}\n');
  writeFileSync(join(dir, 'bad.gsql'), 'CREATE QUERY q(INT a\n  {\n  PRINT a;\n}\n');
  writeFileSync(join(dir, 'open.gsql'), 'CREATE QUERY q() {\n  PRINT 1;\n');
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('gwb check', () => {
  it('prints nothing and exits 0 for a clean file', () => {
    expect(gwbCheck(join(dir, 'good.gsql'))).toEqual({ code: 0, stdout: '' });
  });

  it('prints file:line:col: severity: message and exits 1 on an error', () => {
    const file = join(dir, 'bad.gsql');
    expect(gwbCheck(file)).toEqual({
      code: 1,
      stdout: `${file}:2:3: error: expected ')' but found '{'\n`,
    });
  });

  it('checks every file and fails if any has an error', () => {
    const good = join(dir, 'good.gsql');
    const open = join(dir, 'open.gsql');
    const result = gwbCheck(good, open);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${open}:3:1: error: expected '}' but found end of input\n`);
  });

  it('reports a file it cannot read', () => {
    const missing = join(dir, 'missing.gsql');
    expect(gwbCheck(missing)).toEqual({
      code: 1,
      stdout: `${missing}:1:1: error: cannot read file (ENOENT)\n`,
    });
  });
});

describe('gwb check warnings', () => {
  it('prints warnings but exits 0 when there is no error', () => {
    const file = join(dir, 'warn.gsql');
    writeFileSync(file, 'CREATE QUERY q() {\n  @@n += 1;\n}\n');
    expect(gwbCheck(file)).toEqual({
      code: 0,
      stdout: `${file}:2:3: warning: accumulator @@n is not declared in this query\n`,
    });
  });
});

describe('gwb check on the LDBC SNB BI workload', () => {
  it('is clean on every .gsql file: schema, loading jobs, both query syntaxes, batches', () => {
    const files = ldbcGsqlFiles().map((f) => join(LDBC_TIGERGRAPH, f));
    expect(files.length).toBeGreaterThanOrEqual(56);
    expect(gwbCheck(...files)).toEqual({ code: 0, stdout: '' });
  });
});
