// Request bodies of document 3's endpoints as the control plane accepts them. The spec names the
// bodies but shows no fields; these follow the answers' PascalCase. A body that does not fit is
// refused with CLOUD-BAD-REQUEST naming the field, before anything changes.
import { z } from 'zod';
import { badRequest } from './errors.js';
import { scheduleActions } from './schedules.js';

const name = z.string().trim().min(1).max(100);
const timezone = z.string().min(1).optional();

export const workspaceSizes = ['TG-00', 'TG-0', 'TG-1', 'TG-2', 'TG-4', 'TG-6', 'TG-8', 'TG-16'];

export const createWorkgroupBody = z.object({
  Name: name,
  Region: z.string().min(1).optional(),
  CloudProvider: z.string().min(1).optional(),
});

export const updateWorkgroupBody = z.object({
  Name: name.optional(),
  Region: z.string().min(1).optional(),
});

export const allowedIpBody = z.object({
  IP: z.string(),
  Note: z.string().max(500).optional(),
});

const size = z.enum(workspaceSizes as [string, ...string[]]);

export const createWorkspaceBody = z.object({
  Name: name,
  Size: size.optional(),
  /** Run on an existing database of the workgroup (one without a workspace). */
  DatabaseID: z.string().min(1).optional(),
  /** Name of the new database otherwise (default: the workspace's name). */
  DatabaseName: name.optional(),
});

export const updateWorkspaceBody = z.object({ Name: name.optional(), Size: size.optional() });

export const updateDatabaseBody = z.object({ Name: name });

export const dbUserBody = z.object({
  Username: z.string().regex(/^[A-Za-z_][A-Za-z0-9_.@-]{0,63}$/, 'not a user name'),
  Password: z.string().min(1).optional(),
  Roles: z.array(z.string()).optional(),
});

export const restoreBody = z.object({ BackupID: z.string().min(1) });

export const deleteBackupsBody = z.object({ BackupIDs: z.array(z.string().min(1)).min(1) });

export const backupScheduleBody = z.object({
  Cron: z.string().min(1).optional(),
  Timezone: timezone,
  Enabled: z.boolean().optional(),
  /** Take a backup now, besides setting the schedule. */
  RunNow: z.boolean().optional(),
});

export const scheduleBody = z.object({
  Action: z.enum(scheduleActions as ['backup', 'pause', 'resume']).optional(),
  Cron: z.string().min(1).optional(),
  Timezone: timezone,
  Enabled: z.boolean().optional(),
});

/** Parses a body or throws CLOUD-BAD-REQUEST naming the operation and the fields. */
export function parseBody<T extends z.ZodType>(operation: string, schema: T, body: unknown) {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'body'}: ${i.message}`)
      .join('; ');
    throw badRequest(`${operation}: ${issues}`);
  }
  return parsed.data;
}
