// Users of the embedded service in `<data>/users.json`: name, superuser flag and a salted scrypt
// hash. Written atomically (temp file, fsync, rename) so a crash never leaves half a file. The
// superuser `tigergraph` exists from the start with the real service's default password.
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { hashPassword, verifyPassword, type PasswordHash } from './password.js';

export const superuserName = 'tigergraph';
export const defaultPassword = 'tigergraph';

export interface StoredUser {
  readonly name: string;
  readonly superuser: boolean;
  readonly password: PasswordHash;
  readonly createdAt: string;
}

interface UsersFile {
  readonly version: 1;
  readonly users: StoredUser[];
}

export class UserStore {
  private users = new Map<string, StoredUser>();
  private readonly listeners: (() => void)[] = [];

  private constructor(private readonly file: string) {}

  /** Opens `<dir>/users.json`, creating it with the superuser when absent. */
  static async open(dir: string): Promise<UserStore> {
    const store = new UserStore(join(dir, 'users.json'));
    let text: string | undefined;
    try {
      text = await readFile(store.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text === undefined) {
      const user: StoredUser = {
        name: superuserName,
        superuser: true,
        password: await hashPassword(defaultPassword),
        createdAt: new Date().toISOString(),
      };
      store.users.set(user.name, user);
      await store.save();
    } else {
      let parsed: UsersFile;
      try {
        parsed = JSON.parse(text) as UsersFile;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${store.file} is not a valid users file: ${reason}`);
      }
      for (const user of parsed.users) store.users.set(user.name, user);
    }
    return store;
  }

  get(name: string): StoredUser | undefined {
    return this.users.get(name);
  }

  /** The user when the password matches, else undefined (unknown users cost the same time). */
  async verify(name: string, password: string): Promise<StoredUser | undefined> {
    const user = this.users.get(name);
    const ok = await verifyPassword(password, user?.password ?? dummyHash());
    return ok && user ? user : undefined;
  }

  async setPassword(name: string, password: string): Promise<void> {
    const user = this.users.get(name);
    if (!user) throw new Error(`no user ${name}`);
    this.users.set(name, { ...user, password: await hashPassword(password) });
    await this.save();
    for (const listener of this.listeners) listener();
  }

  /** Called after any password change (the verification cache drops its entries). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private async save(): Promise<void> {
    const body: UsersFile = { version: 1, users: [...this.users.values()] };
    const temp = `${this.file}.${process.pid}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(body, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}

let dummy: PasswordHash | undefined;
/** A fixed hash to verify against for unknown users, so timing does not reveal user names. */
function dummyHash(): PasswordHash {
  dummy ??= {
    algorithm: 'scrypt',
    N: 2 ** 15,
    r: 8,
    p: 1,
    salt: Buffer.alloc(16).toString('base64'),
    hash: Buffer.alloc(64).toString('base64'),
  };
  return dummy;
}
