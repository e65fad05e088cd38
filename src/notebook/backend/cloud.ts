// The notebook's workspace picker, backend side: the workspaces of the control plane given by
// --cloud-url (listed through src/core/session as the REPL and MCP list them), and the switch of
// the session's client to one workspace's endpoint, as the REPL's \connect WORKSPACE does. Only a
// Ready workspace is connected to; the new client must answer before it replaces the old one, so
// a refused switch leaves the session where it was.
import { GraphClient, type ConnectionProfile } from '../../core/client/index.js';
import { GraphError } from '../../core/errors.js';
import { findWorkspace, listWorkspaces } from '../../core/session/index.js';
import type { Answers, WorkspaceChoice } from '../protocol.js';
import type { useWorkspaceBody } from '../protocol.js';
import type { z } from 'zod';
import { NotebookError } from './errors.js';

/** The session's connection: the client every route uses, replaced by a workspace switch. */
export interface SessionConnection {
  client: GraphClient;
  /** Where the server came from, for the page's header ("embedded", "--url", a workspace...). */
  server: { readonly url: string; readonly via: string };
  /** The workspace connected to by a switch, if any. */
  cloudWorkspace?: string;
  /** The control plane of --cloud-url, when given. */
  readonly cloud?: GraphClient;
  /** The in-database user of --user/--password: a switch without credentials uses them. */
  readonly defaults: Pick<ConnectionProfile, 'username' | 'password'>;
}

function cloudOf(connection: SessionConnection): GraphClient {
  if (connection.cloud === undefined) {
    throw new NotebookError(
      'GWB-NOTEBOOK-NO-CLOUD',
      'workspaces: no control plane; start gwb notebook with --cloud-url (or GWB_CLOUD_URL)',
    );
  }
  return connection.cloud;
}

export async function workspaceChoices(connection: SessionConnection): Promise<WorkspaceChoice[]> {
  return (await listWorkspaces(cloudOf(connection))).map((w) => ({
    id: w.id,
    name: w.name,
    workgroup: w.workgroup,
    status: w.status,
    endpoint: w.endpoint,
  }));
}

export async function useWorkspace(
  connection: SessionConnection,
  body: z.infer<typeof useWorkspaceBody>,
): Promise<Answers['useWorkspace']> {
  const cloud = cloudOf(connection);
  let entry;
  try {
    entry = findWorkspace(await listWorkspaces(cloud), body.workspace);
  } catch (error) {
    if (error instanceof GraphError && error.code === 'GWB-NO-WORKSPACE') {
      throw new NotebookError('GWB-NOTEBOOK-NOT-FOUND', `use workspace: ${error.message}`);
    }
    throw error;
  }
  if (entry.status !== 'Ready') {
    throw new NotebookError(
      'GWB-NOTEBOOK-WORKSPACE-STATE',
      `use workspace: ${entry.name} is ${entry.status}; only a Ready workspace can be used`,
    );
  }
  // Credentials given with the switch replace the notebook's own as a pair.
  const given = body.user !== undefined;
  const client = new GraphClient({
    url: entry.endpoint,
    username: given ? body.user : (connection.defaults.username ?? 'tigergraph'),
    password: given ? (body.password ?? '') : (connection.defaults.password ?? 'tigergraph'),
  });
  let graphs: string[];
  try {
    graphs = (await client.call('getGraphs')).graphs.map((g) => g.graphName);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const old = connection.client;
  connection.client = client;
  connection.server = {
    url: entry.endpoint,
    via: `workspace ${entry.name} (${cloud.profile.url})`,
  };
  connection.cloudWorkspace = entry.name;
  await old.close().catch(() => undefined);
  return { server: connection.server, workspace: entry.name, graphs };
}
