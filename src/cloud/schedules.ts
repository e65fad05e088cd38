// Schedules of workspaces that really fire: backup, pause and resume at the times of a cron
// expression (5 fields, or 6 with seconds) or once at an ISO 8601 date-time, parsed and run by
// croner. Schedules are durable; on start every enabled one is armed again. A run records when
// it ran and how it ended; runs of one schedule never overlap.
import { Cron } from 'croner';
import { badRequest, notFound } from './errors.js';
import type { ScheduleAction, ScheduleRecord } from './records.js';
import { newId, type StateStore } from './state-store.js';

export type ScheduleView = ScheduleRecord & { NextRunAt: string | null };

export interface ScheduleActions {
  run(action: ScheduleAction, workspaceId: string, scheduleId: string): Promise<string>;
}

export interface ScheduleInput {
  Action?: ScheduleAction;
  Cron?: string;
  Timezone?: string;
  Enabled?: boolean;
}

export const scheduleActions: readonly ScheduleAction[] = ['backup', 'pause', 'resume'];

export class Schedules {
  private readonly armed = new Map<string, Cron>();

  constructor(
    private readonly store: StateStore,
    private readonly actions: ScheduleActions,
  ) {}

  boot(): void {
    for (const schedule of Object.values(this.store.state.schedules)) this.arm(schedule);
  }

  list(workspaceId: string, action?: ScheduleAction): ScheduleView[] {
    return Object.values(this.store.state.schedules)
      .filter((s) => s.WorkspaceID === workspaceId && (action === undefined || s.Action === action))
      .sort((a, b) => a.CreatedAt.localeCompare(b.CreatedAt))
      .map((s) => this.view(s));
  }

  view(schedule: ScheduleRecord): ScheduleView {
    const next = this.armed.get(schedule.ScheduleID)?.nextRun() ?? null;
    return { ...schedule, NextRunAt: next ? next.toISOString() : null };
  }

  async create(workspaceId: string, input: ScheduleInput): Promise<ScheduleView> {
    if (input.Cron === undefined) throw badRequest('schedule: Cron is required');
    const schedule: ScheduleRecord = {
      ScheduleID: newId('sched'),
      WorkspaceID: workspaceId,
      Action: input.Action ?? 'backup',
      Cron: input.Cron,
      ...(input.Timezone !== undefined ? { Timezone: input.Timezone } : {}),
      Enabled: input.Enabled ?? true,
      CreatedAt: new Date().toISOString(),
    };
    checkPattern(schedule);
    await this.store.update((s) => {
      s.schedules[schedule.ScheduleID] = schedule;
    });
    this.arm(schedule);
    return this.view(schedule);
  }

  async update(workspaceId: string, scheduleId: string, input: ScheduleInput) {
    const current = this.find(workspaceId, scheduleId);
    const next: ScheduleRecord = {
      ...current,
      ...(input.Action !== undefined ? { Action: input.Action } : {}),
      ...(input.Cron !== undefined ? { Cron: input.Cron } : {}),
      ...(input.Timezone !== undefined ? { Timezone: input.Timezone } : {}),
      ...(input.Enabled !== undefined ? { Enabled: input.Enabled } : {}),
    };
    checkPattern(next);
    await this.store.update((s) => {
      s.schedules[scheduleId] = next;
    });
    this.arm(next);
    return this.view(next);
  }

  async delete(workspaceId: string, scheduleId: string): Promise<void> {
    this.find(workspaceId, scheduleId);
    this.disarm(scheduleId);
    await this.store.update((s) => {
      delete s.schedules[scheduleId];
    });
  }

  /** Drops every schedule of a deleted workspace. */
  async deleteAll(workspaceId: string): Promise<void> {
    for (const s of this.list(workspaceId)) await this.delete(workspaceId, s.ScheduleID);
  }

  close(): void {
    for (const id of [...this.armed.keys()]) this.disarm(id);
  }

  private find(workspaceId: string, scheduleId: string): ScheduleRecord {
    const schedule = this.store.state.schedules[scheduleId];
    if (schedule?.WorkspaceID !== workspaceId) {
      throw notFound(`schedule of workspace ${workspaceId}`, scheduleId);
    }
    return schedule;
  }

  private disarm(id: string): void {
    this.armed.get(id)?.stop();
    this.armed.delete(id);
  }

  private arm(schedule: ScheduleRecord): void {
    this.disarm(schedule.ScheduleID);
    if (!schedule.Enabled) return;
    const job = new Cron(
      schedule.Cron,
      { protect: true, catch: true, ...timezoneOf(schedule) },
      async () => {
        let result: string;
        try {
          result = await this.actions.run(
            schedule.Action,
            schedule.WorkspaceID,
            schedule.ScheduleID,
          );
        } catch (error) {
          result = `failed: ${error instanceof Error ? error.message : String(error)}`;
        }
        const current = this.store.state.schedules[schedule.ScheduleID];
        if (current) {
          await this.store
            .update(() => {
              current.LastRunAt = new Date().toISOString();
              current.LastResult = result;
            })
            .catch(() => undefined);
        }
      },
    );
    this.armed.set(schedule.ScheduleID, job);
  }
}

function timezoneOf(schedule: ScheduleRecord): { timezone?: string } {
  return schedule.Timezone !== undefined ? { timezone: schedule.Timezone } : {};
}

/** Refuses a pattern croner cannot parse, naming it and croner's reason. */
function checkPattern(schedule: ScheduleRecord): void {
  if (!scheduleActions.includes(schedule.Action)) {
    throw badRequest(
      `schedule: Action ${JSON.stringify(schedule.Action)} is not one of ${scheduleActions.join(', ')}`,
    );
  }
  try {
    new Cron(schedule.Cron, { paused: true, ...timezoneOf(schedule) }).stop();
  } catch (error) {
    throw badRequest(
      `schedule: ${JSON.stringify(schedule.Cron)} is not a cron expression or ISO date-time: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}
