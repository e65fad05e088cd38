// Debian's chromium (or CHROMIUM_PATH) driven by playwright-core, headless, with the flags every
// browser test of the notebook uses on a shared CI machine.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { GwbNotebook } from './notebook.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * A browser context signed in to the notebook: the token is exchanged once (it works once) and
 * the session cookie is given to the context, so every page of it opens the notebook.
 */
export async function signedInContext(
  browser: Browser,
  notebook: GwbNotebook,
): Promise<BrowserContext> {
  const [name = '', value = ''] = (await notebook.cookie()).split('=');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name, value, url: notebook.origin }]);
  return context;
}
