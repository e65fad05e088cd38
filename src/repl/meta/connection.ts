// Meta commands for where the session points: \connect URL|WORKSPACE [user] and \graph NAME.
// \connect says who the session is and with which roles (read from SHOW USER, which anyone may
// run); a workspace is looked up by name on the control plane (workspaces.ts).
import type { GraphClient } from '../../core/client/index.js';
import { GraphError } from '../../core/errors.js';
import { describeError, statusOf } from '../status.js';
import { usage, type MetaCommand } from './types.js';
import { workspaceEndpoint } from './workspaces.js';

/**
 * The user's roles as SHOW USER prints them (`- Name: u` then `- Graph 'g' Roles: a, b`):
 * `a, b on graph g; c globally`; undefined when the server does not say.
 */
export function rolesFromShowUser(output: string, user: string): string | undefined {
  const parts: string[] = [];
  let mine = false;
  for (const line of output.split('\n')) {
    const name = /^\s*- Name: (\S+)/.exec(line);
    if (name) {
      mine = name[1] === user;
      continue;
    }
    const roles = mine ? /^\s*- (Global|Graph '([^']*)') Roles: (.*)$/.exec(line) : null;
    if (roles) {
      parts.push(
        `${roles[3] ?? ''} ${roles[2] === undefined ? 'globally' : `on graph ${roles[2]}`}`,
      );
    }
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

async function describeUser(client: GraphClient, user: string, signal: AbortSignal) {
  try {
    const shown = await client.gsql('SHOW USER', { signal });
    const roles = shown.ok ? rolesFromShowUser(shown.output, user) : undefined;
    return roles === undefined ? user : `${user} (roles: ${roles})`;
  } catch {
    return user;
  }
}

export const connectCommand: MetaCommand = {
  name: 'connect',
  usage: '\\connect URL|WORKSPACE [user]',
  summary: 'connect to another server (password from GWB_PASSWORD, else the current one)',
  async run(args, ctx) {
    const [target, user] = args;
    if (target === undefined) return usage(ctx, connectCommand);
    const session = ctx.session;
    const current = session.client.profile;
    let url = target;
    try {
      // Not a URL: the name (or id) of a workspace of the control plane (\workspaces).
      if (!target.includes('://')) url = await workspaceEndpoint(target, ctx.signal);
    } catch (error) {
      session.out.error(describeError(error, session.paint));
      return statusOf(error);
    }
    const profile = {
      url,
      username: user ?? current.username ?? 'tigergraph',
      password: process.env.GWB_PASSWORD ?? current.password ?? 'tigergraph',
    };
    try {
      await session.reconnect(profile);
      const graphs = (await session.client.call('getGraphs', {}, { signal: ctx.signal })).graphs;
      if (graphs.length === 1) session.useGraph(graphs[0]?.graphName);
      const who = await describeUser(session.client, profile.username, ctx.signal);
      session.out.note(
        `Connected to ${url} as ${who}` + (session.graph ? `, graph ${session.graph}.` : '.'),
      );
      return 'ok';
    } catch (error) {
      session.out.error(describeError(error, session.paint));
      return statusOf(error);
    }
  },
};

export const graphCommand: MetaCommand = {
  name: 'graph',
  usage: '\\graph [NAME]',
  summary: 'use graph NAME (without NAME: list the graphs)',
  async run(args, ctx) {
    const session = ctx.session;
    const graphs = (await session.client.call('getGraphs', {}, { signal: ctx.signal })).graphs;
    const name = args[0];
    if (name === undefined) {
      const lines = graphs.map(
        (g) => `${g.graphName === session.graph ? '*' : ' '} ${g.graphName}`,
      );
      session.out.result(lines.length > 0 ? lines.join('\n') : '(no graphs)');
      return 'ok';
    }
    if (!graphs.some((g) => g.graphName === name)) {
      throw new GraphError(`graph ${name} does not exist`, { code: 'GWB-NO-GRAPH' });
    }
    session.useGraph(name);
    session.out.note(`Using graph ${name}.`);
    return 'ok';
  },
};
