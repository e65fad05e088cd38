// The cloud control plane (spec document 3), first half: workgroups, their allow lists of client
// IP addresses and their databases, and the organisation's user list. Answers use the control
// plane's `{Error, ErrorDetails, Message, RequestID, Result}` envelope; the spec names request
// bodies but not their fields, so bodies and records stay open objects.
import { z } from 'zod';
import { defineOp } from './define.js';
import { anyJson } from './shapes.js';

const record = z.looseObject({});
const id = z.string().min(1);
const workgroupPath = z.object({ workgroupID: id });
const allowedIpPath = workgroupPath.extend({ id });
const databasePath = workgroupPath.extend({ databaseID: id });

const base = '/controller/v4/v2/workgroups';
const cloud = { area: 'cloud', service: 'cloud' } as const;
const reads = { ...cloud, method: 'GET', readOnly: true } as const;

export const createWorkgroup = defineOp('createWorkgroup', {
  ...cloud,
  summary: 'Creates a workgroup.',
  method: 'POST',
  path: base,
  body: record,
  result: record,
  readOnly: false,
});

export const listWorkgroups = defineOp('listWorkgroups', {
  ...reads,
  summary: 'Workgroups of the organisation.',
  path: base,
  result: z.array(record),
});

export const getWorkgroup = defineOp('getWorkgroup', {
  ...reads,
  summary: 'One workgroup.',
  path: `${base}/{workgroupID}`,
  pathParams: workgroupPath,
  result: record,
});

export const updateWorkgroup = defineOp('updateWorkgroup', {
  ...cloud,
  summary: 'Updates a workgroup.',
  method: 'PUT',
  path: `${base}/{workgroupID}`,
  pathParams: workgroupPath,
  body: record,
  result: anyJson,
  readOnly: false,
});

export const deleteWorkgroup = defineOp('deleteWorkgroup', {
  ...cloud,
  summary: 'Deletes a workgroup.',
  method: 'DELETE',
  path: `${base}/{workgroupID}`,
  pathParams: workgroupPath,
  result: z.string(),
  readOnly: false,
});

export const addAllowedIp = defineOp('addAllowedIp', {
  ...cloud,
  summary: "Adds a client IP address to a workgroup's allow list.",
  method: 'POST',
  path: `${base}/{workgroupID}/allow_list`,
  pathParams: workgroupPath,
  body: record,
  result: anyJson,
  readOnly: false,
});

export const getAllowList = defineOp('getAllowList', {
  ...reads,
  summary: "A workgroup's allow list.",
  path: `${base}/{workgroupID}/allow_list`,
  pathParams: workgroupPath,
  result: z.array(record),
});

export const getCurrentIp = defineOp('getCurrentIp', {
  ...reads,
  summary: "The caller's IP address as the control plane sees it, and whether it is allowed.",
  path: `${base}/{workgroupID}/allow_list/current`,
  pathParams: workgroupPath,
  // the spec names a second, boolean field without giving its name
  result: z.looseObject({ CurrentIP: z.string() }),
});

export const disableAllowList = defineOp('disableAllowList', {
  ...cloud,
  summary: "Turns a workgroup's allow list off.",
  method: 'PUT',
  path: `${base}/{workgroupID}/allow_list/disable`,
  pathParams: workgroupPath,
  result: z.string(),
  readOnly: false,
});

export const enableAllowList = defineOp('enableAllowList', {
  ...cloud,
  summary: "Turns a workgroup's allow list on.",
  method: 'PUT',
  path: `${base}/{workgroupID}/allow_list/enable`,
  pathParams: workgroupPath,
  result: z.string(),
  readOnly: false,
});

export const updateAllowedIp = defineOp('updateAllowedIp', {
  ...cloud,
  summary: 'Updates one entry of an allow list.',
  method: 'PUT',
  path: `${base}/{workgroupID}/allow_list/{id}`,
  pathParams: allowedIpPath,
  body: record,
  result: anyJson,
  readOnly: false,
});

export const deleteAllowedIp = defineOp('deleteAllowedIp', {
  ...cloud,
  summary: 'Removes one entry of an allow list.',
  method: 'DELETE',
  path: `${base}/{workgroupID}/allow_list/{id}`,
  pathParams: allowedIpPath,
  result: z.string(),
  readOnly: false,
});

export const getDatabase = defineOp('getDatabase', {
  ...reads,
  summary: 'One database of a workgroup.',
  path: `${base}/{workgroupID}/databases/{databaseID}`,
  pathParams: databasePath,
  result: record,
});

export const updateDatabase = defineOp('updateDatabase', {
  ...cloud,
  summary: 'Updates a database.',
  method: 'PUT',
  path: `${base}/{workgroupID}/databases/{databaseID}`,
  pathParams: databasePath,
  body: record,
  result: anyJson,
  readOnly: false,
});

export const deleteDatabase = defineOp('deleteDatabase', {
  ...cloud,
  summary: 'Deletes a database.',
  method: 'DELETE',
  path: `${base}/{workgroupID}/databases/{databaseID}`,
  pathParams: databasePath,
  result: anyJson,
  readOnly: false,
});

// Served beside the control plane rather than under it, without version segments; the spec
// does not say whether it uses the control plane's envelope, so the whole body is kept.
export const listOrganizationUsers = defineOp('listOrganizationUsers', {
  ...reads,
  summary: 'Users of the organisation.',
  path: '/users',
  result: anyJson,
  unwrap: 'whole',
});
