// `gwb repl` (and plain `gwb`): the interactive ink shell on a terminal, or the script runner
// with -f, -c or piped stdin. Exit codes of the script runner: 0 success, 1 a GSQL or query
// error, 2 a connection or authentication failure (also when the embedded default cannot start).
import { readFile } from 'node:fs/promises';
import type { ConnectionFlags } from './connection-options.js';
import { connect, describeConnection, type FaceConnection } from './connect.js';
import { streamSink } from '../repl/output.js';
import { pagerFromEnv } from '../repl/pager.js';
import type { OutputFormat } from '../repl/render/result.js';
import { runScript } from '../repl/script.js';
import { Session } from '../repl/session.js';

export interface ReplFlags extends ConnectionFlags {
  file?: string;
  command?: string;
  format?: OutputFormat;
  continueOnError?: boolean;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function script(flags: ReplFlags): Promise<string | undefined> {
  if (flags.command !== undefined) return flags.command;
  if (flags.file !== undefined) return readFile(flags.file, 'utf8');
  if (!process.stdin.isTTY) return readStdin();
  return undefined;
}

export async function runReplCommand(flags: ReplFlags): Promise<number> {
  let text: string | undefined;
  try {
    text = await script(flags);
  } catch (error) {
    process.stderr.write(`gwb repl: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  let connection: FaceConnection;
  try {
    connection = await connect(flags);
  } catch (error) {
    process.stderr.write(
      `gwb repl: cannot connect: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  try {
    if (text === undefined) {
      const { runInteractive } = await import('../repl/interactive.js');
      return await runInteractive(
        connection,
        flags.format ?? 'table',
        describeConnection(connection),
      );
    }
    // A script's stdout is its results; which server ran them goes to stderr.
    if (connection.local !== undefined) {
      process.stderr.write(`gwb: using ${describeConnection(connection)}\n`);
    }
    const useColour = process.stdout.isTTY && process.env.NO_COLOR === undefined;
    const pager = pagerFromEnv();
    const session = new Session({
      profile: connection.profile,
      sink: streamSink(process.stdout, process.stderr, pager),
      pager,
      format: flags.format ?? 'table',
      colour: useColour,
      width: () => process.stdout.columns ?? 120,
    });
    const status = await runScript(session, text, {
      signal: new AbortController().signal,
      continueOnError: flags.continueOnError === true,
      ...(flags.file === undefined ? {} : { file: flags.file }),
    });
    await session.close();
    return status === 'connection' ? 2 : status === 'error' ? 1 : 0;
  } finally {
    await connection.close();
  }
}
