// The notebook never loses work, in a real browser (chromium via playwright-core) against a real
// `gwb notebook` in front of a real `gwb serve`: GSQL editors are laid out and take typing after a
// reload and after an .ipynb import (they used to be 5 px wide until the window was resized), and
// two pages editing one file are told about each other instead of overwriting silently.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext } from '../helpers/browser.js';
import type { GwbNotebook } from '../helpers/notebook.js';
import { startSocialNotebook, type SocialNotebook } from './social-notebook.js';

let stack: SocialNotebook;
let notebook: GwbNotebook;
let browser: Browser;
let context: BrowserContext;
let folder: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  stack = await startSocialNotebook({
    prefix: 'gwb-nb-edit-',
    file: 'work.gwbnb',
    args: ['--graph', 'social'],
  });
  ({ notebook, folder } = stack);
  browser = await launchChromium();
  context = await signedInContext(browser, notebook);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function openPage(url = notebook.url): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => void d.dismiss());
  await page.goto(url);
  await page.getByTestId('cell').first().waitFor();
  return page;
}

async function waitForSaved(page: Page) {
  await expect
    .poll(async () => page.getByTestId('save-state').getAttribute('data-state'), {
      timeout: 10_000,
    })
    .toBe('saved');
}

/** The editor's laid-out width and the text monaco renders, as a user sees them. */
async function editorShape(cell: Locator) {
  return cell.evaluate((root) => {
    const editor = root.querySelector('.monaco-editor');
    const lines = root.querySelector('.view-lines');
    return {
      width: editor?.getBoundingClientRect().width ?? 0,
      height: editor?.getBoundingClientRect().height ?? 0,
      text: (lines?.textContent ?? '').replace(/\u00a0/g, ' '),
    };
  });
}

async function typeAtEnd(page: Page, cell: Locator, text: string) {
  await cell.locator('.monaco-editor textarea').focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

describe('notebook editors after a reload and an import', () => {
  it('shows a reloaded GSQL cell full width with its text, and takes typing', async () => {
    const page = await openPage();
    const cell = page.getByTestId('cell').first();
    await typeAtEnd(page, cell, 'INTERPRET QUERY () FOR GRAPH social {\nPRINT 1;');
    await waitForSaved(page);
    await page.reload();
    await cell.waitFor();
    await expect
      .poll(async () => (await editorShape(cell)).width, { timeout: 10_000 })
      .toBeGreaterThan(600);
    const shape = await editorShape(cell);
    expect(shape.text).toContain('INTERPRET QUERY () FOR GRAPH social {');
    // Laid out at its width, three lines of text need no more than a few lines of height.
    expect(shape.height).toBeLessThan(200);
    await typeAtEnd(page, cell, '\nPRINT 2;');
    await expect.poll(async () => (await editorShape(cell)).text).toContain('PRINT 2;');
    await waitForSaved(page);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows the cells of an imported .ipynb laid out, and takes typing', async () => {
    const page = await openPage();
    const ipynb = join(folder, 'imported.ipynb');
    writeFileSync(
      ipynb,
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { kernelspec: { name: 'gsql', display_name: 'GSQL', language: 'gsql' } },
        cells: [
          { cell_type: 'markdown', metadata: {}, source: ['# Imported'] },
          {
            cell_type: 'code',
            metadata: {},
            execution_count: null,
            outputs: [],
            source: ['INTERPRET QUERY () FOR GRAPH social {\n', '  PRINT "imported";\n', '}'],
          },
        ],
      }),
    );
    const navigated = page.waitForURL(/file=imported\.gwbnb/);
    await page.locator('input[type=file]').setInputFiles(ipynb);
    await navigated;
    const cell = page.getByTestId('cell').nth(1);
    await cell.locator('.monaco-editor').waitFor();
    await expect
      .poll(async () => (await editorShape(cell)).width, { timeout: 10_000 })
      .toBeGreaterThan(600);
    expect((await editorShape(cell)).text).toContain('PRINT "imported";');
    await typeAtEnd(page, cell, '\n// edited');
    await expect.poll(async () => (await editorShape(cell)).text).toContain('// edited');
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});

describe('diagnostics as you type', () => {
  it('marks an unknown attribute with the live schema before any run', async () => {
    const page = await openPage();
    await page.getByTestId('add-gsql').click();
    const cells = page.getByTestId('cell');
    const cell = cells.nth((await cells.count()) - 1);
    await cell.locator('.monaco-editor textarea').focus();
    await page.keyboard.type(
      'INTERPRET QUERY () FOR GRAPH social {\nS = {person.*};\nR = SELECT t FROM S:s -(knows:e)- person:t WHERE t.agee > 3;\nPRINT R;',
    );
    const squiggle = cell.locator('.squiggly-error');
    await squiggle.first().waitFor({ timeout: 10_000 });
    // On line 3, where `t.agee` is; and nothing was run.
    const line = await cell.evaluate((root) => {
      const mark = root.querySelector('.squiggly-error');
      if (!mark) return -1;
      const top = mark.getBoundingClientRect().top;
      const tops = Array.from(root.querySelectorAll('.view-line'))
        .map((l) => l.getBoundingClientRect().top)
        .sort((a, b) => a - b);
      return tops.findIndex((t) => Math.abs(t - top) < 4) + 1;
    });
    expect(line).toBe(3);
    expect((await cell.getByTestId('cell-status').textContent()) ?? '').toBe('');
    // Fixing the name clears the mark.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    for (let i = 0; i < ' > 3;'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    await expect.poll(() => squiggle.count(), { timeout: 10_000 }).toBe(0);
    await page.close();
  });
});

describe('two pages on one notebook', () => {
  it('tells the second writer, and lets it reload or overwrite', async () => {
    const first = await openPage();
    const second = await openPage();
    const firstCell = first.getByTestId('cell').first();
    const secondCell = second.getByTestId('cell').first();
    await typeAtEnd(first, firstCell, '\n// from the first page');
    await waitForSaved(first);
    // The second page still has the older revision: its save is refused, not written over.
    await typeAtEnd(second, secondCell, '\n// from the second page');
    const conflict = second.getByTestId('conflict');
    await conflict.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await second.getByTestId('save-state').getAttribute('data-state')).toBe('conflict');
    const onDisk = await notebook.api<{ notebook: { cells: { source: string[] }[] } }>(
      'GET',
      '/api/notebook',
    );
    const stored = onDisk.body.notebook.cells[0]?.source.join('') ?? '';
    expect(stored).toContain('// from the first page');
    expect(stored).not.toContain('// from the second page');

    // Overwrite: the second page's text wins, and it saves normally afterwards.
    await second.getByTestId('conflict-overwrite').click();
    await waitForSaved(second);
    const after = await notebook.api<{ notebook: { cells: { source: string[] }[] } }>(
      'GET',
      '/api/notebook',
    );
    const overwritten = after.body.notebook.cells[0]?.source.join('') ?? '';
    expect(overwritten).toContain('// from the second page');
    expect(overwritten).not.toContain('// from the first page');

    // Now the first page is behind: it is told too, and reloading shows the second's text.
    await typeAtEnd(first, firstCell, '\n// first again');
    await first.getByTestId('conflict').waitFor({ state: 'visible', timeout: 10_000 });
    await first.getByTestId('conflict-reload').click();
    await first.getByTestId('cell').first().locator('.monaco-editor').waitFor();
    await expect
      .poll(async () => (await editorShape(first.getByTestId('cell').first())).text, {
        timeout: 10_000,
      })
      .toContain('// from the second page');
    expect(await first.getByTestId('conflict').isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
    await first.close();
    await second.close();
  });

  it('treats a change of the file on disk as another writer', async () => {
    const page = await openPage();
    const cell = page.getByTestId('cell').first();
    await typeAtEnd(page, cell, '\n// before the disk change');
    await waitForSaved(page);
    const current = await notebook.api<{ notebook: unknown }>('GET', '/api/notebook');
    const edited = JSON.parse(JSON.stringify(current.body.notebook)) as {
      cells: { source: string[] }[];
    };
    edited.cells[0] = { ...edited.cells[0], source: ['// written by another program'] };
    // Written straight to the file, as an editor or `git checkout` would.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(join(folder, 'work.gwbnb'), `${JSON.stringify(edited, null, 2)}\n`);
    await typeAtEnd(page, cell, '\n// after');
    await page.getByTestId('conflict').waitFor({ state: 'visible', timeout: 10_000 });
    await page.close();
  });
});
