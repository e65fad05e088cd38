// The control plane's authentication: API keys sent as `Authorization: Bearer <key>`. The key is
// given (--api-key / GWB_CLOUD_API_KEY) or generated once and kept in the data folder's api-key
// file (mode 0600). Keys are compared in constant time.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

export async function loadApiKey(file: string, given: string | undefined): Promise<string> {
  if (given !== undefined && given !== '') return given;
  const stored = await readFile(file, 'utf8').catch(() => undefined);
  if (stored !== undefined && stored.trim() !== '') return stored.trim();
  const key = `gwbk_${randomBytes(24).toString('base64url')}`;
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

/** Whether an Authorization header carries the key as a bearer token. */
export function authorised(header: string | undefined, key: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(key);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
