// Named connection profiles: `$XDG_CONFIG_HOME/gwb/profiles.json` (or ~/.config/gwb), an object of
// profile name -> {url, graph, user, password, token, secret}. `--profile NAME` (or GWB_PROFILE)
// picks one; flags and environment variables given explicitly win over the profile's values.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { ConnectionFlags } from './connection-options.js';

const profileSchema = z
  .object({
    url: z.string().url().optional(),
    graph: z.string().min(1).optional(),
    user: z.string().min(1).optional(),
    password: z.string().optional(),
    token: z.string().min(1).optional(),
    secret: z.string().min(1).optional(),
  })
  .strict();

const fileSchema = z.record(z.string(), profileSchema);

export class ProfileError extends Error {
  readonly code = 'GWB-PROFILE';
}

export function profilesPath(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== ''
      ? env.XDG_CONFIG_HOME
      : join(homedir(), '.config');
  return join(base, 'gwb', 'profiles.json');
}

/** The flags with the named profile's values filled in where no flag was given. */
export async function withProfile(
  flags: ConnectionFlags & { profile?: string },
  path = profilesPath(),
): Promise<ConnectionFlags> {
  if (flags.profile === undefined) return flags;
  const text = await readFile(path, 'utf8').catch(() => {
    throw new ProfileError(`profile ${flags.profile}: no profile file at ${path}`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProfileError(`${path} is not valid JSON`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProfileError(
      `${path}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`,
    );
  }
  const profile = parsed.data[flags.profile];
  if (!profile)
    throw new ProfileError(
      `profile ${flags.profile} is not in ${path} (known: ${Object.keys(parsed.data).join(', ') || 'none'})`,
    );
  return {
    ...profile,
    ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)),
  };
}
