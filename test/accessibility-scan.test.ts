/**
 * The accessibility scan of the browser tests finds what it should: a page with an image without
 * a text alternative and a button without a name fails, at both widths; a plain page passes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, describeViolations } from './support/accessibility.ts';
import { launchChromium } from './support/chromium.ts';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1>${body}</main></body></html>`;

describe('the accessibility scan', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports broken rules with the elements that break them, at the desktop and the phone width', async () => {
    const tab = await browser.newPage();
    await tab.setContent(page('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>'));
    const found = await checkPage(tab, 'scan-self-test-failing');
    for (const width of ['desktop', 'phone'] as const) {
      expect(found[width].map((v) => v.id).sort(), width).toEqual(['button-name', 'image-alt']);
    }
    expect(describeViolations(found.desktop)).toContain('"img"');
    await tab.setContent(page('<p>Fine.</p><button type="button">Go</button>'));
    expect(await checkPage(tab, 'scan-self-test-passing')).toEqual({ desktop: [], phone: [] });
    await tab.close();
  });
});
