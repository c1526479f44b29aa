/**
 * A real browser for the UI tests: Debian's Chromium (`/usr/bin/chromium`, installed by
 * `test/support/ensure-chromium.sh`) driven by `playwright-core`, headless, quiet on the network
 * (no background traffic, no component updates, no sync, no QUIC), with a fresh temporary profile
 * per launch (Playwright's `launch` creates one and removes it on `close()`), and screenshots for
 * review under `test/output/` (git-ignored).
 */
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Where Debian installs Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

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
 * @throws {Error} naming the script to run when Chromium is not installed
 * @example
 * const browser = await launchChromium();
 * const page = await (await browser.newContext()).newPage();
 */
export async function launchChromium(): Promise<Browser> {
  try {
    await access(CHROMIUM_PATH);
  } catch {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run test/support/ensure-chromium.sh`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true });
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
