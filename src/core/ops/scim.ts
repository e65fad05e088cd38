// SCIM 2.0 users and groups on the GSQL server (spec document 2). Answers are SCIM objects, not
// the GSQL envelope; the drops answer with the envelope's message.
import { z } from 'zod';
import { defineOp } from './define.js';
import { messageOnly, name } from './shapes.js';

const idPath = z.object({ id: z.string().min(1) });
/** The service takes `schemas` as an array or as that array's JSON text (its samples do). */
const schemas = z.union([z.array(z.string()), z.string()]);
const listQuery = z.object({
  filter: z.string().optional(),
  excludedAttributes: z.string().optional(),
});
const meta = z.looseObject({ location: z.string(), resourceType: z.string() });

const group = z.looseObject({
  id: z.string(),
  displayName: z.string(),
  meta: meta.optional(),
  members: z
    .array(z.looseObject({ display: z.string().optional(), value: z.string(), type: z.string() }))
    .optional(),
});

const user = z.looseObject({
  id: z.string(),
  userName: z.string(),
  active: z.boolean().optional(),
  name: z
    .looseObject({ familyName: z.string().optional(), givenName: z.string().optional() })
    .optional(),
  externalId: z.string().optional(),
  schemas: z.array(z.string()).optional(),
  meta: meta.optional(),
});

function scimList<T extends z.ZodType>(resource: T) {
  return z.looseObject({
    totalResults: z.number().int(),
    startIndex: z.number().int(),
    itemsPerPage: z.number().int(),
    // the service's sample answers `true` here rather than the SCIM list of URNs
    schemas: z.unknown(),
    Resources: z.array(resource),
  });
}

const patchBody = z.object({
  schemas,
  Operations: z
    .array(
      z.object({
        op: z.enum(['add', 'remove', 'replace']),
        path: z.string().optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1),
});

// `action=create` is the service's default, so the create forms leave `action` out and its
// presence selects the drop forms.
const dropInferred =
  'query `action=delete` with body {userNames} / {groupNames} (server docs "drop users/groups using scim format")';

const readGroups = {
  area: 'scim',
  service: 'gsql',
  privilege: 'READ_PROXYGROUP',
  readOnly: true,
} as const;
const writeGroups = {
  area: 'scim',
  service: 'gsql',
  privilege: 'WRITE_PROXYGROUP',
  readOnly: false,
} as const;
const readUsers = {
  area: 'scim',
  service: 'gsql',
  privilege: 'READ_USER',
  readOnly: true,
} as const;
const writeUsers = {
  area: 'scim',
  service: 'gsql',
  privilege: 'WRITE_USER',
  readOnly: false,
} as const;

export const getScimGroup = defineOp('getScimGroup', {
  ...readGroups,
  summary: 'One group by id.',
  method: 'GET',
  path: '/gsql/scim/v2/Groups/{id}',
  pathParams: idPath,
  result: group,
  unwrap: 'whole',
});

export const listScimGroups = defineOp('listScimGroups', {
  ...readGroups,
  summary: "Groups matching a SCIM filter (e.g. displayName sw 'g'); `excludedAttributes=members`.",
  method: 'GET',
  path: '/gsql/scim/v2/Groups',
  query: listQuery,
  result: scimList(group),
  unwrap: 'whole',
});

export const createScimGroup = defineOp('createScimGroup', {
  ...writeGroups,
  summary: 'Creates a group with members given by user name (`display`) or id (`value`).',
  method: 'POST',
  path: '/gsql/scim/v2/Groups',
  body: z.object({
    displayName: name,
    schemas: schemas.optional(),
    members: z
      .array(z.object({ display: z.string().optional(), value: z.string().optional() }))
      .optional(),
  }),
  result: group,
  unwrap: 'whole',
});

export const updateScimGroup = defineOp('updateScimGroup', {
  ...writeGroups,
  summary: 'Patches a group: add, remove or replace members.',
  method: 'PATCH',
  path: '/gsql/scim/v2/Groups/{id}',
  pathParams: idPath,
  body: patchBody,
  result: group,
  unwrap: 'whole',
});

export const deleteScimGroup = defineOp('deleteScimGroup', {
  ...writeGroups,
  summary: 'Drops one group.',
  method: 'DELETE',
  path: '/gsql/scim/v2/Groups/{id}',
  pathParams: idPath,
  result: messageOnly,
  unwrap: 'message',
});

export const dropScimGroups = defineOp('dropScimGroups', {
  ...writeGroups,
  summary: 'Drops the named groups.',
  method: 'POST',
  path: '/gsql/scim/v2/Groups',
  query: z.object({ action: z.literal('delete') }),
  body: z.object({ groupNames: z.array(name).min(1) }),
  result: messageOnly,
  unwrap: 'message',
  variant: { query: 'action' },
  inferred: [dropInferred],
});

export const getScimUser = defineOp('getScimUser', {
  ...readUsers,
  summary: 'One user by id.',
  method: 'GET',
  path: '/gsql/scim/v2/Users/{id}',
  pathParams: idPath,
  result: user,
  unwrap: 'whole',
});

export const updateScimUser = defineOp('updateScimUser', {
  ...writeUsers,
  summary: 'Patches a user, e.g. replaces its password.',
  method: 'PUT',
  path: '/gsql/scim/v2/Users/{id}',
  pathParams: idPath,
  body: patchBody,
  result: user,
  unwrap: 'whole',
});

export const createScimUser = defineOp('createScimUser', {
  ...writeUsers,
  summary: 'Creates a user with a password.',
  method: 'POST',
  path: '/gsql/scim/v2/Users',
  body: z.object({
    userName: name,
    password: z.string().min(1),
    schemas: schemas.optional(),
    name: z
      .object({ familyName: z.string().optional(), givenName: z.string().optional() })
      .optional(),
    externalId: z.string().optional(),
    active: z.boolean().optional(),
  }),
  result: user,
  unwrap: 'whole',
});

export const dropScimUsers = defineOp('dropScimUsers', {
  ...writeUsers,
  summary: 'Drops the named users.',
  method: 'POST',
  path: '/gsql/scim/v2/Users',
  query: z.object({ action: z.literal('delete') }),
  body: z.object({ userNames: z.array(name).min(1) }),
  result: messageOnly,
  unwrap: 'message',
  variant: { query: 'action' },
  inferred: [dropInferred],
});

export const listScimUsers = defineOp('listScimUsers', {
  ...readUsers,
  summary: 'Users matching a SCIM filter (e.g. userName sw "u" and userName ne "u1").',
  method: 'GET',
  path: '/gsql/scim/v2/Users',
  query: listQuery,
  result: scimList(user),
  unwrap: 'whole',
});
