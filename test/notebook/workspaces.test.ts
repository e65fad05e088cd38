// The notebook's workspace picker end to end on real processes: a `gwb cloud` control plane with
// one workspace (a `gwb serve` it manages), a `gwb serve` the notebook starts on, and
// `gwb notebook --cloud-url --cloud-api-key`. The backend lists the workspace with its state,
// refuses an unknown one, a wrong password and a paused one (the session stays where it was), and
// after a switch runs GSQL cells on the workspace through the in-database user given. In chromium,
// the header's select shows the workspace, switches to it, and shows a paused one disabled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../src/core/client/index.js';
import type { Answers, RunAnswer, SessionInfo } from '../../src/notebook/protocol.js';
import { startGwbCloud, type GwbCloud } from '../cloud/cloud-process.js';
import { launchChromium, signedInContext } from '../helpers/browser.js';
import { startGwbNotebook, type GwbNotebook } from '../helpers/notebook.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';

interface Failure {
  readonly error?: { readonly code: string; readonly message: string };
}

const password = 'Picker-pass1';
let cloud: GwbCloud;
let control: GraphClient;
let serve: GwbServe;
let notebook: GwbNotebook;
let folder: string;
let endpoint: string;
let path: { workgroupID: string; workspaceID: string };
let browser: Browser | undefined;

/** The page, signed in, in a chromium started on first use. */
async function openPage(): Promise<Page> {
  browser ??= await launchChromium();
  const page = await (await signedInContext(browser, notebook)).newPage();
  await page.goto(notebook.url);
  await page.getByTestId('workspace-select').waitFor();
  return page;
}

beforeAll(async () => {
  [cloud, serve] = await Promise.all([startGwbCloud(), startGwbServe()]);
  control = cloud.client();
  const wg = await control.call('createWorkgroup', { body: { Name: 'notebook group' } });
  const ws = await control.call('createWorkspace', {
    path: { workgroupID: String(wg.WorkgroupID) },
    body: { Name: 'analytics' },
  });
  path = { workgroupID: String(wg.WorkgroupID), workspaceID: String(ws.WorkspaceID) };
  endpoint = String(ws.Endpoint);
  await control.call('createDbUser', {
    path,
    body: { Username: 'ada', Password: password, Roles: ['globaldesigner'] },
  });
  folder = mkdtempSync(join(tmpdir(), 'gwb-nb-ws-'));
  notebook = await startGwbNotebook({
    file: join(folder, 'work.gwbnb'),
    serverUrl: serve.url,
    args: ['--cloud-url', cloud.url, '--cloud-api-key', cloud.apiKey],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await notebook?.stop();
  await serve?.stop();
  await cloud?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const gsqlCell = (id: string, text: string) => ({
  id,
  kind: 'gsql',
  source: text.split(/(?<=\n)/),
});

describe('workspace picker', () => {
  it('says a control plane is configured and lists its workspace with state and endpoint', async () => {
    const session = await notebook.api<SessionInfo>('GET', '/api/session');
    expect(session.body).toMatchObject({ cloud: true, server: { url: serve.url } });
    expect(session.body.workspace).toBeUndefined();
    const listed = await notebook.api<Answers['workspaces']>('GET', '/api/workspaces');
    expect(listed.status).toBe(200);
    expect(listed.body.workspaces).toEqual([
      {
        id: path.workspaceID,
        name: 'analytics',
        workgroup: 'notebook group',
        status: 'Ready',
        endpoint,
      },
    ]);
  });

  it('refuses an unknown workspace and a wrong password, staying on its server', async () => {
    const unknown = await notebook.api<Failure>('POST', '/api/workspace', { workspace: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('GWB-NOTEBOOK-NOT-FOUND');
    const wrong = await notebook.api<Failure>('POST', '/api/workspace', {
      workspace: 'analytics',
      user: 'ada',
      password: 'not-it',
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.error?.code).toBe('GWB-UNAUTHORIZED');
    const bad = await notebook.api<Failure>('POST', '/api/workspace', { workspace: 7 });
    expect(bad.body.error?.code).toBe('GWB-NOTEBOOK-REQUEST');
    const session = await notebook.api<SessionInfo>('GET', '/api/session');
    expect(session.body.server.url).toBe(serve.url);
  });

  it('shows the workspace in the header select; choosing it connects the page to its endpoint', async () => {
    const page = await openPage();
    const option = page.getByTestId('workspace-select').locator('option[value="analytics"]');
    await option.waitFor({ state: 'attached' });
    expect(await option.textContent()).toBe('analytics');
    expect(await option.isDisabled()).toBe(false);
    // The notebook's own user is not a user of the workspace: the page asks for one.
    const answers = ['ada', password];
    page.on('dialog', (dialog) => void dialog.accept(answers.shift() ?? ''));
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('workspace-select').selectOption('analytics');
    await reloaded;
    await expect
      .poll(() => page.getByTestId('server').textContent(), { timeout: 10_000 })
      .toBe(endpoint);
    // The select's options come from the control plane after the page loads: wait for them.
    await expect
      .poll(() => page.getByTestId('workspace-select').inputValue(), { timeout: 10_000 })
      .toBe('analytics');
    expect(answers).toEqual([]);
  });

  it('switches the session to the workspace and runs GSQL cells there', async () => {
    const used = await notebook.api<Answers['useWorkspace'] & Failure>('POST', '/api/workspace', {
      workspace: 'analytics',
      user: 'ada',
      password,
    });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ workspace: 'analytics', server: { url: endpoint } });
    const ddl = await notebook.api<RunAnswer>('POST', '/api/run', {
      cell: gsqlCell(
        'w1',
        'CREATE VERTEX gadget (PRIMARY_ID id STRING)\nCREATE GRAPH shop (gadget)\n',
      ),
    });
    expect(ddl.body.run.status).toBe('ok');
    const query = await notebook.api<RunAnswer>('POST', '/api/run', {
      cell: gsqlCell(
        'w2',
        'INTERPRET QUERY () FOR GRAPH shop {\n  S = {gadget.*};\n  PRINT S.size() AS n;\n}\n',
      ),
      graph: 'shop',
    });
    expect(query.body.run.status).toBe('ok');
    expect(query.body.outputs).toEqual([
      expect.objectContaining({ kind: 'results', results: [{ n: 0 }] }),
    ]);
    const session = await notebook.api<SessionInfo>('GET', '/api/session');
    expect(session.body).toMatchObject({ workspace: 'analytics', graphs: ['shop'] });
    expect(session.body.server.url).toBe(endpoint);
    // The graph went to the workspace, not to the server the notebook started on.
    const first = new GraphClient({
      url: serve.url,
      username: 'tigergraph',
      password: 'tigergraph',
    });
    try {
      const graphs = (await first.call('getGraphs')).graphs.map((g) => g.graphName);
      expect(graphs).not.toContain('shop');
    } finally {
      await first.close();
    }
  });

  it('lists a paused workspace as Paused and refuses to switch to it', async () => {
    await control.call('pauseWorkspace', { path });
    const listed = await notebook.api<Answers['workspaces']>('GET', '/api/workspaces');
    expect(listed.body.workspaces.map((w) => w.status)).toEqual(['Paused']);
    const refused = await notebook.api<Failure>('POST', '/api/workspace', {
      workspace: 'analytics',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('GWB-NOTEBOOK-WORKSPACE-STATE');
    const page = await openPage();
    const option = page.getByTestId('workspace-select').locator('option[value="analytics"]');
    await option.waitFor({ state: 'attached' });
    expect(await option.textContent()).toBe('analytics (Paused)');
    expect(await option.isDisabled()).toBe(true);
  });
});
