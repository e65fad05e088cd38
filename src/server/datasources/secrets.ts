// Data-source secrets at rest: each secret value (S3 secret keys, passwords, private keys) is
// sealed with AES-256-GCM under a key kept in the data folder's `datasource.key` (created on
// first use, readable by the owner only), so the log of record never holds them in clear; a
// copy of the store alone reveals nothing. They are opened only to reach the source.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSourceError, DataSourceErrorCodes } from './errors.js';

export interface Sealed {
  readonly iv: string;
  readonly tag: string;
  readonly data: string;
}

const keys = new Map<string, Buffer>();

function keyOf(dir: string): Buffer {
  const cached = keys.get(dir);
  if (cached) return cached;
  const file = join(dir, 'datasource.key');
  let key: Buffer;
  try {
    key = readFileSync(file);
  } catch {
    key = randomBytes(32);
    try {
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    } catch {
      key = readFileSync(file); // made meanwhile
    }
    chmodSync(file, 0o600);
  }
  if (key.length !== 32) {
    throw new DataSourceError(DataSourceErrorCodes.invalid, `${file} is not a 32-byte key`);
  }
  keys.set(dir, key);
  return key;
}

export function seal(dir: string, text: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(dir), iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function unseal(dir: string, sealed: Sealed): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(dir), Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.data, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new DataSourceError(
      DataSourceErrorCodes.invalid,
      "a data-source secret cannot be opened: the data folder's datasource.key has changed",
    );
  }
}
