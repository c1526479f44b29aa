/**
 * Where the browser tests find a Chromium: `CHROME_PATH` when set, else Playwright's own download
 * (`npx playwright install chromium`), else the usual system installs (Debian's, Chrome, macOS).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** System installs looked for after `CHROME_PATH` and Playwright's download, in order. */
export const SYSTEM_CHROMIUMS: readonly string[] = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
]);

/** What to do when no Chromium is found: one line per way. */
export const HOW_TO_GET_CHROMIUM = [
  'No Chromium found for the browser tests. Any one of these gives one:',
  '  - set CHROME_PATH to a Chromium or Chrome executable;',
  '  - npx playwright install chromium        (Playwright downloads its own build);',
  '  - sudo apt-get install chromium          (Debian, Ubuntu) — or: bash test/support/ensure-chromium.sh as root;',
  '  - brew install --cask chromium           (macOS).',
  'npm run test:unit runs every test that needs no browser.',
].join('\n');

/**
 * The Chromium executable the browser tests launch.
 *
 * @param env the environment (default `process.env`), read for `CHROME_PATH`
 * @param exists whether a file exists (default `existsSync`)
 * @throws {Error} with {@link HOW_TO_GET_CHROMIUM} when none is found, or when `CHROME_PATH` names a missing file
 * @example
 * const executablePath = findChromium();
 */
export function findChromium(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (file: string) => boolean = existsSync,
): string {
  const configured = env.CHROME_PATH?.trim();
  if (configured) {
    if (exists(configured)) return configured;
    throw new Error(`CHROME_PATH is ${configured}, which does not exist.\n${HOW_TO_GET_CHROMIUM}`);
  }
  const candidates = [playwrightChromium(), ...SYSTEM_CHROMIUMS].filter((c): c is string => c !== undefined);
  const found = candidates.find((candidate) => exists(candidate));
  if (found) return found;
  throw new Error(HOW_TO_GET_CHROMIUM);
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
