/**
 * A real browser for the UI tests: a Chromium found by `findChromium` (`CHROME_PATH`, Playwright's
 * download, or a system install such as Debian's `/usr/bin/chromium`) driven by `playwright-core`, headless, quiet on the network
 * (no background traffic, no component updates, no sync, no QUIC), with a fresh temporary profile
 * per launch (Playwright's `launch` creates one and removes it on `close()`), and screenshots for
 * review under `test/output/` (git-ignored).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { findChromium } from './chromium-executable.ts';

/** The command-line switches of every launch. */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

/** Folder of the screenshots (`test/output/`, not committed). */
export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'output');

/**
 * Launches Chromium; call `close()` in `afterAll`.
 *
 * @throws {Error} saying how to get a Chromium when none is found
 * @example
 * const browser = await launchChromium();
 * const page = await (await browser.newContext()).newPage();
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS], headless: true });
}

/**
 * Saves a full-page PNG of `page` as `test/output/<name>.png` and returns its path.
 *
 * @example
 * await screenshot(page, 'ui-home-alice');
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
