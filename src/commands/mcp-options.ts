// The flags only `gwb mcp` takes, beside the common connection flags; kept apart from
// commands/mcp.ts so that declaring them does not load the MCP SDK.
import { Option, type Command } from 'commander';

/** The MCP-only flags beside the common connection flags and --http / --allow-writes. */
export function addMcpOptions(command: Command): Command {
  return command
    .addOption(new Option('--no-auth', 'HTTP: no bearer token (loopback only)'))
    .addOption(new Option('--max-rows <n>', 'most rows per tool result').env('GWB_MCP_MAX_ROWS'))
    .addOption(
      new Option('--max-bytes <n>', 'rough cap of one tool result in bytes').env(
        'GWB_MCP_MAX_BYTES',
      ),
    )
    .addOption(
      new Option('--timeout <seconds>', 'GSQL-TIMEOUT of every call').env('GWB_MCP_TIMEOUT'),
    )
    .addOption(
      new Option('--cloud-url <url>', 'a gwb cloud control plane: adds workspace tools').env(
        'GWB_CLOUD_URL',
      ),
    )
    .addOption(
      new Option('--cloud-api-key <key>', "the control plane's API key").env('GWB_CLOUD_API_KEY'),
    );
}
