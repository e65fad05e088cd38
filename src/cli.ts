// The `gwb` command: parses the command line and hands each subcommand to its module in
// src/commands. Subcommands are listed in DESIGN.md; the ones whose issue has not landed yet say
// so and exit 2.
import { Command, Option } from 'commander';
import { addConnectionOptions } from './commands/connection-options.js';
import { addMcpOptions } from './commands/mcp-options.js';
import { addCloudClientOptions } from './commands/cloud-client-options.js';
import { runCheckCommand } from './commands/check.js';
import { addCloudOptions, runCloudCommand, type CloudFlags } from './commands/cloud.js';
import { addServeOptions, runServeCommand, type ServeFlags } from './commands/serve.js';

declare const GWB_VERSION: string;
const version = typeof GWB_VERSION === 'string' ? GWB_VERSION : '0.0.0-dev';

export function buildProgram(): Command {
  const program = new Command('gwb')
    .description('graph-workbench: a workbench for TigerGraph-style graph databases')
    .version(version, '-V, --version', 'print the gwb version')
    .showHelpAfterError('(run gwb --help for usage)');

  addConnectionOptions(
    program
      .command('repl', { isDefault: true })
      .description(
        'interactive GSQL shell (default); runs a script and exits with -f, -c or piped stdin',
      )
      .option('-f, --file <file>', 'run a GSQL script file and exit')
      .option('-c, --command <statement>', 'run one statement and exit')
      .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']))
      .option('--continue-on-error', 'keep going after a failing statement'),
  ).action(async (flags: object) => {
    // Loaded on use: the shell's modules (ink, react) stay out of the other subcommands' start.
    const { runReplCommand } = await import('./commands/repl.js');
    // Exit explicitly: an in-process server or a kept-alive socket must not hold the shell open.
    process.exit(await runReplCommand(flags));
  });

  const notebook = addConnectionOptions(
    program
      .command('notebook [file]')
      .description('browser notebook server on 127.0.0.1; opens FILE (created if absent)')
      .option('--listen <port>', 'port to listen on (default: a free port)'),
  );
  addCloudClientOptions(notebook, 'adds the workspace picker').action(
    async (file: string | undefined, flags: object) => {
      const { runNotebookCommand } = await import('./commands/notebook.js');
      process.exit(await runNotebookCommand(file, flags));
    },
  );

  const mcp = addConnectionOptions(
    program
      .command('mcp')
      .description('MCP server for AI assistants on stdio, or Streamable HTTP with --http')
      .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:PORT instead of stdio')
      .option('--allow-writes', 'register the tools that change data or schema'),
  );
  addMcpOptions(mcp).action(async (flags: Record<string, unknown>) => {
    // Loaded on use: the MCP SDK stays out of the other subcommands' start.
    const { runMcpCommand } = await import('./commands/mcp.js');
    await runMcpCommand(flags);
  });

  addServeOptions(
    addConnectionOptions(
      program
        .command('serve')
        .description('run the embedded graph database service in the foreground'),
    ),
  ).action((flags: ServeFlags) => runServeCommand(flags));

  addCloudOptions(
    program
      .command('cloud')
      .description('control plane (workgroups, workspaces, backups) managing gwb serve databases'),
  ).action((flags: CloudFlags) => runCloudCommand(flags));

  for (const [name, description] of [
    ['status', 'show whether the shared local gwb server of the data folder runs (exit 3 if not)'],
    ['stop', 'stop the shared local gwb server of the data folder'],
  ] as const) {
    program
      .command(name)
      .description(description)
      .option('--data <dir>', 'data folder of the embedded default (default: $XDG_DATA_HOME/gwb)')
      .action(async (flags: { data?: string }) => {
        const commands = await import('./commands/local-server-commands.js');
        const run = name === 'status' ? commands.runStatusCommand : commands.runStopCommand;
        process.exitCode = await run(flags);
      });
  }

  program
    .command('check')
    .description('check GSQL files offline; prints file:line:col diagnostics, exit 1 on error')
    .argument('<files...>', 'GSQL files to check')
    .action(async (files: string[]) => {
      process.exitCode = await runCheckCommand(files);
    });

  return program;
}

await buildProgram().parseAsync(process.argv);
