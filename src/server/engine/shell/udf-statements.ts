// PUT / GET of user-defined function files in the shell: `PUT ExprFunctions FROM "path"`
// stores the file's text in the catalog (durable, answered back by GET and by
// GET /gsql/v1/udt/files/{file}); `GET ExprFunctions TO "path"` writes the stored text to a
// file. Paths are on the service's machine, inside the folders it may use (`--allow-files`),
// as RUN LOADING JOB paths are. The embedded service cannot compile the C++: the functions it
// knows by name run as TypeScript, others come from `gwb serve --udf` modules.
import type { GetUdf, PutUdf } from '../../../core/gsql/index.js';
import { putUdfFile, udfFileText } from '../catalog/udf-files.js';
import type { StatementContext } from './context.js';
import { ShellError } from './errors.js';

function files(ctx: StatementContext): NonNullable<StatementContext['services']['files']> {
  const f = ctx.services.files;
  if (!f) throw new ShellError('PUT and GET of files are not supported by this shell.');
  return f;
}

/** The ExprUtil file is for helpers of ExprFunctions; TokenBank for loading-job functions. */
export async function putUdf(ctx: StatementContext, s: PutUdf): Promise<string[]> {
  const text = await files(ctx).read(s.path);
  await ctx.engine.changeSchema((c) => putUdfFile(c, s.file, text));
  return [`PUT ${s.file} successfully.`];
}

export async function getUdf(ctx: StatementContext, s: GetUdf): Promise<string[]> {
  await files(ctx).write(s.path, udfFileText(ctx.engine.catalog, s.file));
  return [`GET ${s.file} successfully.`];
}
