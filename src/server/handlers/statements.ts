// The GSQL shell channel (POST /gsql/v1/statements, 3.x /gsqlserver/gsql/file): runs the script
// in a fresh shell session and answers with the shell's text, ending with the return-code line
// that real clients read and strip (`__GSQL__RETURN__CODE__,<n>`). Each statement is checked
// against the privileges of the authenticated user (engine/shell/statement-privileges.ts).
import { rolesOn } from '../auth/access-state.js';
import { ShellSession } from '../engine/shell/session.js';
import type { HandlerMap } from '../http/context.js';
import { shellServices } from './shell-services.js';

export const statementsHandlers: HandlerMap = {
  runStatements: async (ctx) => {
    const services = shellServices(ctx.engine, ctx.server.allowFiles);
    const user = ctx.user;
    const access = user ? { store: ctx.access.store, user: user.name } : undefined;
    // Queries the script runs see the caller's roles as REST++ queries do (queries.ts runRequest).
    const queryRoles =
      ctx.access.restppAuth && user
        ? (graph: string) => rolesOn(ctx.access.store.state, user.name, graph)
        : undefined;
    const session = new ShellSession(ctx.engine, { ...services, access, queryRoles });
    const result = await session.run(ctx.body);
    const body = result.lines.length > 0 ? `${result.lines.join('\n')}\n` : '';
    return { text: `${body}__GSQL__RETURN__CODE__,${result.returnCode}\n` };
  },
};
