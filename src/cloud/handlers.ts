// One handler per document-3 operation of the catalogue, by operation name: the type requires a
// handler for every cloud operation and types each reply from its operation's result schema.
import { userInfo } from 'node:os';
import type { z } from 'zod';
import type * as cloudWorkgroups from '../core/ops/cloud-workgroups.js';
import type * as cloudWorkspaces from '../core/ops/cloud-workspaces.js';
import type { Catalogue, OperationName } from '../core/ops/index.js';
import { isAllowed, plainAddress } from './allow-list.js';
import {
  allowedIpBody,
  backupScheduleBody,
  createWorkgroupBody,
  createWorkspaceBody,
  dbUserBody,
  deleteBackupsBody,
  parseBody,
  restoreBody,
  scheduleBody,
  updateDatabaseBody,
  updateWorkgroupBody,
  updateWorkspaceBody,
  workspaceSizes,
} from './bodies.js';
import type { ControlPlane } from './control-plane.js';
import { badRequest } from './errors.js';
import { createDbUser, deleteDbUser, listDbUsers, updateDbUserPassword } from './db-users.js';

/** The operations of document 3: those of the catalogue's two cloud modules. */
export type CloudOperationName = Extract<
  keyof typeof cloudWorkgroups | keyof typeof cloudWorkspaces,
  OperationName
>;

export interface CloudRequest {
  readonly path: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The caller's address as this listener sees it. */
  readonly remoteAddress: string;
}

export type CloudHandler<N extends CloudOperationName> = (
  request: CloudRequest,
) => Promise<z.output<Catalogue[N]['result']>>;

export type CloudHandlers = { readonly [N in CloudOperationName]: CloudHandler<N> };

function param(request: CloudRequest, name: string): string {
  return request.path[name] ?? '';
}

export function cloudHandlers(plane: ControlPlane): CloudHandlers {
  const wgId = (r: CloudRequest) => param(r, 'workgroupID');
  const wsId = (r: CloudRequest) => param(r, 'workspaceID');
  /** The workspace of a /workgroups/{workgroupID}/workspaces/{workspaceID}/... path. */
  const workspaceOf = (r: CloudRequest) => plane.workspaces.inWorkgroup(wgId(r), wsId(r));
  const serverOf = (r: CloudRequest) => {
    const ws = workspaceOf(r);
    return { url: plane.workspaces.serverUrl(ws.WorkspaceID), admin: ws.AdminPassword };
  };

  return {
    createWorkgroup: async (r) =>
      plane.createWorkgroup(parseBody('createWorkgroup', createWorkgroupBody, r.body)),
    listWorkgroups: async () =>
      Object.values(plane.store.state.workgroups).map((wg) => plane.workgroupView(wg)),
    getWorkgroup: async (r) => plane.workgroupView(plane.workgroup(wgId(r))),
    updateWorkgroup: async (r) =>
      plane.updateWorkgroup(wgId(r), parseBody('updateWorkgroup', updateWorkgroupBody, r.body)),
    deleteWorkgroup: async (r) => plane.deleteWorkgroup(wgId(r)),

    addAllowedIp: async (r) =>
      plane.addAllowedIp(wgId(r), parseBody('addAllowedIp', allowedIpBody, r.body)),
    getAllowList: async (r) => plane.workgroup(wgId(r)).AllowList,
    getCurrentIp: async (r) => ({
      CurrentIP: plainAddress(r.remoteAddress),
      IsAllowed: isAllowed(plane.workgroup(wgId(r)), r.remoteAddress),
    }),
    disableAllowList: async (r) => plane.setAllowList(wgId(r), false),
    enableAllowList: async (r) => plane.setAllowList(wgId(r), true),
    updateAllowedIp: async (r) =>
      plane.updateAllowedIp(
        wgId(r),
        param(r, 'id'),
        parseBody('updateAllowedIp', allowedIpBody, r.body),
      ),
    deleteAllowedIp: async (r) => plane.deleteAllowedIp(wgId(r), param(r, 'id')),

    getDatabase: async (r) => plane.databaseView(plane.database(wgId(r), param(r, 'databaseID'))),
    updateDatabase: async (r) =>
      plane.renameDatabase(
        wgId(r),
        param(r, 'databaseID'),
        parseBody('updateDatabase', updateDatabaseBody, r.body).Name,
      ),
    deleteDatabase: async (r) => plane.deleteDatabase(wgId(r), param(r, 'databaseID')),

    createWorkspace: async (r) =>
      plane.createWorkspace(wgId(r), parseBody('createWorkspace', createWorkspaceBody, r.body)),
    getWorkspace: async (r) => plane.workspaces.view(workspaceOf(r)),
    updateWorkspace: async (r) =>
      plane.updateWorkspace(
        wgId(r),
        wsId(r),
        parseBody('updateWorkspace', updateWorkspaceBody, r.body),
      ),
    deleteWorkspace: async (r) => plane.deleteWorkspace(wgId(r), wsId(r)),
    pauseWorkspace: async (r) => plane.workspaces.pause(workspaceOf(r).WorkspaceID),
    resumeWorkspace: async (r) => plane.workspaces.resume(workspaceOf(r).WorkspaceID),
    refreshWorkspace: async (r) => plane.workspaces.refresh(workspaceOf(r).WorkspaceID),

    createDbUser: async (r) => {
      const { url, admin } = serverOf(r);
      return createDbUser(url, admin, parseBody('createDbUser', dbUserBody, r.body));
    },
    listDbUsers: async (r) => {
      const { url, admin } = serverOf(r);
      return listDbUsers(url, admin);
    },
    updateDbUser: async (r) => {
      const { url, admin } = serverOf(r);
      return updateDbUserPassword(url, admin, parseBody('updateDbUser', dbUserBody, r.body));
    },
    deleteDbUser: async (r) => {
      const { url, admin } = serverOf(r);
      return deleteDbUser(url, admin, parseBody('deleteDbUser', dbUserBody, r.body));
    },

    deleteBackups: async (r) => {
      const ws = workspaceOf(r);
      const { BackupIDs } = parseBody('deleteBackups', deleteBackupsBody, r.body);
      return { Deleted: await plane.backups.delete(ws.WorkspaceID, BackupIDs) };
    },
    restoreBackup: async (r) => {
      const ws = workspaceOf(r);
      const { BackupID } = parseBody('restoreBackup', restoreBody, r.body);
      return plane.backups.restore(ws.WorkspaceID, BackupID);
    },
    scheduleBackup: async (r) => {
      const ws = workspaceOf(r);
      const body = parseBody('scheduleBackup', backupScheduleBody, r.body);
      const input = { Cron: body.Cron, Timezone: body.Timezone, Enabled: body.Enabled };
      const existing = plane.schedules.list(ws.WorkspaceID, 'backup')[0];
      const schedule =
        body.Cron === undefined && existing === undefined
          ? undefined
          : existing
            ? await plane.schedules.update(ws.WorkspaceID, existing.ScheduleID, input)
            : await plane.schedules.create(ws.WorkspaceID, { ...input, Action: 'backup' });
      const backup = body.RunNow ? await plane.backups.backUp(ws.WorkspaceID, 'manual') : undefined;
      if (!schedule && !backup) {
        throw badRequest('scheduleBackup: give a Cron expression, RunNow: true, or both');
      }
      return { Schedule: schedule ?? null, Backup: backup ?? null };
    },

    getWorkspacesMeta: async () => plane.meta(workspaceSizes),
    listBackups: async (r) => plane.backups.list(wsId(r)),
    getRestoreStatus: async (r) => plane.backups.job(wsId(r), param(r, 'job')),
    createWorkspaceSchedule: async (r) => {
      plane.workspaces.record(wsId(r));
      return plane.schedules.create(
        wsId(r),
        parseBody('createWorkspaceSchedule', scheduleBody, r.body),
      );
    },
    getBackupSchedule: async (r) => {
      plane.workspaces.record(wsId(r));
      return plane.schedules.list(wsId(r), 'backup');
    },
    listSchedules: async (r) => {
      plane.workspaces.record(wsId(r));
      return plane.schedules.list(wsId(r));
    },
    updateSchedule: async (r) => {
      plane.workspaces.record(wsId(r));
      const body = parseBody('updateSchedule', scheduleBody, r.body);
      const view = await plane.schedules.update(wsId(r), param(r, 'schedule_id'), body);
      return `schedule ${view.ScheduleID} updated: ${view.Action} at ${view.Cron}${
        view.Enabled ? '' : ' (disabled)'
      }`;
    },
    deleteSchedule: async (r) => {
      plane.workspaces.record(wsId(r));
      await plane.schedules.delete(wsId(r), param(r, 'schedule_id'));
      return `schedule ${param(r, 'schedule_id')} deleted`;
    },

    listOrganizationUsers: async () => [
      { UserID: 'owner', Username: userInfo().username, Role: 'OrganizationAdmin' },
    ],
  };
}
