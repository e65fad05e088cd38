// The control plane's records as stored (state.json) and as answered in `Result`. Document 3
// shows none of their fields, so they follow the envelope's own style (PascalCase, as `CurrentIP`
// is); ids are strings. Types (not interfaces) so they fit the catalogue's open record schemas.

export type AllowedIp = {
  ID: string;
  /** An address (IPv4 or IPv6) or a CIDR block. */
  IP: string;
  Note: string;
  CreatedAt: string;
};

export type WorkgroupRecord = {
  WorkgroupID: string;
  Name: string;
  Region: string;
  CloudProvider: string;
  CreatedAt: string;
  /** When on, only addresses of AllowList reach the workgroup's workspaces. */
  AllowListEnabled: boolean;
  AllowList: AllowedIp[];
};

export type DatabaseRecord = {
  DatabaseID: string;
  WorkgroupID: string;
  Name: string;
  CreatedAt: string;
};

export type WorkspaceSize = string;

/** What the control plane wants of a workspace; its observed state is kept in memory. */
export type Desired = 'running' | 'paused';

export type ExitRecord = { Code: number | null; Signal: string | null; At: string };

export type WorkspaceRecord = {
  WorkspaceID: string;
  WorkgroupID: string;
  DatabaseID: string;
  Name: string;
  Size: WorkspaceSize;
  CreatedAt: string;
  Desired: Desired;
  /** The allow-list proxy's port: the workspace's endpoint, stable across pause and restarts. */
  Port: number;
  /** The workspace superuser's password, with which the control plane manages its users. */
  AdminPassword: string;
  LastExit?: ExitRecord;
};

export type WorkspaceStatus =
  'Starting' | 'Ready' | 'Pausing' | 'Paused' | 'Resuming' | 'Restoring' | 'Crashed' | 'Failed';

export type BackupRecord = {
  BackupID: string;
  WorkspaceID: string;
  Status: 'InProgress' | 'Succeeded' | 'Failed';
  /** Who asked: `manual` (an API call) or `schedule` (ScheduleID says which). */
  Trigger: 'manual' | 'schedule';
  ScheduleID?: string;
  CreatedAt: string;
  FinishedAt?: string;
  SizeBytes?: number;
  Error?: string;
};

export type RestoreStep = 'Queued' | 'Stopping' | 'Copying' | 'Swapping' | 'Starting' | 'Done';

export type RestoreJob = {
  JobID: string;
  WorkspaceID: string;
  BackupID: string;
  Status: 'Running' | 'Succeeded' | 'Failed';
  Step: RestoreStep;
  /** Percent done, 0 to 100. */
  Progress: number;
  StartedAt: string;
  FinishedAt?: string;
  Error?: string;
  /** How many times a control-plane restart resumed the job. */
  Resumed: number;
};

export type ScheduleAction = 'backup' | 'pause' | 'resume';

export type ScheduleRecord = {
  ScheduleID: string;
  WorkspaceID: string;
  Action: ScheduleAction;
  /** A cron expression (5 or 6 fields) or an ISO 8601 date-time for a one-off run. */
  Cron: string;
  Timezone?: string;
  Enabled: boolean;
  CreatedAt: string;
  LastRunAt?: string;
  LastResult?: string;
};

export type CloudState = {
  version: 1;
  workgroups: Record<string, WorkgroupRecord>;
  databases: Record<string, DatabaseRecord>;
  workspaces: Record<string, WorkspaceRecord>;
  backups: Record<string, BackupRecord>;
  restoreJobs: Record<string, RestoreJob>;
  schedules: Record<string, ScheduleRecord>;
};

export function emptyState(): CloudState {
  return {
    version: 1,
    workgroups: {},
    databases: {},
    workspaces: {},
    backups: {},
    restoreJobs: {},
    schedules: {},
  };
}
