// The meta command table: `\name args` looked up here and run against the session. One module
// per group of commands; \help prints this table.
import { describeError, statusOf, type StepStatus } from '../status.js';
import { connectCommand, graphCommand } from './connection.js';
import { workspacesCommand } from './workspaces.js';
import { pathCommand, vertexCommand } from './data.js';
import { helpCommand } from './help.js';
import { describeCommand, queriesCommand, schemaCommand } from './schema.js';
import { demoCommand, includeCommand } from './scripts.js';
import { format, output, pager, quit, timing } from './settings.js';
import type { MetaCommand, MetaContext } from './types.js';

export type { MetaCommand, MetaContext } from './types.js';

export const metaCommands: readonly MetaCommand[] = [
  helpCommand(() => metaCommands),
  connectCommand,
  workspacesCommand,
  graphCommand,
  schemaCommand,
  queriesCommand,
  describeCommand,
  pathCommand,
  vertexCommand,
  timing,
  format,
  pager,
  output,
  includeCommand,
  demoCommand,
  quit,
];

/** Words of a meta command line; double quotes group words with spaces. */
export function metaWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|(\S+)/g)) words.push(m[1] ?? m[2] ?? '');
  return words;
}

/** Whether a line is a meta command. */
export function isMeta(line: string): boolean {
  return line.trimStart().startsWith('\\');
}

export async function runMeta(line: string, ctx: MetaContext): Promise<StepStatus> {
  const [head = '', ...args] = metaWords(line.trim().slice(1));
  const name = head === 'quit' || head === 'exit' ? 'q' : head === '?' ? 'help' : head;
  const command = metaCommands.find((c) => c.name === name);
  if (!command) {
    ctx.session.out.error(`unknown command \\${head}; \\help lists the commands`);
    return 'error';
  }
  try {
    return await command.run(args, ctx);
  } catch (error) {
    ctx.session.out.error(describeError(error, ctx.session.paint));
    return statusOf(error);
  }
}
