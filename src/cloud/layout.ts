// Where the control plane keeps things inside its data folder (one definition of each path).
import { join } from 'node:path';

export class CloudLayout {
  constructor(readonly root: string) {}

  /** A database's data folder: the `gwb serve --data` of the workspace running on it. */
  database(databaseId: string): string {
    return join(this.root, 'databases', databaseId);
  }

  /** A workspace's own folder (its server's log). */
  workspace(workspaceId: string): string {
    return join(this.root, 'workspaces', workspaceId);
  }

  backups(workspaceId: string): string {
    return join(this.root, 'backups', workspaceId);
  }

  backup(workspaceId: string, backupId: string): string {
    return join(this.backups(workspaceId), backupId);
  }

  apiKeyFile(): string {
    return join(this.root, 'api-key');
  }
}
