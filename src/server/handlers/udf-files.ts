// The user-defined function files on the GSQL server (spec document 2, User-defined objects):
// download one or all (ExprFunctions, ExprUtil, each also under its fixed `tg_` prefix, and
// TokenBank), upload one or several, and the token-bank functions the stored TokenBank defines.
// They read and write the same stored files as the shell's PUT/GET ExprFunctions|TokenBank
// (engine/catalog/udf-files.ts), so an upload here is what the shell, queries and loading jobs
// see. Messages follow the real service's samples: "Successfully update file: TokenBank".
import { putUdfFile, udfFileText } from '../engine/catalog/udf-files.js';
import type { UdfFileName } from '../engine/catalog/types.js';
import type { HandlerMap } from '../http/context.js';
import { NotFoundError } from '../http/errors.js';
import { tokenFunctions } from '../udt/token-functions.js';
import { EngineHttpCodes, withEngineErrors } from './engine-errors.js';

type GivenName = UdfFileName | 'tg_ExprFunctions' | 'tg_ExprUtil';

/** The stored file a given name means: `tg_` is the fixed prefix of the function files. */
const storedName = (given: GivenName): UdfFileName =>
  given.startsWith('tg_') ? (given.slice(3) as UdfFileName) : (given as UdfFileName);

const allNames: readonly GivenName[] = [
  'TokenBank',
  'ExprFunctions',
  'ExprUtil',
  'tg_ExprFunctions',
  'tg_ExprUtil',
];

export const udfFileHandlers: HandlerMap = withEngineErrors({
  getUdtFile: (ctx) => {
    const name = ctx.params.fileName;
    return Promise.resolve({
      results: { [name]: udfFileText(ctx.engine.catalog, storedName(name)) },
    });
  },

  listUdtFiles: (ctx) =>
    Promise.resolve({
      results: Object.fromEntries(
        allNames.map((n) => [n, udfFileText(ctx.engine.catalog, storedName(n))]),
      ),
    }),

  putUdtFile: async (ctx) => {
    const file = storedName(ctx.params.fileName);
    await ctx.engine.changeSchema((c) => putUdfFile(c, file, ctx.body));
    return { message: `Successfully update file: ${ctx.params.fileName}` };
  },

  putUdtFiles: async (ctx) => {
    const files = ctx.body.files;
    await ctx.engine.changeSchema((c) =>
      files.reduce((acc, f) => putUdfFile(acc, storedName(f.Name), f.Content), c),
    );
    return { message: `All files get updated: [${files.map((f) => f.Name).join(', ')}].` };
  },

  listTokenFunctions: (ctx) =>
    Promise.resolve({ results: tokenFunctions(udfFileText(ctx.engine.catalog, 'TokenBank')) }),

  getTokenFunction: (ctx) => {
    const name = ctx.params.functionName;
    const found = tokenFunctions(udfFileText(ctx.engine.catalog, 'TokenBank')).find(
      (f) => f.name === name,
    );
    if (!found) {
      throw new NotFoundError(
        `token function "${name}" is not defined in the stored TokenBank file`,
        EngineHttpCodes.objectNotFound,
      );
    }
    return Promise.resolve({ results: found });
  },
});
