// Meta commands for the session's own settings: \timing, \format, \pager, \o, \q.
import type { OutputFormat } from '../render/result.js';
import { usage, type MetaCommand } from './types.js';

export const formats: readonly OutputFormat[] = ['table', 'json', 'csv'];

export const timing: MetaCommand = {
  name: 'timing',
  usage: '\\timing [on|off]',
  summary: 'show how long each statement took',
  async run(args, ctx) {
    const arg = args[0];
    if (arg !== undefined && arg !== 'on' && arg !== 'off') return usage(ctx, timing);
    ctx.session.timing = arg === undefined ? !ctx.session.timing : arg === 'on';
    ctx.session.out.note(`Timing is ${ctx.session.timing ? 'on' : 'off'}.`);
    return 'ok';
  },
};

export const format: MetaCommand = {
  name: 'format',
  usage: '\\format table|json|csv',
  summary: 'how results are shown',
  async run(args, ctx) {
    const arg = args[0] as OutputFormat | undefined;
    if (arg === undefined) {
      ctx.session.out.note(`Output format is ${ctx.session.format}.`);
      return 'ok';
    }
    if (!formats.includes(arg)) return usage(ctx, format);
    ctx.session.format = arg;
    ctx.session.out.note(`Output format is ${arg}.`);
    return 'ok';
  },
};

export const pager: MetaCommand = {
  name: 'pager',
  usage: '\\pager [on|off]',
  summary: 'send results taller than the screen through the pager ($PAGER, or less)',
  async run(args, ctx) {
    const arg = args[0];
    if (arg !== undefined && arg !== 'on' && arg !== 'off') return usage(ctx, pager);
    const p = ctx.session.pager;
    p.enabled = arg === undefined ? !p.enabled : arg === 'on';
    if (p.enabled && p.command === undefined) {
      p.enabled = false;
      ctx.session.out.note(
        'Pager is off: there is no pager here (output is not a terminal, or PAGER is empty).',
      );
      return 'ok';
    }
    ctx.session.out.note(p.enabled ? `Pager is on (${p.command ?? ''}).` : 'Pager is off.');
    return 'ok';
  },
};

export const output: MetaCommand = {
  name: 'o',
  usage: '\\o [FILE]',
  summary: 'send results to FILE (appending); without FILE, back to the screen',
  async run(args, ctx) {
    const file = args[0];
    ctx.session.out.redirect(file);
    ctx.session.out.note(
      file === undefined ? 'Results go to the screen.' : `Results go to ${file}.`,
    );
    return 'ok';
  },
};

export const quit: MetaCommand = {
  name: 'q',
  usage: '\\q',
  summary: 'quit',
  async run() {
    return 'quit';
  },
};
