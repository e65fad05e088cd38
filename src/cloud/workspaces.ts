// The workspaces' life: each is a `gwb serve` child on its database's data folder, behind an
// allow-list proxy on the workspace's endpoint port. Pause stops the child (data kept), resume
// starts it on the same data, delete stops it and removes the workspace. A child that exits on
// its own is reported `Crashed` (with its exit) until a resume or refresh starts it again. The
// wanted state (`Desired`) is durable, the observed one is not: on start, a workspace meant to
// run is adopted (its server outlived a killed control plane) or started.
import { mkdir, rm } from 'node:fs/promises';
import { isAllowed } from './allow-list.js';
import { conflict, CloudError, CloudErrorCodes, notFound } from './errors.js';
import type { CloudLayout } from './layout.js';
import { startProxy, type Gate, type WorkspaceProxy } from './proxy.js';
import type { ExitRecord, WorkspaceRecord, WorkspaceStatus } from './records.js';
import { adoptServe, startServe, type ServeProcess } from './serve-process.js';
import type { StateStore } from './state-store.js';

/** The answer for a workspace: its record (without secrets), state and endpoint. */
export type WorkspaceView = Omit<WorkspaceRecord, 'AdminPassword'> & {
  Status: WorkspaceStatus;
  Endpoint: string;
  StatusDetail?: string;
};

interface Runtime {
  status: WorkspaceStatus;
  detail?: string;
  process?: ServeProcess;
  proxy?: WorkspaceProxy;
  /** Set while the control plane itself stops the child: its exit is then no crash. */
  stopping?: boolean;
  /** Actions on one workspace run one at a time. */
  queue: Promise<unknown>;
}

export interface WorkspaceOptions {
  readonly host: string;
  readonly serveCommand?: readonly string[];
}

export class Workspaces {
  private readonly runtime = new Map<string, Runtime>();

  constructor(
    private readonly store: StateStore,
    private readonly layout: CloudLayout,
    private readonly options: WorkspaceOptions,
  ) {}

  record(id: string): WorkspaceRecord {
    const ws = this.store.state.workspaces[id];
    if (!ws) throw notFound('workspace', id);
    return ws;
  }

  /** The workspace, checked to be in the workgroup of the path. */
  inWorkgroup(workgroupId: string, workspaceId: string): WorkspaceRecord {
    const ws = this.record(workspaceId);
    if (ws.WorkgroupID !== workgroupId) {
      throw notFound(`workspace of workgroup ${workgroupId}`, workspaceId);
    }
    return ws;
  }

  view(ws: WorkspaceRecord): WorkspaceView {
    const { AdminPassword: _secret, ...rest } = ws;
    const rt = this.runtime.get(ws.WorkspaceID);
    return {
      ...rest,
      Status: rt?.status ?? (ws.Desired === 'paused' ? 'Paused' : 'Starting'),
      Endpoint: `http://${this.endpointHost()}:${ws.Port}`,
      ...(rt?.detail !== undefined ? { StatusDetail: rt.detail } : {}),
    };
  }

  status(id: string): WorkspaceStatus {
    return this.runtime.get(id)?.status ?? 'Starting';
  }

  /** The workspace's own server URL (for the control plane's calls), or a coded refusal. */
  serverUrl(id: string): string {
    const rt = this.runtime.get(id);
    if (rt?.status !== 'Ready' || !rt.process) {
      throw new CloudError(
        CloudErrorCodes.workspaceDown,
        `workspace ${id} is ${rt?.status ?? 'not running'}: its database does not answer`,
      );
    }
    return rt.process.url;
  }

  /** Opens every workspace's proxy and brings up those meant to run. */
  async boot(): Promise<void> {
    for (const ws of Object.values(this.store.state.workspaces)) {
      const rt = this.runtimeOf(ws.WorkspaceID);
      rt.status = ws.Desired === 'paused' ? 'Paused' : 'Starting';
      await this.openProxy(ws);
    }
    await Promise.all(
      Object.values(this.store.state.workspaces)
        .filter((ws) => ws.Desired === 'running')
        // One workspace that cannot start is reported Failed; the others and the control
        // plane come up regardless.
        .map((ws) =>
          this.serialised(ws.WorkspaceID, () => this.bringUp(ws, true)).catch(() => undefined),
        ),
    );
  }

  /** Creates the record, its proxy and its running server. */
  async create(ws: WorkspaceRecord): Promise<WorkspaceView> {
    await mkdir(this.layout.workspace(ws.WorkspaceID), { recursive: true });
    await mkdir(this.layout.database(ws.DatabaseID), { recursive: true });
    const proxy = await this.openProxy(ws);
    ws.Port = proxy.port;
    await this.store.update((s) => {
      s.workspaces[ws.WorkspaceID] = ws;
    });
    await this.serialised(ws.WorkspaceID, () => this.bringUp(ws, false));
    return this.view(ws);
  }

  pause(id: string): Promise<WorkspaceView> {
    return this.serialised(id, async () => {
      const ws = this.record(id);
      await this.store.update(() => {
        ws.Desired = 'paused';
      });
      await this.bringDown(id, 'Pausing', 'Paused');
      return this.view(ws);
    });
  }

  resume(id: string): Promise<WorkspaceView> {
    return this.serialised(id, async () => {
      const ws = this.record(id);
      if (this.status(id) === 'Restoring') throw conflict(`workspace ${id} is being restored`);
      await this.store.update(() => {
        ws.Desired = 'running';
      });
      if (this.status(id) !== 'Ready') await this.bringUp(ws, false, 'Resuming');
      return this.view(ws);
    });
  }

  /** Restarts the workspace's server, so it serves its data folder afresh. */
  refresh(id: string): Promise<WorkspaceView> {
    return this.serialised(id, async () => {
      const ws = this.record(id);
      if (ws.Desired === 'paused') throw conflict(`workspace ${id} is paused: resume it first`);
      await this.bringDown(id, 'Starting', 'Starting');
      await this.bringUp(ws, false);
      return this.view(ws);
    });
  }

  /** Stops the server and the proxy and forgets the workspace (its database stays). */
  delete(id: string): Promise<void> {
    return this.serialised(id, async () => {
      await this.bringDown(id, 'Pausing', 'Paused');
      await this.runtime.get(id)?.proxy?.close();
      this.runtime.delete(id);
      await this.store.update((s) => {
        delete s.workspaces[id];
      });
      await rm(this.layout.workspace(id), { recursive: true, force: true });
    });
  }

  /** Runs `work` with the workspace's server stopped, then brings it back if it should run. */
  withServerStopped<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.serialised(id, async () => {
      await this.bringDown(id, 'Restoring', 'Restoring');
      try {
        return await work();
      } finally {
        const ws = this.store.state.workspaces[id];
        if (ws?.Desired === 'running') await this.bringUp(ws, false);
        else if (ws) this.runtimeOf(id).status = 'Paused';
      }
    });
  }

  /** Stops every server this control plane started (not on a kill: they are adopted then). */
  async close(): Promise<void> {
    await Promise.all(
      [...this.runtime.entries()].map(async ([id, rt]) => {
        await this.serialised(id, async () => {
          rt.stopping = true;
          await rt.process?.stop();
          await rt.proxy?.close();
        }).catch(() => undefined);
      }),
    );
  }

  private endpointHost(): string {
    const host = this.options.host;
    if (host === '0.0.0.0') return '127.0.0.1';
    return host.includes(':') ? `[${host}]` : host;
  }

  private runtimeOf(id: string): Runtime {
    let rt = this.runtime.get(id);
    if (!rt) {
      rt = { status: 'Starting', queue: Promise.resolve() };
      this.runtime.set(id, rt);
    }
    return rt;
  }

  private serialised<T>(id: string, action: () => Promise<T>): Promise<T> {
    const rt = this.runtimeOf(id);
    const run = rt.queue.then(action);
    rt.queue = run.catch(() => undefined);
    return run;
  }

  private gate(id: string): (address: string) => Gate {
    return (address) => {
      const ws = this.store.state.workspaces[id];
      const wg = ws && this.store.state.workgroups[ws.WorkgroupID];
      if (!ws || !wg) {
        return { ok: false, status: 503, code: 'CLOUD-NOT-FOUND', message: 'no such workspace' };
      }
      if (!isAllowed(wg, address)) {
        return {
          ok: false,
          status: 403,
          code: 'CLOUD-IP-NOT-ALLOWED',
          message: `${address} is not on the allow list of workgroup ${wg.WorkgroupID}`,
        };
      }
      const rt = this.runtime.get(id);
      if (rt?.status !== 'Ready' || !rt.process) {
        return {
          ok: false,
          status: 503,
          code: 'CLOUD-WORKSPACE-DOWN',
          message: `workspace ${id} is ${rt?.status ?? 'not running'}`,
        };
      }
      return { ok: true, port: rt.process.port };
    };
  }

  private async openProxy(ws: WorkspaceRecord): Promise<WorkspaceProxy> {
    const rt = this.runtimeOf(ws.WorkspaceID);
    if (rt.proxy) return rt.proxy;
    const gate = this.gate(ws.WorkspaceID);
    try {
      rt.proxy = await startProxy(this.options.host, ws.Port, gate);
    } catch {
      // The endpoint's port was taken meanwhile: a new one, recorded.
      rt.proxy = await startProxy(this.options.host, 0, gate);
      if (this.store.state.workspaces[ws.WorkspaceID]) {
        await this.store.update(() => {
          ws.Port = rt.proxy?.port ?? 0;
        });
      }
    }
    return rt.proxy;
  }

  private async bringUp(ws: WorkspaceRecord, adopt: boolean, during?: WorkspaceStatus) {
    const rt = this.runtimeOf(ws.WorkspaceID);
    rt.status = during ?? 'Starting';
    delete rt.detail;
    const dataDir = this.layout.database(ws.DatabaseID);
    try {
      await mkdir(dataDir, { recursive: true });
      const adopted = adopt ? await adoptServe(dataDir) : undefined;
      const process =
        adopted ??
        (await startServe({
          dataDir,
          password: ws.AdminPassword,
          logFile: `${this.layout.workspace(ws.WorkspaceID)}/serve.log`,
          command: this.options.serveCommand,
        }));
      rt.process = process;
      rt.stopping = false;
      rt.status = 'Ready';
      void process.exited.then((exit) => this.onExit(ws.WorkspaceID, process, exit));
    } catch (error) {
      rt.status = 'Failed';
      rt.detail = error instanceof Error ? error.message : String(error);
      throw new CloudError(CloudErrorCodes.internal, `workspace ${ws.WorkspaceID}: ${rt.detail}`);
    }
  }

  private async bringDown(id: string, during: WorkspaceStatus, after: WorkspaceStatus) {
    const rt = this.runtimeOf(id);
    rt.status = during;
    if (rt.process) {
      rt.stopping = true;
      await rt.process.stop();
      delete rt.process;
    }
    rt.status = after;
    delete rt.detail;
  }

  private onExit(id: string, process: ServeProcess, exit: ExitRecord): void {
    const rt = this.runtime.get(id);
    if (!rt || rt.process !== process || rt.stopping) return;
    delete rt.process;
    rt.status = 'Crashed';
    rt.detail = `the database process ${process.pid} exited (code ${exit.Code}, signal ${exit.Signal}) at ${exit.At}`;
    const ws = this.store.state.workspaces[id];
    if (ws) {
      void this.store
        .update(() => {
          ws.LastExit = exit;
        })
        .catch(() => undefined);
    }
  }
}
