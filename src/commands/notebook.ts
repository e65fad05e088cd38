// `gwb notebook [file] [--listen PORT]`: serves the browser notebook on 127.0.0.1 and prints its
// URL with the access token on stdout. The page's assets are the ones `npm ci` built next to this
// bundle (dist/notebook). Runs until interrupted.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CloudClientFlags } from './cloud-client-options.js';
import type { ConnectionFlags } from './connection-options.js';
import { connect, describeConnection } from './connect.js';

export interface NotebookFlags extends ConnectionFlags, CloudClientFlags {
  listen?: string;
}

declare const GWB_VERSION: string;
const version = typeof GWB_VERSION === 'string' ? GWB_VERSION : '0.0.0-dev';

function assetsDir(): string {
  // dist/cli.js -> dist/notebook; from the sources (tsx) -> the built dist/notebook.
  for (const candidate of ['./notebook/', '../../dist/notebook/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  throw new Error('the notebook page is not built: run `npm run build`');
}

function portOf(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--listen: '${text}' is not a port number (0-65535)`);
  }
  return port;
}

export async function runNotebookCommand(file: string | undefined, flags: NotebookFlags) {
  let port: number;
  let dir: string;
  try {
    port = portOf(flags.listen);
    dir = assetsDir();
  } catch (error) {
    process.stderr.write(`gwb notebook: ${(error as Error).message}\n`);
    return 2;
  }
  const connection = await connect(flags).catch((error: unknown) => {
    process.stderr.write(`gwb notebook: cannot connect: ${(error as Error).message}\n`);
    return undefined;
  });
  if (!connection) return 2;
  const { startNotebook } = await import('../notebook/index.js');
  try {
    const notebook = await startNotebook({
      file: file ?? 'notebook.gwbnb',
      profile: connection.profile,
      via: describeConnection(connection),
      port,
      assetsDir: dir,
      version,
      ...(flags.cloudUrl === undefined || flags.cloudUrl === ''
        ? {}
        : { cloud: { url: flags.cloudUrl, apiKey: flags.cloudApiKey } }),
    });
    process.stdout.write(`${notebook.url}\n`);
    process.stderr.write(
      `gwb notebook: serving ${file ?? 'notebook.gwbnb'} on ${describeConnection(connection)}; ` +
        'Ctrl+C stops\n',
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await notebook.close();
    await connection.close();
    return 0;
  } catch (error) {
    process.stderr.write(`gwb notebook: ${(error as Error).message}\n`);
    await connection.close();
    return 1;
  }
}
