// The flags that name a control plane to use (`gwb cloud`, document 3), shared by every face that
// lists workspaces (`gwb mcp`, `gwb notebook`), with the environment variables the REPL reads.
import { Option, type Command } from 'commander';

export interface CloudClientFlags {
  cloudUrl?: string;
  cloudApiKey?: string;
}

/** --cloud-url and --cloud-api-key (GWB_CLOUD_URL, GWB_CLOUD_API_KEY). */
export function addCloudClientOptions(command: Command, what: string): Command {
  return command
    .addOption(
      new Option('--cloud-url <url>', `a gwb cloud control plane: ${what}`).env('GWB_CLOUD_URL'),
    )
    .addOption(
      new Option('--cloud-api-key <key>', "the control plane's API key").env('GWB_CLOUD_API_KEY'),
    );
}
