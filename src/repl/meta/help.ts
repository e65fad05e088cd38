// \help: the command table itself, so the list can never drift from what runs.
import type { MetaCommand } from './types.js';

export function helpCommand(table: () => readonly MetaCommand[]): MetaCommand {
  return {
    name: 'help',
    usage: '\\help',
    summary: 'this list',
    async run(_args, ctx) {
      const rows = table();
      const width = Math.max(...rows.map((c) => c.usage.length));
      const lines = rows.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`);
      ctx.session.out.result(
        [
          'GSQL statements end with Enter once complete (open blocks continue on the next line);',
          'Alt+Enter or Ctrl+J inserts a newline. Tab completes; Up/Down and Ctrl+R search history;',
          'Ctrl+C cancels a running statement; Ctrl+D (or Ctrl+C twice) quits.',
          '',
          'Meta commands:',
          ...lines,
        ].join('\n'),
      );
      return 'ok';
    },
  };
}
