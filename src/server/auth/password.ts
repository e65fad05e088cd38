// Salted scrypt password hashes. N=2^15, r=8, p=1 needs 32 MiB, exactly Node's default maxmem,
// which Node refuses; maxmem is raised so the strong parameters are accepted.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface PasswordHash {
  readonly algorithm: 'scrypt';
  readonly N: number;
  readonly r: number;
  readonly p: number;
  /** base64 */
  readonly salt: string;
  /** base64 */
  readonly hash: string;
}

const params = { N: 2 ** 15, r: 8, p: 1 } as const;
const keyLength = 64;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params.N, params.r, params.p);
  return {
    algorithm: 'scrypt',
    ...params,
    salt: salt.toString('base64'),
    hash: key.toString('base64'),
  };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(
    password,
    Buffer.from(stored.salt, 'base64'),
    stored.N,
    stored.r,
    stored.p,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
