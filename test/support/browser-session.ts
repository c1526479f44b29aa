/**
 * One browser test's set-up: the application on the real stack (PostgreSQL, the development OpenID
 * provider, the embedded engine) and Debian's Chromium, with a browser context per person signed
 * in, every page they visit recorded for the accessibility scan, and every dialog a page opens
 * recorded (and dismissed), so a test can assert that none opened.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createVisitLog, type VisitLog } from './accessibility.ts';
import { launchChromium } from './chromium.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** How a session's pages behave. */
export interface BrowserSessionOptions {
  /** Milliseconds a page waits for an element before the test fails naming its locator. */
  readonly elementTimeout?: number;
}

/** The application, the browser, and the people's pages of one browser test. */
export interface BrowserSession {
  readonly app: TestApp;
  readonly browser: Browser;
  /** The pages visited in every context of the session, for the accessibility scan. */
  readonly visits: VisitLog;
  /** The messages of the dialogs pages opened, in order. */
  readonly dialogs: readonly string[];
  /** A new page in a context of its own (no cookies), `width` pixels wide. */
  newPage(width?: number): Promise<Page>;
  /** A new page of `username`, signed in through the provider's login form, on the start page. */
  signIn(username: string, width?: number): Promise<Page>;
  /** Closes every context, the browser and the application. */
  close(): Promise<void>;
}

/**
 * Starts the application and Chromium side by side.
 *
 * @example
 * let session: BrowserSession;
 * beforeAll(async () => { session = await openBrowserSession({ elementTimeout: 5000 }); });
 * afterAll(() => session?.close());
 */
export async function openBrowserSession(options: BrowserSessionOptions = {}): Promise<BrowserSession> {
  const [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
  const visits = createVisitLog(app.url);
  const contexts: BrowserContext[] = [];
  const dialogs: string[] = [];

  async function newPage(width = 1100): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    if (options.elementTimeout !== undefined) context.setDefaultTimeout(options.elementTimeout);
    contexts.push(context);
    visits.watch(context);
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    return page;
  }

  async function signIn(username: string, width?: number): Promise<Page> {
    const page = await newPage(width);
    await page.goto(`${app.url}/login?return_to=/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(app.stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.waitForLoadState();
    return page;
  }

  async function close(): Promise<void> {
    for (const context of contexts) await context.close();
    await browser.close();
    await app.stop();
  }

  return { app, browser, visits, dialogs, newPage, signIn, close };
}
