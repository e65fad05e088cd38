// Meta commands for where the session points: \connect URL [user] and \graph NAME.
import { GraphError } from '../../core/errors.js';
import { describeError, statusOf } from '../status.js';
import { usage, type MetaCommand } from './types.js';

export const connectCommand: MetaCommand = {
  name: 'connect',
  usage: '\\connect URL [user]',
  summary: 'connect to another server (password from GWB_PASSWORD, else the current one)',
  async run(args, ctx) {
    const [url, user] = args;
    if (url === undefined) return usage(ctx, connectCommand);
    const session = ctx.session;
    const current = session.client.profile;
    const profile = {
      url,
      username: user ?? current.username ?? 'tigergraph',
      password: process.env.GWB_PASSWORD ?? current.password ?? 'tigergraph',
    };
    try {
      await session.reconnect(profile);
      const graphs = (await session.client.call('getGraphs', {}, { signal: ctx.signal })).graphs;
      if (graphs.length === 1) session.useGraph(graphs[0]?.graphName);
      session.out.note(
        `Connected to ${url} as ${profile.username}` +
          (session.graph ? `, graph ${session.graph}.` : '.'),
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
