// `gwb cloud` end to end on real processes: the control plane as a child, each workspace a
// `gwb serve` child it manages, every call over HTTP through the core client's document-3
// operations (and the REPL for the user's GSQL). A user's day (workgroup, workspace, database
// user, schema through the REPL, data, backup, a dropped vertex type, restore, pause, resume),
// the allow list refusing another loopback address, schedules that fire, a crashed workspace,
// a kill -9 of the control plane in the middle of a restore, and every endpoint answering.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../src/core/client/index.js';
import { GraphError } from '../../src/core/errors.js';
import { operations } from '../../src/core/ops/index.js';
import { runGwb } from '../helpers/gwb.js';
import { callTool, connectInMemory } from '../mcp/fixture.js';
import { startGwbCloud, workspaceServerPids, type GwbCloud } from './cloud-process.js';

const password = 'Day-one-pass1';
let cloud: GwbCloud;
let control: GraphClient;

beforeAll(async () => {
  cloud = await startGwbCloud();
  control = cloud.client();
}, 60_000);

afterAll(async () => {
  await cloud?.stop();
});

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function newWorkspace(name: string) {
  const wg = await control.call('createWorkgroup', { body: { Name: `${name} group` } });
  const workgroupID = String(wg.WorkgroupID);
  const ws = await control.call('createWorkspace', {
    path: { workgroupID },
    body: { Name: name },
  });
  const path = { workgroupID, workspaceID: String(ws.WorkspaceID) };
  await control.call('createDbUser', {
    path,
    body: { Username: 'ada', Password: password, Roles: ['globaldesigner'] },
  });
  return { path, endpoint: String(ws.Endpoint), ws };
}

function asAda(endpoint: string, graph = 'social'): GraphClient {
  return new GraphClient({ url: endpoint, username: 'ada', password, graph });
}

const schema = `CREATE VERTEX person (PRIMARY_ID id STRING, name STRING)
CREATE VERTEX city (PRIMARY_ID id STRING, population INT)
CREATE DIRECTED EDGE lives_in (FROM person, TO city)
CREATE GRAPH social (person, city, lives_in)
`;

async function loadPeople(client: GraphClient) {
  await client.upsert({
    vertices: {
      person: { ann: { name: { value: 'Ann' } }, bo: { name: { value: 'Bo' } } },
      city: { oslo: { population: { value: 700000 } } },
    },
    edges: { person: { ann: { lives_in: { city: { oslo: {} } } } } },
  });
}

async function vertexIds(client: GraphClient, type: string): Promise<string[]> {
  const rows = await client.call('listVertices', { path: { vertex_type: type } });
  return rows.map((r) => String((r as { v_id?: string }).v_id)).sort();
}

describe('gwb cloud: a user day', () => {
  it('creates a workspace, loads data through the REPL and the client, backs up, restores a dropped type, pauses and resumes', async () => {
    const { path, endpoint, ws } = await newWorkspace('day');
    expect(ws.Status).toBe('Ready');
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // The REPL connects to the workspace's endpoint as the in-database user.
    const repl = runGwb(
      ['repl', '--url', endpoint, '--user', 'ada', '--password', password, '-c', schema],
      { env: {} },
    );
    expect(repl.stderr).toBe('');
    expect(repl.status).toBe(0);
    const ada = asAda(endpoint);
    await loadPeople(ada);
    expect(await vertexIds(ada, 'person')).toEqual(['ann', 'bo']);
    const users = await control.call('listDbUsers', { path });
    expect(users.map((u) => u.Username)).toEqual(['ada']);

    const taken = (await control.call('scheduleBackup', { path, body: { RunNow: true } })) as {
      Backup: { BackupID: string; Status: string };
    };
    expect(taken.Backup.Status).toBe('Succeeded');
    const backups = await control.call('listBackups', { path: { workspaceID: path.workspaceID } });
    expect(backups.map((b) => b.BackupID)).toEqual([taken.Backup.BackupID]);

    // The vertex type goes, with the edge type and the graph that use it.
    const dropped = await ada.gsql('DROP GRAPH social\nDROP EDGE lives_in\nDROP VERTEX city');
    expect(dropped.ok, dropped.output).toBe(true);
    await expect(vertexIds(ada, 'city')).rejects.toBeInstanceOf(GraphError);

    const job = await control.call('restoreBackup', {
      path,
      body: { BackupID: taken.Backup.BackupID },
    });
    const status = await until(
      'restore job',
      () =>
        control.call('getRestoreStatus', {
          path: { workspaceID: path.workspaceID, job },
        }) as Promise<{
          Status: string;
          Progress: number;
        }>,
      (s) => s.Status !== 'Running',
    );
    expect(status).toMatchObject({ Status: 'Succeeded', Progress: 100 });
    expect(await vertexIds(ada, 'city')).toEqual(['oslo']);
    expect(await vertexIds(ada, 'person')).toEqual(['ann', 'bo']);

    const paused = await control.call('pauseWorkspace', { path });
    expect(paused).toMatchObject({ Status: 'Paused', Desired: 'paused' });
    const down = await vertexIds(ada, 'person').catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 503, code: 'CLOUD-WORKSPACE-DOWN' });
    const resumed = await control.call('resumeWorkspace', { path });
    expect(resumed).toMatchObject({ Status: 'Ready', Endpoint: endpoint });
    expect(await vertexIds(ada, 'person')).toEqual(['ann', 'bo']);
    await ada.close();
  }, 60_000);
});

describe('gwb cloud: allow lists', () => {
  it('refuses a client address not on the list once the list is on; current answers the caller', async () => {
    const { path, endpoint } = await newWorkspace('guarded');
    const workgroupID = path.workgroupID;
    const fromOther = cloud.client('127.0.0.2');
    expect(await fromOther.call('getCurrentIp', { path: { workgroupID } })).toEqual({
      CurrentIP: '127.0.0.2',
      IsAllowed: true,
    });
    const entry = (await control.call('addAllowedIp', {
      path: { workgroupID },
      body: { IP: '127.0.0.1/32', Note: 'this machine' },
    })) as { ID: string };
    await control.call('enableAllowList', { path: { workgroupID } });
    expect(await fromOther.call('getCurrentIp', { path: { workgroupID } })).toEqual({
      CurrentIP: '127.0.0.2',
      IsAllowed: false,
    });

    const other = new GraphClient(
      { url: endpoint, username: 'ada', password },
      { dispatcher: new Agent({ localAddress: '127.0.0.2' }) },
    );
    const refused = await other.gsql('SHOW USER').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 403, code: 'CLOUD-IP-NOT-ALLOWED' });
    const local = asAda(endpoint);
    expect((await local.gsql('SHOW USER')).ok).toBe(true);

    // Loopback is no exception: off the list, it is refused too.
    await control.call('updateAllowedIp', {
      path: { workgroupID, id: String(entry.ID) },
      body: { IP: '127.0.0.2' },
    });
    expect(await local.gsql('SHOW USER').catch((e: unknown) => e)).toMatchObject({
      status: 403,
    });
    expect((await other.gsql('SHOW USER')).ok).toBe(true);
    await control.call('disableAllowList', { path: { workgroupID } });
    expect((await local.gsql('SHOW USER')).ok).toBe(true);
    await local.close();
    await other.close();
  }, 60_000);
});

describe('gwb cloud: schedules, crashes and a killed control plane', () => {
  it('fires backup and pause/resume schedules, reports a crashed workspace and restarts it on resume', async () => {
    const { path, endpoint } = await newWorkspace('scheduled');
    const workspaceID = path.workspaceID;
    const every = (await control.call('createWorkspaceSchedule', {
      path: { workspaceID },
      body: { Action: 'backup', Cron: '* * * * * *' },
    })) as { ScheduleID: string };
    const fired = await until(
      'scheduled backup',
      () => control.call('listBackups', { path: { workspaceID } }),
      (list) => list.some((b) => b.Trigger === 'schedule' && b.Status === 'Succeeded'),
    );
    expect(fired.find((b) => b.Trigger === 'schedule')?.ScheduleID).toBe(every.ScheduleID);
    await control.call('deleteSchedule', {
      path: { workspaceID, schedule_id: String(every.ScheduleID) },
    });

    const soon = new Date(Date.now() + 1500).toISOString();
    const pause = (await control.call('createWorkspaceSchedule', {
      path: { workspaceID },
      body: { Action: 'pause', Cron: soon },
    })) as { ScheduleID: string };
    const listed = await control.call('listSchedules', { path: { workspaceID } });
    expect(listed.map((s) => s.ScheduleID)).toEqual([pause.ScheduleID]);
    await until(
      'scheduled pause',
      () => control.call('getWorkspace', { path }),
      (w) => w.Status === 'Paused',
    );
    await control.call('updateSchedule', {
      path: { workspaceID, schedule_id: String(pause.ScheduleID) },
      body: { Action: 'resume', Cron: new Date(Date.now() + 1000).toISOString() },
    });
    await until(
      'scheduled resume',
      () => control.call('getWorkspace', { path }),
      (w) => w.Status === 'Ready',
    );

    // A database process that dies is reported, and resume starts it again on the same data.
    const ws = await control.call('getWorkspace', { path });
    const dbFolder = join(cloud.dir, 'databases', String(ws.DatabaseID));
    const lockPid = Number(readFileSync(join(dbFolder, 'LOCK'), 'utf8').split('\n')[0]);
    expect(workspaceServerPids(cloud.dir)).toContain(lockPid);
    process.kill(lockPid, 'SIGKILL');
    const crashed = await until(
      'crash report',
      () => control.call('getWorkspace', { path }),
      (w) => w.Status === 'Crashed',
    );
    expect(String(crashed.StatusDetail)).toContain(`process ${lockPid} exited`);
    expect(await control.call('resumeWorkspace', { path })).toMatchObject({ Status: 'Ready' });
    const ada = asAda(endpoint);
    expect((await ada.gsql('SHOW USER')).ok).toBe(true);
    await ada.close();
  }, 60_000);

  it('finishes a restore after a kill -9 of gwb cloud, with the workspace and schedules back', async () => {
    const { path, endpoint } = await newWorkspace('survivor');
    const workspaceID = path.workspaceID;
    const setup = await asAda(endpoint).gsql(schema);
    expect(setup.ok, setup.output).toBe(true);
    const ada = asAda(endpoint);
    await loadPeople(ada);
    const backup = (await control.call('scheduleBackup', {
      path,
      body: { RunNow: true, Cron: '0 3 * * *' },
    })) as { Backup: { BackupID: string } };
    await ada.call('deleteVertex', { path: { vertex_type: 'person', vertex_id: 'bo' } });
    expect(await vertexIds(ada, 'person')).toEqual(['ann']);
    const job = await control.call('restoreBackup', {
      path,
      body: { BackupID: backup.Backup.BackupID },
    });
    await cloud.kill('SIGKILL');

    cloud = await startGwbCloud(cloud.dir);
    control = cloud.client();
    const status = await until(
      'restore job after restart',
      () =>
        control.call('getRestoreStatus', { path: { workspaceID, job } }) as Promise<{
          Status: string;
        }>,
      (s) => s.Status !== 'Running',
    );
    expect(status.Status).toBe('Succeeded');
    await until(
      'workspace after restart',
      () => control.call('getWorkspace', { path }),
      (w) => w.Status === 'Ready',
    );
    expect(await vertexIds(ada, 'person')).toEqual(['ann', 'bo']);
    const leftovers = readdirSync(join(cloud.dir, 'databases')).filter((n) => n.includes('.'));
    expect(leftovers).toEqual([]);
    const schedules = await control.call('getBackupSchedule', { path: { workspaceID } });
    expect(schedules).toMatchObject([{ Action: 'backup', Cron: '0 3 * * *', Enabled: true }]);
    await ada.close();
  }, 60_000);
});

describe('gwb cloud: every endpoint of document 3', () => {
  it('answers each catalogued operation through the core client, and refuses what is not one', async () => {
    const called = new Set<string>();
    const call: typeof control.call = (name, ...rest) => {
      called.add(name);
      return control.call(name, ...rest);
    };
    const wg = await call('createWorkgroup', { body: { Name: 'all', Region: 'eu' } });
    const workgroupID = String(wg.WorkgroupID);
    expect((await call('listWorkgroups', {})).map((w) => w.WorkgroupID)).toContain(workgroupID);
    expect(await call('getWorkgroup', { path: { workgroupID } })).toMatchObject({ Name: 'all' });
    expect(
      await call('updateWorkgroup', { path: { workgroupID }, body: { Name: 'everything' } }),
    ).toMatchObject({ Name: 'everything' });

    const entry = (await call('addAllowedIp', {
      path: { workgroupID },
      body: { IP: '10.0.0.0/8' },
    })) as { ID: string };
    const bad = await call('addAllowedIp', {
      path: { workgroupID },
      body: { IP: '10.0.0.0/99' },
    }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400 });
    expect(await call('getAllowList', { path: { workgroupID } })).toEqual([entry]);
    expect(await call('getCurrentIp', { path: { workgroupID } })).toEqual({
      CurrentIP: '127.0.0.1',
      IsAllowed: true,
    });
    await call('enableAllowList', { path: { workgroupID } });
    expect(await call('getCurrentIp', { path: { workgroupID } })).toMatchObject({
      IsAllowed: false,
    });
    await call('disableAllowList', { path: { workgroupID } });
    const id = String(entry.ID);
    expect(
      await call('updateAllowedIp', { path: { workgroupID, id }, body: { IP: '192.0.2.7' } }),
    ).toMatchObject({ IP: '192.0.2.7' });
    await call('deleteAllowedIp', { path: { workgroupID, id } });
    expect(await call('getAllowList', { path: { workgroupID } })).toEqual([]);

    const ws = await call('createWorkspace', {
      path: { workgroupID },
      body: { Name: 'w', Size: 'TG-1' },
    });
    const workspaceID = String(ws.WorkspaceID);
    const databaseID = String(ws.DatabaseID);
    const path = { workgroupID, workspaceID };
    expect(await call('getWorkspace', { path })).toMatchObject({ Status: 'Ready', Size: 'TG-1' });
    const resized = await call('updateWorkspace', { path, body: { Size: 'TG-4' } });
    expect(resized).toMatchObject({ Size: 'TG-4' });
    expect(String(resized.Note)).toContain('nothing was resized');
    expect(await call('getDatabase', { path: { workgroupID, databaseID } })).toMatchObject({
      WorkspaceIDs: [workspaceID],
    });
    await call('updateDatabase', { path: { workgroupID, databaseID }, body: { Name: 'main db' } });

    await call('createDbUser', { path, body: { Username: 'cy', Password: 'First-pass1' } });
    expect((await call('listDbUsers', { path })).map((u) => u.Username)).toEqual(['cy']);
    await call('updateDbUser', { path, body: { Username: 'cy', Password: 'Second-pass2' } });
    const cy = new GraphClient({
      url: String(ws.Endpoint),
      username: 'cy',
      password: 'Second-pass2',
    });
    expect((await cy.gsql('SHOW USER')).ok).toBe(true);
    await cy.close();
    await call('deleteDbUser', { path, body: { Username: 'cy' } });
    expect(await call('listDbUsers', { path })).toEqual([]);

    const taken = (await call('scheduleBackup', { path, body: { RunNow: true } })) as {
      Backup: { BackupID: string };
    };
    const backupId = taken.Backup.BackupID;
    expect((await call('listBackups', { path: { workspaceID } })).length).toBe(1);
    // Restored while paused: the data is replaced and the workspace stays paused.
    expect(await call('pauseWorkspace', { path })).toMatchObject({ Status: 'Paused' });
    const job = await call('restoreBackup', { path, body: { BackupID: backupId } });
    await until(
      'restore',
      () => call('getRestoreStatus', { path: { workspaceID, job } }) as Promise<{ Status: string }>,
      (s) => s.Status === 'Succeeded',
    );
    expect(await call('getWorkspace', { path })).toMatchObject({ Status: 'Paused' });
    await call('deleteBackups', { path, body: { BackupIDs: [backupId] } });
    expect(await call('listBackups', { path: { workspaceID } })).toEqual([]);

    const schedule = (await call('createWorkspaceSchedule', {
      path: { workspaceID },
      body: { Cron: '30 2 * * 1', Timezone: 'Europe/Oslo' },
    })) as { ScheduleID: string };
    const scheduleID = String(schedule.ScheduleID);
    expect(await call('getBackupSchedule', { path: { workspaceID } })).toMatchObject([
      { ScheduleID: scheduleID, Action: 'backup' },
    ]);
    expect((await call('listSchedules', { path: { workspaceID } })).length).toBe(1);
    const badCron = await call('updateSchedule', {
      path: { workspaceID, schedule_id: scheduleID },
      body: { Cron: 'every tuesday' },
    }).catch((e: unknown) => e);
    expect(badCron).toMatchObject({ status: 400 });
    await call('updateSchedule', {
      path: { workspaceID, schedule_id: scheduleID },
      body: { Enabled: false },
    });
    expect(await call('listSchedules', { path: { workspaceID } })).toMatchObject([
      { Cron: '30 2 * * 1', Enabled: false, NextRunAt: null },
    ]);
    await call('deleteSchedule', { path: { workspaceID, schedule_id: scheduleID } });

    expect(await call('resumeWorkspace', { path })).toMatchObject({ Status: 'Ready' });
    expect(await call('refreshWorkspace', { path })).toMatchObject({ Status: 'Ready' });
    expect(await call('getWorkspacesMeta', {})).toMatchObject({
      WorkspaceSizes: ['TG-00', 'TG-0', 'TG-1', 'TG-2', 'TG-4', 'TG-6', 'TG-8', 'TG-16'],
      Workgroups: (await call('listWorkgroups', {})).length,
    });
    expect(await call('listOrganizationUsers', {})).toMatchObject({
      Error: false,
      Result: [{ Role: 'OrganizationAdmin' }],
    });

    const inUse = await call('deleteDatabase', { path: { workgroupID, databaseID } }).catch(
      (e: unknown) => e,
    );
    expect(inUse).toMatchObject({ status: 400 });
    await call('deleteWorkspace', { path });
    await call('deleteDatabase', { path: { workgroupID, databaseID } });
    await call('deleteWorkgroup', { path: { workgroupID } });
    const gone = await call('getWorkgroup', { path: { workgroupID } }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 400 });

    const cloudOps = operations
      .filter((op) => op.service === 'cloud')
      .map((op) => op.name)
      .sort();
    expect([...called].sort()).toEqual(cloudOps);

    const noKey = await request(`${cloud.url}/controller/v4/v2/workgroups`);
    expect(noKey.statusCode).toBe(401);
    expect(await noKey.body.json()).toMatchObject({
      Error: true,
      ErrorDetails: [{ Code: 'CLOUD-UNAUTHORIZED' }],
    });
    const notOne = await request(`${cloud.url}/controller/v4/v2/nothing`, {
      headers: { authorization: `Bearer ${cloud.apiKey}` },
    });
    expect(notOne.statusCode).toBe(404);
    expect(await notOne.body.json()).toMatchObject({ ErrorDetails: [{ Code: 'CLOUD-NO-ROUTE' }] });
  }, 60_000);
});

describe('gwb cloud: the faces (MCP tools, REPL \\workspaces and \\connect by name)', () => {
  it('lists workgroups and workspaces (state, endpoint) as read-only MCP tools and in the REPL, which connects by name', async () => {
    const { path, endpoint } = await newWorkspace('modelled');
    const ada = asAda(endpoint);
    const plain = await connectInMemory(ada);
    const withCloud = await connectInMemory(ada, { cloud: control });
    try {
      const names = async (c: typeof plain) => (await c.mcp.listTools()).tools.map((t) => t.name);
      expect(await names(plain)).not.toContain('list_workspaces');
      const tools = (await withCloud.mcp.listTools()).tools.filter((t) =>
        ['list_workgroups', 'list_workspaces'].includes(t.name),
      );
      expect(tools.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
        ['list_workgroups', true],
        ['list_workspaces', true],
      ]);
      const groups = await callTool(withCloud.mcp, 'list_workgroups');
      expect(groups.structuredContent?.workgroups).toContainEqual({
        workgroupId: path.workgroupID,
        name: 'modelled group',
        allowListEnabled: false,
        workspaces: 1,
      });
      const spaces = await callTool(withCloud.mcp, 'list_workspaces', {
        workgroup: 'modelled group',
      });
      expect(spaces.structuredContent?.workspaces).toEqual([
        {
          workspaceId: path.workspaceID,
          workgroupId: path.workgroupID,
          name: 'modelled',
          status: 'Ready',
          endpoint,
          size: 'TG-00',
        },
      ]);

      // The REPL lists the workspaces and connects to one by name.
      const repl = runGwb(
        [
          'repl',
          '--url',
          endpoint,
          '--user',
          'ada',
          '--password',
          password,
          '-c',
          '\\workspaces\n\\connect modelled ada\nSHOW USER',
        ],
        {
          env: {
            GWB_CLOUD_URL: cloud.url,
            GWB_CLOUD_API_KEY: cloud.apiKey,
            GWB_PASSWORD: password,
          },
        },
      );
      expect(repl.status, repl.stderr).toBe(0);
      const printed = repl.stdout + repl.stderr;
      expect(printed).toContain(
        `modelled\tReady\t${endpoint}\tmodelled group\t${path.workspaceID}`,
      );
      expect(printed).toContain(`Connected to ${endpoint} as ada`);
    } finally {
      await plain.close();
      await withCloud.close();
      await ada.close();
    }
  }, 60_000);
});
