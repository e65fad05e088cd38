// The GSQL shell channel (POST /gsql/v1/statements, 3.x /gsqlserver/gsql/file): runs the script
// in a fresh shell session and answers with the shell's text, ending with the return-code line
// that real clients read and strip (`__GSQL__RETURN__CODE__,<n>`).
import type { ShellServices } from '../engine/shell/context.js';
import { ShellSession } from '../engine/shell/session.js';
import type { HandlerMap } from '../http/context.js';

/** Builds the statements handler over the shell services available in this server. */
export function statementsHandlers(services: ShellServices = {}): HandlerMap {
  return {
    runStatements: async (ctx) => {
      const session = new ShellSession(ctx.engine, services);
      const result = await session.run(ctx.body);
      const body = result.lines.length > 0 ? `${result.lines.join('\n')}\n` : '';
      return { text: `${body}__GSQL__RETURN__CODE__,${result.returnCode}\n` };
    },
  };
}
