// The notebook page end to end in a real browser: Debian's chromium driven by playwright-core
// against `gwb notebook` (child process) in front of `gwb serve` (child process). Types a query with
// completion, runs it, reads the table, draws the graph, runs an installed query from its form,
// stops a long query, reloads, and checks a hostile attribute renders as text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../helpers/browser.js';
import { startGwbNotebook, type GwbNotebook } from '../../helpers/notebook.js';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { startSocialNotebook, type SocialNotebook } from '../../notebook/social-notebook.js';

let stack: SocialNotebook;
let serve: GwbServe;
let notebook: GwbNotebook;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startSocialNotebook({
    prefix: 'gwb-nb-e2e-',
    file: 'demo.gwbnb',
    args: ['--graph', 'social'],
  });
  ({ serve, notebook } = stack);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(notebook.url);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const cells = () => page.getByTestId('cell');

async function typeInCell(index: number, text: string) {
  const editor = cells().nth(index).locator('.monaco-editor textarea');
  await editor.focus();
  await page.keyboard.type(text);
}

async function waitForSaved() {
  await expect
    .poll(async () => page.getByTestId('save-state').getAttribute('data-state'), {
      timeout: 10_000,
    })
    .toBe('saved');
}

describe('the notebook page', () => {
  it('opens with the server and graph shown and an empty GSQL cell', async () => {
    await page.getByTestId('cell').first().waitFor();
    expect(await page.getByTestId('server').textContent()).toBe(serve.url);
    expect(await page.getByTestId('graph-select').inputValue()).toBe('social');
    expect(pageErrors).toEqual([]);
  });

  it('highlights GSQL, completes schema names and marks syntax errors', async () => {
    await typeInCell(0, 'INTERPRET QUERY () FOR GRAPH social {\nS = {pers');
    await page.keyboard.press('Control+Space');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'person' });
    await suggestion.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    // Braces close themselves: typing `}` steps over the closing one monaco inserted.
    await page.keyboard.type('.*};\nPRINT S;');
    const text = await page.evaluate(() =>
      (document.querySelector('.view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '),
    );
    expect(text).toContain('S = {person.*};');
    const colours = await page.evaluate(() => {
      const spans = Array.from(document.querySelectorAll('.view-lines span[class*="mtk"]'));
      return new Set(spans.map((s) => getComputedStyle(s).color)).size;
    });
    expect(colours).toBeGreaterThanOrEqual(3);
    // A syntax error gets a squiggle; removing it clears the squiggle.
    await page.keyboard.type('\nPRINT (');
    await page.locator('.squiggly-error').first().waitFor({ timeout: 10_000 });
    // Select from the end of the previous line to the end of this one, and delete it.
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('.squiggly-error').count(), { timeout: 10_000 }).toBe(0);
  });

  it('runs the cell and shows the vertex set as a table, attributes as text', async () => {
    await page.keyboard.press('Control+Enter');
    const table = cells().first().getByTestId('result-table');
    await table.waitFor({ timeout: 20_000 });
    await expect.poll(() => table.textContent()).toContain('Ann');
    // The hostile value is shown as text, never parsed as HTML.
    expect(await table.textContent()).toContain('<img src=x onerror=alert(1)>');
    expect(await cells().first().getByTestId('cell-outputs').locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await cells().first().getByTestId('cell-status').textContent()).toMatch(/^ok · /);
  });

  it('draws the result as a graph on a canvas', async () => {
    await cells().first().getByTestId('tab-graph').click();
    const canvas = cells().first().getByTestId('graph-canvas');
    await canvas.waitFor();
    await expect
      .poll(
        async () => {
          const shot = await canvas.screenshot();
          return inkedPixels(page, shot);
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(200);
  });

  it('runs an installed query from its parameter form', async () => {
    await page.getByTestId('add-query').click();
    const cell = cells().nth(1);
    await cell.getByTestId('query-select').selectOption('friends');
    await cell.getByTestId('param-p-id').fill('a');
    await cell.getByTestId('param-minAge').fill('30');
    await cell.getByTestId('run-cell').click();
    const table = cell.getByTestId('result-table');
    await table.waitFor({ timeout: 20_000 });
    const text = await table.textContent();
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).not.toContain('Bob');
    expect(await cell.getByTestId('cell-status').textContent()).toMatch(/request/);
  });

  it('stops a long-running query', async () => {
    await page.getByTestId('add-query').click();
    const cell = cells().nth(2);
    await cell.getByTestId('query-select').selectOption('spin');
    await cell.getByTestId('param-n').fill('2000000000');
    await cell.getByTestId('run-cell').click();
    await expect.poll(() => cell.getByTestId('cell-status').textContent()).toBe('running…');
    await page.waitForTimeout(500);
    await cell.getByTestId('stop-cell').click();
    await expect
      .poll(() => cell.getByTestId('cell-status').textContent(), { timeout: 15_000 })
      .toMatch(/^aborted/);
  });

  it('keeps cells and outputs across a reload', async () => {
    await waitForSaved();
    await page.reload();
    await cells().first().waitFor();
    expect(await cells().count()).toBe(3);
    const table = cells().first().getByTestId('result-table');
    await table.waitFor({ timeout: 10_000 });
    expect(await table.textContent()).toContain('Ann');
    expect(await cells().nth(1).getByTestId('query-select').inputValue()).toBe('friends');
    expect(pageErrors).toEqual([]);
  });

  it('shows a failing run with its code and marks the offending line in the editor', async () => {
    await page.getByTestId('add-gsql').click();
    const cell = cells().nth(3);
    await cell.locator('.monaco-editor textarea').focus();
    await page.keyboard.type('INTERPRET QUERY () FOR GRAPH social {\nS = {nosuch.*};\nPRINT S;');
    await page.keyboard.press('Control+Enter');
    const error = cell.getByTestId('output-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toMatch(/nosuch/);
    expect(await cell.getByTestId('cell-status').textContent()).toMatch(/^error/);
    // The run's marker sits on line 2 of the cell.
    await cell.locator('.squiggly-error').first().waitFor({ timeout: 10_000 });
    const marked = await cell.evaluate((root) => {
      const squiggle = root.querySelector('.squiggly-error');
      const lines = Array.from(root.querySelectorAll('.view-line'));
      if (!squiggle) return -1;
      const top = squiggle.getBoundingClientRect().top;
      const sorted = lines.map((l) => l.getBoundingClientRect().top).sort((a, b) => a - b);
      return sorted.findIndex((t) => Math.abs(t - top) < 4) + 1;
    });
    expect(marked).toBe(2);
  });

  it('offers the demo graph on an empty server, loads it and runs one of its queries', async () => {
    // A server of its own: the fixture's global types would clash with the demo's.
    const empty = await startGwbServe();
    const dir = mkdtempSync(join(tmpdir(), 'gwb-nb-demo-'));
    const fresh = await startGwbNotebook({ file: join(dir, 'demo.gwbnb'), serverUrl: empty.url });
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await tab.goto(fresh.url);
      await tab.getByTestId('cell').first().waitFor();
      expect(await tab.getByTestId('notice').textContent()).toMatch(/no graphs yet/);
      await tab.getByTestId('load-demo').click();
      await expect
        .poll(() => tab.getByTestId('notice').textContent(), { timeout: 60_000 })
        .toMatch(/^demo graph loaded/);
      expect(await tab.getByTestId('graph-select').inputValue()).toBe('demo');
      await tab.getByTestId('add-query').click();
      const cell = tab.getByTestId('cell').last();
      const select = cell.getByTestId('query-select');
      await expect
        .poll(async () => select.locator('option').allTextContents(), { timeout: 10_000 })
        .toContain('pagerank');
      await select.selectOption('pagerank');
      await cell.getByTestId('run-cell').click();
      await cell.getByTestId('result-table').waitFor({ timeout: 30_000 });
      expect(await cell.getByTestId('cell-status').textContent()).toMatch(/^ok/);
    } finally {
      await tab.close();
      await fresh.stop();
      await empty.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** Pixels of a screenshot that are not background (decoded by the browser itself). */
async function inkedPixels(p: Page, png: Buffer): Promise<number> {
  return p.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(image, 0, 0);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if ((pixels[i] ?? 255) < 230 || (pixels[i + 1] ?? 255) < 230 || (pixels[i + 2] ?? 255) < 230)
        inked++;
    }
    return inked;
  }, png.toString('base64'));
}
