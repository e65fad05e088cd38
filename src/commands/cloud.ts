// `gwb cloud`: the control plane (document 3) in the foreground. Prints one line when it
// listens (tests and scripts wait for it); SIGINT/SIGTERM stop it and its workspaces' servers.
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import { defaultCloudPort, startCloud } from '../cloud/index.js';
import { defaultDataDir } from './serve.js';

export interface CloudFlags {
  data?: string;
  host?: string;
  port?: string;
  apiKey?: string;
}

export function addCloudOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--data <dir>',
        'data folder of the control plane (default: $XDG_DATA_HOME/gwb/cloud)',
      ),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(
      new Option('--port <port>', 'port of the control plane (0: a free one)').default(
        String(defaultCloudPort),
      ),
    )
    .addOption(
      new Option(
        '--api-key <key>',
        'API key clients send as a bearer token (default: generated once, kept in DATA/api-key)',
      ).env('GWB_CLOUD_API_KEY'),
    );
}

export async function runCloudCommand(flags: CloudFlags): Promise<void> {
  const port = Number(flags.port ?? defaultCloudPort);
  if (!/^\d+$/.test(flags.port ?? '0') || port > 65535) {
    process.stderr.write(`gwb cloud: --port: not a port: ${flags.port}\n`);
    process.exit(2);
  }
  try {
    const cloud = await startCloud({
      dir: flags.data ?? join(defaultDataDir(), 'cloud'),
      host: flags.host,
      port,
      apiKey: flags.apiKey,
    });
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      cloud.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    process.stdout.write(
      `gwb cloud: listening on ${cloud.url} (data: ${cloud.dir}; API key in ${cloud.apiKeyFile})\n`,
    );
  } catch (error) {
    process.stderr.write(`gwb cloud: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
