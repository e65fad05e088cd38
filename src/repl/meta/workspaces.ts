// \workspaces: the workspaces of a control plane (`gwb cloud`, or any server of document 3) with
// their state and endpoint, and the lookup \connect uses to connect to a workspace by name. The
// control plane is given by GWB_CLOUD_URL and GWB_CLOUD_API_KEY, as for `gwb mcp`.
import { GraphClient } from '../../core/client/index.js';
import { GraphError } from '../../core/errors.js';
import {
  findWorkspace,
  listWorkspaces as listOn,
  type WorkspaceEntry,
} from '../../core/session/index.js';
import { describeError, statusOf } from '../status.js';
import type { MetaCommand } from './types.js';

/** Every workspace of the control plane of GWB_CLOUD_URL. */
export async function listWorkspaces(signal: AbortSignal): Promise<WorkspaceEntry[]> {
  const url = process.env.GWB_CLOUD_URL;
  if (url === undefined || url === '') {
    throw new GraphError('no control plane: set GWB_CLOUD_URL (and GWB_CLOUD_API_KEY)', {
      code: 'GWB-NO-CLOUD',
    });
  }
  const cloud = new GraphClient({ url, token: process.env.GWB_CLOUD_API_KEY });
  try {
    return await listOn(cloud, signal);
  } finally {
    await cloud.close();
  }
}

/** The endpoint of the workspace named (or with that id); a coded error when not one. */
export async function workspaceEndpoint(name: string, signal: AbortSignal): Promise<string> {
  return findWorkspace(await listWorkspaces(signal), name).endpoint;
}

export const workspacesCommand: MetaCommand = {
  name: 'workspaces',
  usage: '\\workspaces',
  summary: 'list the workspaces of the control plane of GWB_CLOUD_URL (\\connect NAME to use one)',
  async run(_args, ctx) {
    const session = ctx.session;
    try {
      const rows = await listWorkspaces(ctx.signal);
      const lines = rows.map(
        (w) => `${w.name}\t${w.status}\t${w.endpoint}\t${w.workgroup}\t${w.id}`,
      );
      session.out.result(lines.length > 0 ? lines.join('\n') : '(no workspaces)');
      return 'ok';
    } catch (error) {
      session.out.error(describeError(error, session.paint));
      return statusOf(error);
    }
  },
};
