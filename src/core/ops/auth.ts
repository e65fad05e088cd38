// Authentication tokens (spec document 1): REST++ tokens from a secret or from credentials.
// The 4.x forms live on the GSQL server (/gsql/v1/tokens); the 3.x forms on REST++ (/requesttoken).
import { z } from 'zod';
import { defineOp } from './define.js';
import { jsonInt, qBool } from './shapes.js';

/** The token answer: 3.x puts `token` at top level, 4.x with credentials inside `results`. */
const tokenAnswer = z.looseObject({
  token: z.string().optional(),
  expiration: z.union([jsonInt, z.string()]).optional(),
  results: z.looseObject({ token: z.string().optional() }).optional(),
});

export const requestToken = defineOp('requestToken', {
  area: 'auth',
  summary: "Issues a REST++ token from a secret, or from the caller's credentials and a graph.",
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/tokens',
  legacyPath: '/requesttoken',
  legacyService: 'restpp',
  query: z.object({ allowExisting: qBool.optional() }),
  body: z
    .object({
      secret: z.string().min(1).optional(),
      graph: z.string().min(1).optional(),
      lifetime: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).optional(),
    })
    .refine((b) => b.secret !== undefined || b.graph !== undefined, {
      message: 'either secret or graph is required',
    }),
  result: tokenAnswer,
  unwrap: 'whole',
  readOnly: false,
});

export const refreshToken = defineOp('refreshToken', {
  area: 'auth',
  summary: "Extends a token's lifetime (3.x only; unavailable in 4.x).",
  method: 'PUT',
  service: 'restpp',
  path: '/requesttoken',
  legacyPath: '/requesttoken',
  legacyOnly: true,
  body: z.object({
    token: z.string().min(1),
    secret: z.string().optional(),
    lifetime: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).optional(),
  }),
  result: tokenAnswer,
  unwrap: 'whole',
  readOnly: false,
});

export const deleteToken = defineOp('deleteToken', {
  area: 'auth',
  summary: 'Deletes a token.',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/tokens',
  legacyPath: '/requesttoken',
  legacyService: 'restpp',
  body: z.object({ token: z.string().min(1), secret: z.string().optional() }),
  result: tokenAnswer,
  unwrap: 'whole',
  readOnly: false,
});

export const deleteExpiredTokens = defineOp('deleteExpiredTokens', {
  area: 'auth',
  summary: 'Removes expired tokens, all or those of the listed users and secrets (atomic).',
  method: 'DELETE',
  service: 'gsql',
  path: '/expiredtoken',
  legacyPath: '/expiredtoken',
  body: z
    .object({ user: z.array(z.string()).optional(), secret: z.array(z.string()).optional() })
    .optional(),
  result: z.unknown(),
  // No privilege for the endpoint as such: a user may always remove its own expired tokens, and
  // needs WRITE_USER only for other users' (spec), which depends on the body.
  readOnly: false,
});
