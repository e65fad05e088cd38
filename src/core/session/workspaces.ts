// The workspaces of a control plane (document 3: `gwb cloud`, or any server of that API) as one
// flat list with their workgroup, state and endpoint, and the lookup of one by name or id. The
// REPL's \workspaces and \connect, the MCP's list_workspaces and the notebook's workspace picker
// all read them from here.
import type { GraphClient } from '../client/index.js';
import { GraphError } from '../errors.js';

export interface WorkspaceEntry {
  readonly id: string;
  readonly name: string;
  readonly workgroupId: string;
  readonly workgroup: string;
  /** Ready, Paused, Starting, Crashed, Failed...: only a Ready one answers on its endpoint. */
  readonly status: string;
  readonly endpoint: string;
  readonly size: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

function workspacesOf(group: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(group.Workspaces) ? (group.Workspaces as Record<string, unknown>[]) : [];
}

/** The workspaces of the workgroups a listWorkgroups call answered. */
export function workspaceEntries(groups: readonly Record<string, unknown>[]): WorkspaceEntry[] {
  return groups.flatMap((g) =>
    workspacesOf(g).map((w) => ({
      id: text(w.WorkspaceID),
      name: text(w.Name),
      workgroupId: text(g.WorkgroupID),
      workgroup: text(g.Name),
      status: text(w.Status),
      endpoint: text(w.Endpoint),
      size: text(w.Size),
    })),
  );
}

/** Every workspace of the control plane `cloud` is a client of. */
export async function listWorkspaces(
  cloud: GraphClient,
  signal?: AbortSignal,
): Promise<WorkspaceEntry[]> {
  const groups = await cloud.call('listWorkgroups', {}, signal ? { signal } : {});
  return workspaceEntries(groups);
}

/** The one workspace named `name` (or with that id); GWB-NO-WORKSPACE when none or several. */
export function findWorkspace(entries: readonly WorkspaceEntry[], name: string): WorkspaceEntry {
  const found = entries.filter((w) => w.name === name || w.id === name);
  if (found.length !== 1 || found[0] === undefined) {
    throw new GraphError(
      found.length === 0
        ? `no workspace named ${name} on the control plane`
        : `${found.length} workspaces are named ${name}: use its id`,
      { code: 'GWB-NO-WORKSPACE' },
    );
  }
  return found[0];
}
