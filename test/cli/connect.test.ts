// The faces' default connection: a running `gwb serve` for the data folder is reused; --url is
// taken as given. Starting the shared local server when none runs is local-server.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/commands/connect.js';
import { startGwbServe } from '../helpers/serve.js';

describe('connect', () => {
  it('reuses the gwb serve that owns the data folder', async () => {
    const serve = await startGwbServe();
    const connection = await connect({ data: serve.dir });
    expect(connection.via).toBe('running-default');
    expect(connection.profile.url).toBe(serve.url);
    await connection.close();
    await serve.stop();
  });

  it('takes --url and credentials as given', async () => {
    const connection = await connect({
      url: 'http://db.example:14240',
      user: 'u',
      password: 'p',
      graph: 'g',
    });
    expect(connection).toMatchObject({
      via: 'url',
      profile: { url: 'http://db.example:14240', username: 'u', password: 'p', graph: 'g' },
    });
  });
});

describe('profiles', () => {
  it('fills unset flags from the named profile; given flags win', async () => {
    const { withProfile } = await import('../../src/commands/profiles.js');
    const dir = mkdtempSync(join(tmpdir(), 'gwb-profiles-'));
    const file = join(dir, 'profiles.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      file,
      JSON.stringify({
        prod: { url: 'https://db.example:14240', graph: 'social', user: 'ana', password: 'pw' },
      }),
    );
    expect(await withProfile({ profile: 'prod', graph: 'other' }, file)).toEqual({
      profile: 'prod',
      url: 'https://db.example:14240',
      graph: 'other',
      user: 'ana',
      password: 'pw',
    });
    await expect(withProfile({ profile: 'nope' }, file)).rejects.toMatchObject({
      code: 'GWB-PROFILE',
    });
    writeFileSync(file, JSON.stringify({ bad: { url: 'not a url' } }));
    await expect(withProfile({ profile: 'bad' }, file)).rejects.toThrow(/bad\.url/);
    rmSync(dir, { recursive: true, force: true });
  });
});
