// The control plane's services wired together over one data folder: the durable state, the
// workspaces (processes and proxies), backups and restores, schedules. Workgroups, their allow
// lists and databases are plain records and live here; start() recovers what a kill left behind
// before anything runs (restores made whole, cut backups failed), then brings workspaces up,
// resumes restore jobs and arms schedules.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { parseEntry } from './allow-list.js';
import { Backups } from './backups.js';
import { badRequest, conflict, notFound } from './errors.js';
import { CloudLayout } from './layout.js';
import type { AllowedIp, DatabaseRecord, WorkgroupRecord, WorkspaceRecord } from './records.js';
import { Schedules } from './schedules.js';
import { newId, StateStore } from './state-store.js';
import { Workspaces, type WorkspaceView } from './workspaces.js';

export type WorkgroupView = WorkgroupRecord & {
  Workspaces: WorkspaceView[];
  Databases: DatabaseView[];
};
export type DatabaseView = DatabaseRecord & { WorkspaceIDs: string[] };

export interface ControlPlaneOptions {
  readonly dir: string;
  /** Address the workspaces' endpoints listen on (the control plane's own host). */
  readonly host: string;
  readonly serveCommand?: readonly string[];
}

export class ControlPlane {
  readonly layout: CloudLayout;
  readonly workspaces: Workspaces;
  readonly backups: Backups;
  readonly schedules: Schedules;

  private constructor(
    readonly store: StateStore,
    options: ControlPlaneOptions,
  ) {
    this.layout = new CloudLayout(options.dir);
    this.workspaces = new Workspaces(store, this.layout, options);
    this.backups = new Backups(store, this.layout, this.workspaces);
    this.schedules = new Schedules(store, {
      run: async (action, workspaceId, scheduleId) => {
        if (action === 'backup') {
          const backup = await this.backups.backUp(workspaceId, 'schedule', scheduleId);
          return `backup ${backup.BackupID}: ${backup.Status}`;
        }
        const view =
          action === 'pause'
            ? await this.workspaces.pause(workspaceId)
            : await this.workspaces.resume(workspaceId);
        return `${action}: workspace ${view.Status}`;
      },
    });
  }

  static async start(options: ControlPlaneOptions): Promise<ControlPlane> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const plane = new ControlPlane(await StateStore.open(options.dir), options);
    await plane.backups.recoverOnDisk();
    await plane.workspaces.boot();
    await plane.backups.resumeJobs();
    plane.schedules.boot();
    return plane;
  }

  async close(): Promise<void> {
    this.schedules.close();
    await this.backups.settle();
    await this.workspaces.close();
  }

  // --- workgroups ------------------------------------------------------------------------

  workgroup(id: string): WorkgroupRecord {
    const wg = this.store.state.workgroups[id];
    if (!wg) throw notFound('workgroup', id);
    return wg;
  }

  workgroupView(wg: WorkgroupRecord): WorkgroupView {
    const s = this.store.state;
    return {
      ...wg,
      Workspaces: Object.values(s.workspaces)
        .filter((w) => w.WorkgroupID === wg.WorkgroupID)
        .map((w) => this.workspaces.view(w)),
      Databases: Object.values(s.databases)
        .filter((d) => d.WorkgroupID === wg.WorkgroupID)
        .map((d) => this.databaseView(d)),
    };
  }

  async createWorkgroup(input: { Name: string; Region?: string; CloudProvider?: string }) {
    const wg: WorkgroupRecord = {
      WorkgroupID: newId('wg'),
      Name: input.Name,
      Region: input.Region ?? 'local',
      CloudProvider: input.CloudProvider ?? 'gwb',
      CreatedAt: new Date().toISOString(),
      AllowListEnabled: false,
      AllowList: [],
    };
    await this.store.update((s) => {
      s.workgroups[wg.WorkgroupID] = wg;
    });
    return this.workgroupView(wg);
  }

  async updateWorkgroup(id: string, input: { Name?: string; Region?: string }) {
    const wg = this.workgroup(id);
    await this.store.update(() => {
      if (input.Name !== undefined) wg.Name = input.Name;
      if (input.Region !== undefined) wg.Region = input.Region;
    });
    return this.workgroupView(wg);
  }

  async deleteWorkgroup(id: string): Promise<string> {
    const wg = this.workgroup(id);
    const used = Object.values(this.store.state.workspaces).filter((w) => w.WorkgroupID === id);
    if (used.length > 0) {
      throw conflict(
        `workgroup ${id} still has workspaces (${used.map((w) => w.WorkspaceID).join(', ')}): delete them first`,
      );
    }
    const databases = Object.values(this.store.state.databases).filter((d) => d.WorkgroupID === id);
    await this.store.update((s) => {
      for (const d of databases) delete s.databases[d.DatabaseID];
      delete s.workgroups[id];
    });
    for (const d of databases) {
      await rm(this.layout.database(d.DatabaseID), { recursive: true, force: true });
    }
    return `workgroup ${wg.WorkgroupID} deleted`;
  }

  // --- allow lists -------------------------------------------------------------------------

  async addAllowedIp(workgroupId: string, input: { IP: string; Note?: string }) {
    const wg = this.workgroup(workgroupId);
    const ip = parseEntry(input.IP);
    if (wg.AllowList.some((e) => e.IP === ip)) {
      throw badRequest(`allow list of ${workgroupId} already has ${ip}`);
    }
    const entry: AllowedIp = {
      ID: newId('ip'),
      IP: ip,
      Note: input.Note ?? '',
      CreatedAt: new Date().toISOString(),
    };
    await this.store.update(() => {
      wg.AllowList.push(entry);
    });
    return entry;
  }

  async updateAllowedIp(workgroupId: string, id: string, input: { IP: string; Note?: string }) {
    const wg = this.workgroup(workgroupId);
    const entry = wg.AllowList.find((e) => e.ID === id);
    if (!entry) throw notFound(`allow-list entry of ${workgroupId}`, id);
    const ip = parseEntry(input.IP);
    await this.store.update(() => {
      entry.IP = ip;
      if (input.Note !== undefined) entry.Note = input.Note;
    });
    return entry;
  }

  async deleteAllowedIp(workgroupId: string, id: string): Promise<string> {
    const wg = this.workgroup(workgroupId);
    const index = wg.AllowList.findIndex((e) => e.ID === id);
    if (index < 0) throw notFound(`allow-list entry of ${workgroupId}`, id);
    await this.store.update(() => {
      wg.AllowList.splice(index, 1);
    });
    return `allow-list entry ${id} removed`;
  }

  async setAllowList(workgroupId: string, enabled: boolean): Promise<string> {
    const wg = this.workgroup(workgroupId);
    await this.store.update(() => {
      wg.AllowListEnabled = enabled;
    });
    return enabled
      ? `allow list of ${workgroupId} enabled: only its ${wg.AllowList.length} entries may connect`
      : `allow list of ${workgroupId} disabled: any address may connect`;
  }

  // --- databases ---------------------------------------------------------------------------

  database(workgroupId: string, id: string): DatabaseRecord {
    const db = this.store.state.databases[id];
    if (db?.WorkgroupID !== workgroupId) throw notFound(`database of workgroup ${workgroupId}`, id);
    return db;
  }

  databaseView(db: DatabaseRecord): DatabaseView {
    return {
      ...db,
      WorkspaceIDs: Object.values(this.store.state.workspaces)
        .filter((w) => w.DatabaseID === db.DatabaseID)
        .map((w) => w.WorkspaceID),
    };
  }

  async renameDatabase(workgroupId: string, id: string, name: string) {
    const db = this.database(workgroupId, id);
    await this.store.update(() => {
      db.Name = name;
    });
    return this.databaseView(db);
  }

  async deleteDatabase(workgroupId: string, id: string): Promise<string> {
    const view = this.databaseView(this.database(workgroupId, id));
    if (view.WorkspaceIDs.length > 0) {
      throw conflict(`database ${id} is used by workspace ${view.WorkspaceIDs.join(', ')}`);
    }
    await this.store.update((s) => {
      delete s.databases[id];
    });
    await rm(this.layout.database(id), { recursive: true, force: true });
    return `database ${id} deleted`;
  }

  // --- workspaces --------------------------------------------------------------------------

  async createWorkspace(
    workgroupId: string,
    input: { Name: string; Size?: string; DatabaseID?: string; DatabaseName?: string },
  ): Promise<WorkspaceView> {
    this.workgroup(workgroupId);
    let database: DatabaseRecord;
    if (input.DatabaseID !== undefined) {
      database = this.database(workgroupId, input.DatabaseID);
      const users = this.databaseView(database).WorkspaceIDs;
      if (users.length > 0) {
        throw conflict(`database ${database.DatabaseID} already has workspace ${users.join(', ')}`);
      }
    } else {
      database = {
        DatabaseID: newId('db'),
        WorkgroupID: workgroupId,
        Name: input.DatabaseName ?? input.Name,
        CreatedAt: new Date().toISOString(),
      };
      await this.store.update((s) => {
        s.databases[database.DatabaseID] = database;
      });
    }
    const ws: WorkspaceRecord = {
      WorkspaceID: newId('ws'),
      WorkgroupID: workgroupId,
      DatabaseID: database.DatabaseID,
      Name: input.Name,
      Size: input.Size ?? 'TG-00',
      CreatedAt: new Date().toISOString(),
      Desired: 'running',
      Port: 0,
      AdminPassword: randomBytes(18).toString('base64url'),
    };
    return this.workspaces.create(ws);
  }

  async updateWorkspace(
    workgroupId: string,
    id: string,
    input: { Name?: string; Size?: string },
  ): Promise<WorkspaceView & { Note?: string }> {
    const ws = this.workspaces.inWorkgroup(workgroupId, id);
    const resized = input.Size !== undefined && input.Size !== ws.Size;
    await this.store.update(() => {
      if (input.Name !== undefined) ws.Name = input.Name;
      if (input.Size !== undefined) ws.Size = input.Size;
    });
    const view = this.workspaces.view(ws);
    return resized
      ? {
          ...view,
          Note:
            `size recorded as ${ws.Size}; nothing was resized: a workspace of gwb cloud is one ` +
            'embedded database process, whatever its size',
        }
      : view;
  }

  async deleteWorkspace(workgroupId: string, id: string): Promise<string> {
    this.workspaces.inWorkgroup(workgroupId, id);
    if (this.workspaces.status(id) === 'Restoring') {
      throw conflict(`workspace ${id} is being restored`);
    }
    await this.schedules.deleteAll(id);
    const backups = this.backups.list(id).filter((b) => b.Status !== 'InProgress');
    await this.backups.delete(
      id,
      backups.map((b) => b.BackupID),
    );
    await this.workspaces.delete(id);
    await rm(this.layout.backups(id), { recursive: true, force: true });
    return `workspace ${id} deleted (its database stays in the workgroup)`;
  }

  /** Workspace metadata of the organisation: what can be chosen and what runs. */
  meta(sizes: readonly string[]) {
    const s = this.store.state;
    const byStatus: Record<string, number> = {};
    for (const ws of Object.values(s.workspaces)) {
      const status = this.workspaces.status(ws.WorkspaceID);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
    return {
      WorkspaceSizes: sizes,
      Regions: ['local'],
      CloudProviders: ['gwb'],
      Workgroups: Object.keys(s.workgroups).length,
      Workspaces: Object.keys(s.workspaces).length,
      Databases: Object.keys(s.databases).length,
      WorkspacesByStatus: byStatus,
    };
  }
}
