// SCIM 2.0 users and groups on the GSQL server (spec document 2, "SCIM users and groups"): the
// users of the service (create with a password, list with a filter, read, patch the password or
// profile, drop) and its proxy groups (members by user name; roles granted to a group hold for its
// members). A resource's id is its name. The router has checked READ/WRITE_USER and
// READ/WRITE_PROXYGROUP.
import type { GroupRecord, UserRecord } from '../auth/access-state.js';
import { AccessError, AccessErrorCodes } from '../auth/errors.js';
import { parseScimFilter } from '../auth/scim-filter.js';
import type { HandlerMap } from '../http/context.js';
import { BadRequestError } from '../http/errors.js';

const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const listSchema = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const pageSize = 100;

function scimUser(user: UserRecord) {
  const name =
    user.givenName === undefined && user.familyName === undefined
      ? {}
      : {
          name: {
            ...(user.givenName === undefined ? {} : { givenName: user.givenName }),
            ...(user.familyName === undefined ? {} : { familyName: user.familyName }),
          },
        };
  return {
    schemas: [userSchema],
    id: user.name,
    userName: user.name,
    active: user.active,
    ...name,
    ...(user.externalId === undefined ? {} : { externalId: user.externalId }),
    meta: { resourceType: 'User', location: `/gsql/scim/v2/Users/${user.name}` },
  };
}

function scimGroup(group: GroupRecord, withMembers = true) {
  return {
    schemas: [groupSchema],
    id: group.name,
    displayName: group.name,
    ...(withMembers
      ? { members: group.members.map((m) => ({ display: m, value: m, type: 'User' })) }
      : {}),
    meta: { resourceType: 'Group', location: `/gsql/scim/v2/Groups/${group.name}` },
  };
}

function listAnswer<T>(resources: T[]) {
  return {
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: pageSize,
    schemas: [listSchema],
    Resources: resources.slice(0, pageSize),
  };
}

function excluded(list: string | undefined, attribute: string): boolean {
  return (list ?? '').split(',').some((a) => a.trim().toLowerCase() === attribute.toLowerCase());
}

/** Member references of a group: by user name (`display`) or id (`value`), ids being names. */
function memberNames(members: readonly { display?: string; value?: string }[]): string[] {
  return members.map((m) => {
    const name = m.value ?? m.display;
    if (name === undefined) throw new BadRequestError('a group member needs "display" or "value"');
    return name;
  });
}

function asMembers(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return memberNames(
    items.map((item) => {
      if (typeof item === 'string') return { value: item };
      if (item && typeof item === 'object') return item as { display?: string; value?: string };
      throw new BadRequestError('a group member is an object {value} or {display}');
    }),
  );
}

function mustUser(users: Readonly<Record<string, UserRecord>>, id: string): UserRecord {
  const user = Object.hasOwn(users, id) ? users[id] : undefined;
  if (!user) throw new AccessError(AccessErrorCodes.noSuchUser, `the user "${id}" does not exist`);
  return user;
}

function mustGroup(groups: Readonly<Record<string, GroupRecord>>, id: string): GroupRecord {
  const group = Object.hasOwn(groups, id) ? groups[id] : undefined;
  if (!group)
    throw new AccessError(AccessErrorCodes.noSuchGroup, `the group "${id}" does not exist`);
  return group;
}

export const scimHandlers: HandlerMap = {
  listScimUsers: (ctx) => {
    const match = parseScimFilter(ctx.query.filter);
    const users = Object.values(ctx.access.store.state.users)
      .filter((u) =>
        match({ userName: u.name, id: u.name, active: u.active, externalId: u.externalId }),
      )
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(scimUser);
    return Promise.resolve({ whole: listAnswer(users) });
  },

  getScimUser: (ctx) =>
    Promise.resolve({ whole: scimUser(mustUser(ctx.access.store.state.users, ctx.params.id)) }),

  createScimUser: async (ctx) => {
    const b = ctx.body;
    const user = await ctx.access.store.createUser(b.userName, b.password, {
      givenName: b.name?.givenName,
      familyName: b.name?.familyName,
      externalId: b.externalId,
      active: b.active,
    });
    return { whole: scimUser(user), status: 201 };
  },

  updateScimUser: async (ctx) => {
    const user = mustUser(ctx.access.store.state.users, ctx.params.id);
    const fields: {
      password?: string;
      active?: boolean;
      givenName?: string;
      familyName?: string;
      externalId?: string;
    } = {};
    for (const op of ctx.body.Operations) {
      const path = (op.path ?? '').trim();
      const removing = op.op === 'remove';
      const text = typeof op.value === 'string' ? op.value : undefined;
      switch (path) {
        case 'password':
          if (removing || text === undefined) {
            throw new BadRequestError('updateScimUser: replace the password with a string value');
          }
          fields.password = text;
          break;
        case 'active':
          if (typeof op.value !== 'boolean' && !removing) {
            throw new BadRequestError('updateScimUser: active is true or false');
          }
          fields.active = removing ? true : (op.value as boolean);
          break;
        case 'name.givenName':
        case 'name.familyName':
        case 'externalId': {
          const key =
            path === 'externalId'
              ? 'externalId'
              : path === 'name.givenName'
                ? 'givenName'
                : 'familyName';
          if (!removing && text === undefined) {
            throw new BadRequestError(`updateScimUser: ${path} is a string`);
          }
          fields[key] = removing ? undefined : text;
          break;
        }
        default:
          throw new BadRequestError(
            `updateScimUser: cannot ${op.op} "${path}" (password, active, name.givenName, name.familyName, externalId)`,
          );
      }
    }
    return { whole: scimUser(await ctx.access.store.updateUser(user.name, fields)) };
  },

  dropScimUsers: async (ctx) => {
    await ctx.access.store.dropUsers(ctx.body.userNames);
    return { message: `Successfully dropped users: [${ctx.body.userNames.join(', ')}].` };
  },

  listScimGroups: (ctx) => {
    const match = parseScimFilter(ctx.query.filter);
    const withMembers = !excluded(ctx.query.excludedAttributes, 'members');
    const groups = Object.values(ctx.access.store.state.groups)
      .filter((g) => match({ displayName: g.name, id: g.name }))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => scimGroup(g, withMembers));
    return Promise.resolve({ whole: listAnswer(groups) });
  },

  getScimGroup: (ctx) =>
    Promise.resolve({ whole: scimGroup(mustGroup(ctx.access.store.state.groups, ctx.params.id)) }),

  createScimGroup: async (ctx) => {
    const group = await ctx.access.store.createGroup(
      ctx.body.displayName,
      memberNames(ctx.body.members ?? []),
    );
    return { whole: scimGroup(group), status: 201 };
  },

  updateScimGroup: async (ctx) => {
    const group = mustGroup(ctx.access.store.state.groups, ctx.params.id);
    let members = [...group.members];
    for (const op of ctx.body.Operations) {
      // `members[value eq "u1"]` names one member to remove (SCIM path filter).
      const path = (op.path ?? 'members').trim();
      const one = /^members\[value eq "([^"]+)"\]$/.exec(path);
      if (path !== 'members' && !one) {
        throw new BadRequestError(`updateScimGroup: cannot ${op.op} "${path}" (members)`);
      }
      const named = one ? [one[1] ?? ''] : op.value === undefined ? [] : asMembers(op.value);
      if (op.op === 'add') members = [...members, ...named];
      else if (op.op === 'replace') members = named;
      else members = one || op.value !== undefined ? members.filter((m) => !named.includes(m)) : [];
    }
    return { whole: scimGroup(await ctx.access.store.setGroupMembers(group.name, members)) };
  },

  deleteScimGroup: async (ctx) => {
    const group = mustGroup(ctx.access.store.state.groups, ctx.params.id);
    await ctx.access.store.dropGroups([group.name]);
    return { message: `Successfully dropped group: ${group.name}.` };
  },

  dropScimGroups: async (ctx) => {
    await ctx.access.store.dropGroups(ctx.body.groupNames);
    return { message: `Successfully dropped groups: [${ctx.body.groupNames.join(', ')}].` };
  },
};
