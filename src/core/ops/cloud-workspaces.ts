// The cloud control plane (spec document 3), second half: workspaces of a workgroup (create,
// update, pause, resume, refresh), their in-database GSQL users, backups, restores and backup
// schedules. Bodies and records stay open objects: the spec does not show their fields.
import { z } from 'zod';
import { defineOp } from './define.js';
import { anyJson } from './shapes.js';

const record = z.looseObject({});
const id = z.string().min(1);
const inWorkgroup = z.object({ workgroupID: id, workspaceID: id });
const workspacePath = z.object({ workspaceID: id });
const schedulePath = workspacePath.extend({ schedule_id: id });

const v2 = '/controller/v4/v2';
const workspace = `${v2}/workgroups/{workgroupID}/workspaces/{workspaceID}`;
const cloud = { area: 'cloud', service: 'cloud' } as const;
const act = { ...cloud, readOnly: false, result: anyJson } as const;
const reads = { ...cloud, method: 'GET', readOnly: true } as const;

export const createWorkspace = defineOp('createWorkspace', {
  ...act,
  summary: 'Creates a workspace in a workgroup.',
  method: 'POST',
  path: `${v2}/workgroups/{workgroupID}/workspaces`,
  pathParams: z.object({ workgroupID: id }),
  body: record,
  result: record,
});

export const getWorkspace = defineOp('getWorkspace', {
  ...reads,
  summary: 'One workspace.',
  path: workspace,
  pathParams: inWorkgroup,
  result: record,
});

export const updateWorkspace = defineOp('updateWorkspace', {
  ...act,
  summary: 'Updates a workspace.',
  method: 'PUT',
  path: workspace,
  pathParams: inWorkgroup,
  body: record,
  result: record,
});

export const deleteWorkspace = defineOp('deleteWorkspace', {
  ...act,
  summary: 'Deletes a workspace.',
  method: 'DELETE',
  path: workspace,
  pathParams: inWorkgroup,
});

export const deleteBackups = defineOp('deleteBackups', {
  ...act,
  summary: 'Deletes backups of a workspace.',
  method: 'DELETE',
  path: `${workspace}/backups`,
  pathParams: inWorkgroup,
  body: record,
});

export const restoreBackup = defineOp('restoreBackup', {
  ...act,
  summary: 'Starts restoring a workspace from a backup.',
  method: 'POST',
  path: `${workspace}/backups/restore`,
  pathParams: inWorkgroup,
  body: record,
  result: z.string(),
});

export const scheduleBackup = defineOp('scheduleBackup', {
  ...act,
  summary: 'Sets the backup schedule of a workspace.',
  method: 'POST',
  path: `${workspace}/backups/schedule`,
  pathParams: inWorkgroup,
  body: record,
});

export const createDbUser = defineOp('createDbUser', {
  ...act,
  summary: 'Creates an in-database GSQL user of a workspace.',
  method: 'POST',
  path: `${workspace}/dbuser`,
  pathParams: inWorkgroup,
  body: record,
});

export const listDbUsers = defineOp('listDbUsers', {
  ...reads,
  summary: 'In-database GSQL users of a workspace.',
  path: `${workspace}/dbuser`,
  pathParams: inWorkgroup,
  result: z.array(record),
});

export const updateDbUser = defineOp('updateDbUser', {
  ...act,
  summary: 'Changes the password of an in-database user.',
  method: 'PUT',
  path: `${workspace}/dbuser`,
  pathParams: inWorkgroup,
  body: record,
});

export const deleteDbUser = defineOp('deleteDbUser', {
  ...act,
  summary: 'Deletes an in-database user.',
  method: 'DELETE',
  path: `${workspace}/dbuser`,
  pathParams: inWorkgroup,
  body: record,
});

export const pauseWorkspace = defineOp('pauseWorkspace', {
  ...act,
  summary: 'Pauses a workspace.',
  method: 'POST',
  path: `${workspace}/pause`,
  pathParams: inWorkgroup,
});

export const refreshWorkspace = defineOp('refreshWorkspace', {
  ...act,
  summary: 'Refreshes a workspace.',
  method: 'POST',
  path: `${workspace}/refresh`,
  pathParams: inWorkgroup,
});

export const resumeWorkspace = defineOp('resumeWorkspace', {
  ...act,
  summary: 'Resumes a paused workspace.',
  method: 'POST',
  path: `${workspace}/resume`,
  pathParams: inWorkgroup,
});

export const getWorkspacesMeta = defineOp('getWorkspacesMeta', {
  ...reads,
  summary: 'Workspace metadata of the organisation.',
  path: `${v2}/workspaces/meta`,
  result: anyJson,
});

export const listBackups = defineOp('listBackups', {
  ...reads,
  summary: 'Backups of a workspace.',
  path: `${v2}/workspaces/{workspaceID}/backups`,
  pathParams: workspacePath,
  result: z.array(record),
});

export const getRestoreStatus = defineOp('getRestoreStatus', {
  ...reads,
  summary: 'Status of a restore job.',
  path: `${v2}/workspaces/{workspaceID}/backups/restore/{job}/status`,
  pathParams: workspacePath.extend({ job: id }),
  result: anyJson,
});

export const createWorkspaceSchedule = defineOp('createWorkspaceSchedule', {
  ...act,
  summary: 'Creates a backup schedule of a workspace.',
  method: 'POST',
  path: `${v2}/workspaces/{workspaceID}/backups/schedule`,
  pathParams: workspacePath,
  body: record,
});

export const getBackupSchedule = defineOp('getBackupSchedule', {
  ...reads,
  summary: 'The backup schedule of a workspace.',
  path: `${v2}/workspaces/{workspaceID}/backups/schedule`,
  pathParams: workspacePath,
  result: anyJson,
});

export const listSchedules = defineOp('listSchedules', {
  ...reads,
  summary: 'Schedules of a workspace.',
  path: `${v2}/workspaces/{workspaceID}/schedules`,
  pathParams: workspacePath,
  result: z.array(record),
});

export const updateSchedule = defineOp('updateSchedule', {
  ...act,
  summary: 'Updates a schedule of a workspace.',
  method: 'PUT',
  path: `${v2}/workspaces/{workspaceID}/schedules/{schedule_id}`,
  pathParams: schedulePath,
  body: record,
  result: z.string(),
});

export const deleteSchedule = defineOp('deleteSchedule', {
  ...act,
  summary: 'Deletes a schedule of a workspace.',
  method: 'DELETE',
  path: `${v2}/workspaces/{workspaceID}/schedules/{schedule_id}`,
  pathParams: schedulePath,
  result: z.string(),
});
