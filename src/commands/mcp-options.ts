// The flags only `gwb mcp` takes, beside the common connection flags; kept apart from
// commands/mcp.ts so that declaring them does not load the MCP SDK.
import { Option, type Command } from 'commander';
import { addCloudClientOptions } from './cloud-client-options.js';

/** The MCP-only flags beside the common connection flags and --http / --allow-writes. */
export function addMcpOptions(command: Command): Command {
  return addCloudClientOptions(
    command
      .addOption(new Option('--no-auth', 'HTTP: no bearer token (loopback only)'))
      .addOption(new Option('--max-rows <n>', 'most rows per tool result').env('GWB_MCP_MAX_ROWS'))
      .addOption(
        new Option('--max-bytes <n>', 'rough cap of one tool result in bytes').env(
          'GWB_MCP_MAX_BYTES',
        ),
      )
      .addOption(
        new Option('--timeout <seconds>', 'GSQL-TIMEOUT of every call').env('GWB_MCP_TIMEOUT'),
      ),
    'adds workspace tools',
  );
}
