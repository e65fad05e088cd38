// The notebook's look in a real browser (chromium via playwright-core, a real `gwb notebook` in
// front of a real `gwb serve`): the graph picker starts on the server's graph rather than
// "(global)"; the side panel lists the schema and the installed queries, each one click from a
// cell; the graph view captions vertices by a name-like attribute and lets the user change a
// type's caption.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext } from '../helpers/browser.js';
import type { GwbNotebook } from '../helpers/notebook.js';
import { startSocialNotebook, type SocialNotebook } from './social-notebook.js';

let stack: SocialNotebook;
let notebook: GwbNotebook;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startSocialNotebook({ prefix: 'gwb-nb-look-', file: 'look.gwbnb' });
  ({ notebook } = stack);
  browser = await launchChromium();
  page = await (await signedInContext(browser, notebook)).newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(notebook.url);
  await page.getByTestId('cell').first().waitFor();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const cells = () => page.getByTestId('cell');

describe('the notebook look', () => {
  it('starts the graph picker on the graph in use', async () => {
    expect(await page.getByTestId('graph-select').inputValue()).toBe('social');
  });

  it('lists types with attributes and installed queries in the side panel', async () => {
    const side = page.getByTestId('side-panel');
    await side.getByTestId('side-vertex-person').waitFor({ timeout: 10_000 });
    expect(await side.getByTestId('side-vertex-person').textContent()).toContain('name, age');
    expect(await side.getByTestId('side-edge-knows').textContent()).toContain('since');
    await side.getByTestId('side-query-friends').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('opens a query from the panel as a query cell with its form', async () => {
    const before = await cells().count();
    await page.getByTestId('side-query-friends').getByRole('button').click();
    await expect.poll(() => cells().count()).toBe(before + 1);
    const cell = cells().nth(before);
    await expect
      .poll(() => cell.getByTestId('query-select').inputValue(), { timeout: 10_000 })
      .toBe('friends');
    await cell.getByTestId('param-minAge').waitFor({ timeout: 10_000 });
  });

  it('opens a vertex type as a GSQL cell that runs, captioned by name, caption changeable', async () => {
    const before = await cells().count();
    await page.getByTestId('side-vertex-person').getByRole('button').click();
    await expect.poll(() => cells().count()).toBe(before + 1);
    const cell = cells().nth(before);
    const shown = async () =>
      ((await cell.locator('.view-lines').textContent()) ?? '').replace(/\u00a0/g, ' ');
    await expect.poll(shown).toContain('S = {person.*};');
    await cell.locator('.monaco-editor textarea').focus();
    await page.keyboard.press('Control+Enter');
    await cell.getByTestId('result-table').waitFor({ timeout: 20_000 });
    await cell.getByTestId('tab-graph').click();
    const caption = cell.getByTestId('legend-caption-person');
    await caption.waitFor({ timeout: 10_000 });
    // A name-like attribute by default, the id on request; the choice is remembered.
    expect(await caption.inputValue()).toBe('name');
    await caption.selectOption('id');
    expect(await page.evaluate(() => localStorage.getItem('gwb.graph-style'))).toContain(
      '"caption":"id"',
    );
    await cell.getByTestId('legend-colour-person').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
