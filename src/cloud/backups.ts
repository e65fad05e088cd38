// Backups and restores of workspaces. A backup is a consistent copy of the workspace's database
// folder (snapshot.ts) under the control plane's backups/; a restore is a job that stops the
// workspace, stages the backup beside the data folder, swaps it in with renames and starts the
// workspace again, recording its step and progress durably at each stage. After a kill -9 of the
// control plane: a backup that was being taken is marked failed (its partial copy removed); a
// restore is first made whole on disk (recoverRestore: never a half-restored folder), then run
// again from its start.
import { rm } from 'node:fs/promises';
import { badRequest, conflict, notFound } from './errors.js';
import type { CloudLayout } from './layout.js';
import type { BackupRecord, RestoreJob, RestoreStep } from './records.js';
import { recoverRestore, snapshotDataFolder, stageRestore, swapRestore } from './snapshot.js';
import { newId, type StateStore } from './state-store.js';
import type { Workspaces } from './workspaces.js';

const progressOf: Record<RestoreStep, number> = {
  Queued: 0,
  Stopping: 10,
  Copying: 30,
  Swapping: 70,
  Starting: 85,
  Done: 100,
};

export class Backups {
  /** Backups of one workspace run one at a time. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly store: StateStore,
    private readonly layout: CloudLayout,
    private readonly workspaces: Workspaces,
  ) {}

  list(workspaceId: string): BackupRecord[] {
    this.workspaces.record(workspaceId);
    return Object.values(this.store.state.backups)
      .filter((b) => b.WorkspaceID === workspaceId)
      .sort((a, b) => a.CreatedAt.localeCompare(b.CreatedAt));
  }

  /** Takes a backup now; resolves with its record once it succeeded or failed. */
  backUp(
    workspaceId: string,
    trigger: BackupRecord['Trigger'],
    scheduleId?: string,
  ): Promise<BackupRecord> {
    const ws = this.workspaces.record(workspaceId);
    const previous = this.queues.get(workspaceId) ?? Promise.resolve();
    const run = previous.then(async () => {
      const backup: BackupRecord = {
        BackupID: newId('bk'),
        WorkspaceID: workspaceId,
        Status: 'InProgress',
        Trigger: trigger,
        ...(scheduleId !== undefined ? { ScheduleID: scheduleId } : {}),
        CreatedAt: new Date().toISOString(),
      };
      await this.store.update((s) => {
        s.backups[backup.BackupID] = backup;
      });
      try {
        const size = await snapshotDataFolder(
          this.layout.database(ws.DatabaseID),
          this.layout.backup(workspaceId, backup.BackupID),
        );
        await this.store.update(() => {
          backup.Status = 'Succeeded';
          backup.SizeBytes = size;
          backup.FinishedAt = new Date().toISOString();
        });
      } catch (error) {
        await this.store.update(() => {
          backup.Status = 'Failed';
          backup.Error = error instanceof Error ? error.message : String(error);
          backup.FinishedAt = new Date().toISOString();
        });
      }
      return backup;
    });
    this.queues.set(
      workspaceId,
      run.catch(() => undefined),
    );
    return run;
  }

  async delete(workspaceId: string, backupIds: readonly string[]): Promise<string[]> {
    this.workspaces.record(workspaceId);
    for (const id of backupIds) {
      const backup = this.store.state.backups[id];
      if (backup?.WorkspaceID !== workspaceId)
        throw notFound(`backup of workspace ${workspaceId}`, id);
      if (backup.Status === 'InProgress') throw conflict(`backup ${id} is still being taken`);
    }
    const inUse = Object.values(this.store.state.restoreJobs).find(
      (j) => j.Status === 'Running' && backupIds.includes(j.BackupID),
    );
    if (inUse) throw conflict(`backup ${inUse.BackupID} is being restored by job ${inUse.JobID}`);
    await this.store.update((s) => {
      for (const id of backupIds) delete s.backups[id];
    });
    for (const id of backupIds) {
      await rm(this.layout.backup(workspaceId, id), { recursive: true, force: true });
    }
    return [...backupIds];
  }

  /** Starts a restore job and answers its id; the job runs on. */
  async restore(workspaceId: string, backupId: string): Promise<string> {
    this.workspaces.record(workspaceId);
    const backup = this.store.state.backups[backupId];
    if (backup?.WorkspaceID !== workspaceId) {
      throw notFound(`backup of workspace ${workspaceId}`, backupId);
    }
    if (backup.Status !== 'Succeeded') {
      throw badRequest(`backup ${backupId} is ${backup.Status}: only a complete backup restores`);
    }
    const busy = Object.values(this.store.state.restoreJobs).find(
      (j) => j.WorkspaceID === workspaceId && j.Status === 'Running',
    );
    if (busy) throw conflict(`workspace ${workspaceId} is being restored by job ${busy.JobID}`);
    const job: RestoreJob = {
      JobID: newId('restore'),
      WorkspaceID: workspaceId,
      BackupID: backupId,
      Status: 'Running',
      Step: 'Queued',
      Progress: 0,
      StartedAt: new Date().toISOString(),
      Resumed: 0,
    };
    await this.store.update((s) => {
      s.restoreJobs[job.JobID] = job;
    });
    this.track(this.runRestore(job));
    return job.JobID;
  }

  job(workspaceId: string, jobId: string): RestoreJob {
    const job = this.store.state.restoreJobs[jobId];
    if (job?.WorkspaceID !== workspaceId)
      throw notFound(`restore job of workspace ${workspaceId}`, jobId);
    return job;
  }

  /** On start, before the workspaces: makes interrupted restores whole, fails cut backups. */
  async recoverOnDisk(): Promise<void> {
    for (const job of Object.values(this.store.state.restoreJobs)) {
      if (job.Status !== 'Running') continue;
      const ws = this.store.state.workspaces[job.WorkspaceID];
      if (ws) await recoverRestore(this.layout.database(ws.DatabaseID), job.JobID);
    }
    for (const backup of Object.values(this.store.state.backups)) {
      if (backup.Status !== 'InProgress') continue;
      const target = this.layout.backup(backup.WorkspaceID, backup.BackupID);
      await rm(`${target}.partial`, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
      await this.store.update(() => {
        backup.Status = 'Failed';
        backup.Error = 'interrupted: the control plane stopped while the backup was taken';
        backup.FinishedAt = new Date().toISOString();
      });
    }
  }

  /** After the workspaces are up: runs the interrupted restores again. */
  async resumeJobs(): Promise<void> {
    for (const job of Object.values(this.store.state.restoreJobs)) {
      if (job.Status !== 'Running') continue;
      if (!this.store.state.workspaces[job.WorkspaceID]) {
        await this.finish(job, 'Failed', 'the workspace was deleted');
        continue;
      }
      await this.store.update(() => {
        job.Resumed += 1;
      });
      this.track(this.runRestore(job));
    }
  }

  /** Waits for the jobs in flight (close). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private track(run: Promise<unknown>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async step(job: RestoreJob, step: RestoreStep): Promise<void> {
    await this.store.update(() => {
      job.Step = step;
      job.Progress = progressOf[step];
    });
  }

  private async finish(job: RestoreJob, status: 'Succeeded' | 'Failed', error?: string) {
    await this.store.update(() => {
      job.Status = status;
      if (status === 'Succeeded') {
        job.Step = 'Done';
        job.Progress = 100;
      }
      if (error !== undefined) job.Error = error;
      job.FinishedAt = new Date().toISOString();
    });
  }

  private async runRestore(job: RestoreJob): Promise<void> {
    try {
      const ws = this.workspaces.record(job.WorkspaceID);
      const dataDir = this.layout.database(ws.DatabaseID);
      const backupDir = this.layout.backup(job.WorkspaceID, job.BackupID);
      await this.step(job, 'Stopping');
      await this.workspaces.withServerStopped(job.WorkspaceID, async () => {
        await recoverRestore(dataDir, job.JobID);
        await this.step(job, 'Copying');
        await stageRestore(backupDir, dataDir, job.JobID);
        await this.step(job, 'Swapping');
        await swapRestore(dataDir, job.JobID);
        await this.step(job, 'Starting');
      });
      await this.finish(job, 'Succeeded');
    } catch (error) {
      await this.finish(job, 'Failed', error instanceof Error ? error.message : String(error));
    }
  }
}
