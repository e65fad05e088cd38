// FILE objects are checked on real paths (issue 16: a query's FILE output followed a symlink out
// of --allow-files, while loading checked the real path): a symlinked file or folder inside the
// allowed folder that points outside is refused with QUERY-FILE-DENIED and nothing is written
// there; a symlink that stays inside is fine.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSocial, runText, type Fixture } from './fixtures.js';

let fx: Fixture;
let root: string;
let allowed: string;
let outside: string;
beforeEach(async () => {
  fx = await openSocial();
  root = mkdtempSync(join(tmpdir(), 'gwb-file-symlinks-'));
  allowed = join(root, 'allowed');
  outside = join(root, 'outside');
  mkdirSync(allowed);
  mkdirSync(outside);
});
afterEach(async () => {
  await fx.close();
  rmSync(root, { recursive: true, force: true });
});

const write = (path: string) =>
  runText(
    fx,
    'CREATE QUERY q(STRING path) FOR GRAPH social { FILE f (path); f.println("secret", 1); }',
    { path },
    { allowedFileDirs: [allowed] },
  );

describe('FILE on real paths', () => {
  it('refuses a symlinked folder that leads out of the allowed folder', async () => {
    symlinkSync(outside, join(allowed, 'escape'));
    await expect(write(join(allowed, 'escape', 'out.csv'))).rejects.toMatchObject({
      code: 'QUERY-FILE-DENIED',
    });
    expect(existsSync(join(outside, 'out.csv'))).toBe(false);
  });

  it('refuses a symlinked file that leads out, leaving the target as it was', async () => {
    writeFileSync(join(outside, 'target.csv'), 'original\n');
    symlinkSync(join(outside, 'target.csv'), join(allowed, 'link.csv'));
    await expect(write(join(allowed, 'link.csv'))).rejects.toMatchObject({
      code: 'QUERY-FILE-DENIED',
    });
    expect(readFileSync(join(outside, 'target.csv'), 'utf8')).toBe('original\n');
  });

  it('writes through a symlink that stays inside', async () => {
    mkdirSync(join(allowed, 'real'));
    symlinkSync(join(allowed, 'real'), join(allowed, 'alias'));
    await write(join(allowed, 'alias', 'out.csv'));
    expect(readFileSync(join(allowed, 'real', 'out.csv'), 'utf8')).toBe('secret,1\n');
  });
});
