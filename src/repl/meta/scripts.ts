// Meta commands that run more than one statement: \i FILE and \demo.
import { readFile } from 'node:fs/promises';
import { createDemo, demoGraph, personId } from '../../core/demo/index.js';
import { usage, type MetaCommand } from './types.js';

export const includeCommand: MetaCommand = {
  name: 'i',
  usage: '\\i FILE',
  summary: 'run a GSQL script file (meta commands included)',
  async run(args, ctx) {
    const file = args[0];
    if (file === undefined) return usage(ctx, includeCommand);
    const text = await readFile(file, 'utf8');
    return ctx.runScript(text, file);
  },
};

export const demoCommand: MetaCommand = {
  name: 'demo',
  usage: '\\demo',
  summary: `create the sample graph "${demoGraph}" (people, companies, cities) and use it`,
  async run(_args, ctx) {
    const session = ctx.session;
    const outcome = await createDemo(session.client, (line) => session.out.note(line), ctx.signal);
    session.useGraph(outcome.graph);
    session.out.note(
      `Graph ${outcome.graph}: ${outcome.vertices} vertices and ${outcome.edges} edges upserted.`,
    );
    if (outcome.queryFailure !== undefined) {
      session.out.error(
        session.paint(
          'yellow',
          `The example queries (neighbours, khop_count, pagerank, shortest_hops) could not be installed:\n  ${outcome.queryFailure.replace(/\n/g, '\n  ')}`,
        ),
      );
    } else {
      session.out.note(`Installed queries: ${outcome.installed.join(', ')}.`);
    }
    const p = personId(0);
    session.out.note(
      [
        'Try:',
        `  \\schema`,
        `  \\vertex person ${p}`,
        `  \\path person:${p} person:${personId(41)}`,
        ...(outcome.queryFailure === undefined
          ? [`  RUN QUERY neighbours("${p}")`, '  RUN QUERY pagerank()']
          : []),
      ].join('\n'),
    );
    return 'ok';
  },
};
