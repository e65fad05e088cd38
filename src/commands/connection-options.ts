// The flags every connecting subcommand shares (DESIGN.md: common flags), with their env vars.
import { Option, type Command } from 'commander';

export interface ConnectionFlags {
  profile?: string;
  url?: string;
  graph?: string;
  user?: string;
  password?: string;
  token?: string;
  secret?: string;
  data?: string;
  port?: string;
  restppPort?: string;
}

export function addConnectionOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--url <url>', 'server to use instead of the embedded default').env('GWB_URL'),
    )
    .addOption(new Option('--graph <graph>', 'graph to use').env('GWB_GRAPH'))
    .addOption(new Option('--user <user>', 'user name').env('GWB_USER'))
    .addOption(new Option('--password <password>', 'password').env('GWB_PASSWORD'))
    .addOption(new Option('--token <token>', 'REST++ bearer token').env('GWB_TOKEN'))
    .addOption(new Option('--secret <secret>', 'secret to obtain tokens with').env('GWB_SECRET'))
    .addOption(
      new Option(
        '--data <dir>',
        'data folder of the embedded default (default: $XDG_DATA_HOME/gwb)',
      ),
    )
    .addOption(new Option('--port <port>', 'port of the embedded server').default('14240'))
    .addOption(
      new Option('--restpp-port <port>', 'legacy REST++ listener port (off unless given)'),
    );
}
