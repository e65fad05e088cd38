// \workspaces: the workspaces of a control plane (`gwb cloud`, or any server of document 3) with
// their state and endpoint, and the lookup \connect uses to connect to a workspace by name. The
// control plane is given by GWB_CLOUD_URL and GWB_CLOUD_API_KEY, as for `gwb mcp`.
import { GraphClient } from '../../core/client/index.js';
import { GraphError } from '../../core/errors.js';
import { describeError, statusOf } from '../status.js';
import type { MetaCommand } from './types.js';

export interface WorkspaceEntry {
  readonly id: string;
  readonly name: string;
  readonly workgroup: string;
  readonly status: string;
  readonly endpoint: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

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
    const groups = await cloud.call('listWorkgroups', {}, { signal });
    return groups.flatMap((g) =>
      (Array.isArray(g.Workspaces) ? (g.Workspaces as Record<string, unknown>[]) : []).map((w) => ({
        id: text(w.WorkspaceID),
        name: text(w.Name),
        workgroup: text(g.Name),
        status: text(w.Status),
        endpoint: text(w.Endpoint),
      })),
    );
  } finally {
    await cloud.close();
  }
}

/** The endpoint of the workspace named (or with that id); a coded error when not one. */
export async function workspaceEndpoint(name: string, signal: AbortSignal): Promise<string> {
  const found = (await listWorkspaces(signal)).filter((w) => w.name === name || w.id === name);
  if (found.length !== 1 || found[0] === undefined) {
    throw new GraphError(
      found.length === 0
        ? `no workspace named ${name} (\\workspaces lists them)`
        : `${found.length} workspaces are named ${name}: connect by id`,
      { code: 'GWB-NO-WORKSPACE' },
    );
  }
  return found[0].endpoint;
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
