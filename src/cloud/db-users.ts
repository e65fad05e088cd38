// In-database users of a workspace, managed through the workspace's own GSQL server as its
// superuser: SCIM to create, list, change the password of and drop users, and GRANT ROLE for the
// roles asked for. The workspace must be running; its refusals come back as coded errors.
import { GraphClient } from '../core/client/index.js';
import { GraphError } from '../core/errors.js';
import { badRequest, CloudError, CloudErrorCodes } from './errors.js';

export type DbUser = { Username: string; Active: boolean };

const roleName = /^[A-Za-z_][A-Za-z0-9_]*$/;
const superuser = 'tigergraph';

export interface DbUserRequest {
  Username: string;
  Password?: string;
  Roles?: string[];
}

async function withClient<T>(
  url: string,
  password: string,
  work: (client: GraphClient) => Promise<T>,
): Promise<T> {
  const client = new GraphClient({ url, username: superuser, password, pathForm: 'v4' });
  try {
    return await work(client);
  } catch (error) {
    if (error instanceof GraphError) {
      throw new CloudError(CloudErrorCodes.workspaceRefused, `workspace: ${error.message}`);
    }
    throw error;
  } finally {
    await client.close();
  }
}

function requirePassword(request: DbUserRequest): string {
  if (request.Password === undefined || request.Password === '') {
    throw badRequest('in-database user: Password is required');
  }
  return request.Password;
}

export function createDbUser(url: string, admin: string, request: DbUserRequest) {
  const password = requirePassword(request);
  const roles = request.Roles ?? [];
  const bad = roles.find((r) => !roleName.test(r));
  if (bad !== undefined)
    throw badRequest(`in-database user: ${JSON.stringify(bad)} is not a role name`);
  return withClient(url, admin, async (client) => {
    await client.call('createScimUser', { body: { userName: request.Username, password } });
    if (roles.length > 0) {
      const granted = await client.gsql(`GRANT ROLE ${roles.join(', ')} TO ${request.Username}`);
      if (!granted.ok) {
        await client.call('dropScimUsers', {
          query: { action: 'delete' },
          body: { userNames: [request.Username] },
        });
        throw badRequest(`in-database user ${request.Username}: ${granted.output}`);
      }
    }
    return `user ${request.Username} created${roles.length > 0 ? ` with roles ${roles.join(', ')}` : ''}`;
  });
}

export function listDbUsers(url: string, admin: string): Promise<DbUser[]> {
  return withClient(url, admin, async (client) => {
    const list = await client.call('listScimUsers', {});
    return list.Resources.filter((u) => u.userName !== superuser).map((u) => ({
      Username: u.userName,
      Active: u.active ?? true,
    }));
  });
}

export function updateDbUserPassword(url: string, admin: string, request: DbUserRequest) {
  const password = requirePassword(request);
  if (request.Username === superuser) {
    throw badRequest(`in-database user: ${superuser} is managed by the control plane`);
  }
  return withClient(url, admin, async (client) => {
    await client.call('updateScimUser', {
      path: { id: request.Username },
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'password', value: password }],
      },
    });
    return `password of ${request.Username} changed`;
  });
}

export function deleteDbUser(url: string, admin: string, request: DbUserRequest) {
  if (request.Username === superuser) {
    throw badRequest(`in-database user: ${superuser} is managed by the control plane`);
  }
  return withClient(url, admin, async (client) => {
    await client.call('dropScimUsers', {
      query: { action: 'delete' },
      body: { userNames: [request.Username] },
    });
    return `user ${request.Username} deleted`;
  });
}
