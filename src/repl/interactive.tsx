// Starts the ink shell on the terminal: a session whose output goes to the block feed, history
// loaded from and saved to the config folder, a greeting that says where the shell is connected
// and suggests \demo. Resolves with the exit code (0) when the user quits.
import { render } from 'ink';
import type { FaceConnection } from '../commands/connect.js';
import { App } from './app.js';
import { BlockFeed } from './feed.js';
import { historyFile, loadHistory, saveHistory } from './history.js';
import { pagerFromEnv } from './pager.js';
import { colour, plain } from './render/ansi.js';
import type { OutputFormat } from './render/result.js';
import { Session } from './session.js';

export async function runInteractive(
  connection: FaceConnection,
  format: OutputFormat,
  where: string,
): Promise<number> {
  const paint = process.env.NO_COLOR === undefined ? colour : plain;
  const pager = pagerFromEnv();
  const feed = new BlockFeed(paint, pager);
  const session = new Session({
    profile: connection.profile,
    sink: feed,
    pager,
    format,
    colour: paint === colour,
    width: () => process.stdout.columns ?? 100,
  });
  let graphs: string[] = [];
  try {
    graphs = (await session.client.call('getGraphs')).graphs.map((g) => g.graphName);
    if (session.graph === undefined && graphs.length === 1) session.useGraph(graphs[0]);
  } catch (error) {
    feed.error(
      paint(
        'red',
        `Cannot read the graphs: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
  feed.note(`Connected to ${where}${session.graph ? `, graph ${session.graph}` : ''}.`);
  feed.note(
    graphs.length === 0
      ? paint(
          'dim',
          'The server has no graphs yet: type \\demo to create a sample graph, \\help for help.',
        )
      : paint('dim', 'Type \\help for commands, \\demo for the sample graph.'),
  );
  void session.loadSchema();
  const file = historyFile();
  const instance = render(
    <App
      session={session}
      feed={feed}
      history={loadHistory(file)}
      onHistory={(entries) => saveHistory(file, entries)}
    />,
    { exitOnCtrlC: false },
  );
  await instance.waitUntilExit();
  await session.close();
  return 0;
}
