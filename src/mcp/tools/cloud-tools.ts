// Read-only tools on a control plane (document 3), registered when `gwb mcp` is given one
// (--cloud-url and --cloud-api-key): list_workgroups and list_workspaces with their state and
// endpoint, so a model can tell which database to connect to and whether it runs.
import { z } from 'zod';
import type { GraphClient } from '../../core/client/index.js';
import { catalogue } from '../../core/ops/index.js';
import { workspaceEntries } from '../../core/session/index.js';
import { count, jsonText } from '../render.js';
import { ToolRefusal } from '../refusal.js';
import { defineTool, type ToolContext, type ToolDef } from '../tool-kit.js';

const { listWorkgroups } = catalogue;

const workspaceRow = z.object({
  workspaceId: z.string(),
  workgroupId: z.string(),
  name: z.string(),
  status: z.string(),
  endpoint: z.string(),
  size: z.string(),
});

const workgroupRow = z.object({
  workgroupId: z.string(),
  name: z.string(),
  allowListEnabled: z.boolean(),
  workspaces: z.number().int(),
});

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
}

function cloudOf(ctx: ToolContext): GraphClient {
  const cloud = ctx.options.cloud;
  if (!cloud) throw new ToolRefusal('no control plane: start gwb mcp with --cloud-url', {});
  return cloud;
}

async function workgroups(ctx: ToolContext) {
  return cloudOf(ctx).call('listWorkgroups', {}, { signal: ctx.call.signal });
}

function workspacesOf(group: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(group.Workspaces) ? (group.Workspaces as Record<string, unknown>[]) : [];
}

export const listWorkgroupsTool = defineTool({
  name: 'list_workgroups',
  title: 'List workgroups',
  description:
    'Lists the workgroups of the control plane (gwb cloud) with whether their IP allow list is ' +
    'on and how many workspaces each has. Example input: {}',
  operations: [listWorkgroups],
  input: {},
  output: { workgroups: z.array(workgroupRow) },
  async run(_args, ctx) {
    const rows = (await workgroups(ctx)).map((g) => ({
      workgroupId: text(g.WorkgroupID),
      name: text(g.Name),
      allowListEnabled: g.AllowListEnabled === true,
      workspaces: workspacesOf(g).length,
    }));
    return {
      structured: { workgroups: rows },
      text: jsonText(count(rows.length, 'workgroup'), rows),
    };
  },
});

export const listWorkspacesTool = defineTool({
  name: 'list_workspaces',
  title: 'List workspaces',
  description:
    'Lists the workspaces (database instances) of the control plane, or of one workgroup, with ' +
    'their state (Ready, Paused, Crashed, ...) and endpoint URL. ' +
    'Example input: {} or {"workgroup": "wg-0123456789ab"}',
  operations: [listWorkgroups],
  input: {
    workgroup: z.string().min(1).optional().describe('A workgroup id or name; default: all'),
  },
  output: { workspaces: z.array(workspaceRow) },
  async run(args, ctx) {
    const groups = (await workgroups(ctx)).filter(
      (g) =>
        args.workgroup === undefined ||
        g.WorkgroupID === args.workgroup ||
        g.Name === args.workgroup,
    );
    const rows = workspaceEntries(groups).map((w) => ({
      workspaceId: w.id,
      workgroupId: w.workgroupId,
      name: w.name,
      status: w.status,
      endpoint: w.endpoint,
      size: w.size,
    }));
    return {
      structured: { workspaces: rows },
      text: jsonText(count(rows.length, 'workspace'), rows),
    };
  },
});

export const cloudTools: readonly ToolDef[] = [listWorkgroupsTool, listWorkspacesTool];
