/**
 * The automated accessibility scan of the browser tests: axe-core (WCAG 2.0–2.2 A and AA rules and
 * axe's best practices) run inside the page at a desktop and a phone width, each page saved as a
 * screenshot at both widths under `test/output/`. The script is evaluated through the DevTools
 * protocol, so the pages' Content-Security-Policy (which allows no inline script) stays as it is.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './chromium.ts';

/** The widths every page is scanned at. */
export const SCAN_VIEWPORTS = Object.freeze({
  desktop: { width: 1100, height: 800 },
  phone: { width: 360, height: 740 },
});

/** One rule broken on a page, as axe reports it. */
export interface AccessibilityViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

let axeSource: Promise<string> | undefined;

function loadAxe(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** The violations axe finds on the page as it is now. */
export async function scanAccessibility(page: Page): Promise<AccessibilityViolation[]> {
  const source = await loadAxe();
  await page.evaluate(source);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's globals (the project's types have no DOM)
    const page = globalThis as any;
    const result = await page.axe.run(page.document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v: AccessibilityViolation) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** The violations as lines a person can act on. */
export function describeViolations(violations: readonly AccessibilityViolation[]): string {
  return violations
    .map((v) => {
      const where = v.nodes
        .map((n) => `    ${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`)
        .join('\n');
      return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${where}`;
    })
    .join('\n');
}

/**
 * Scans the page at both {@link SCAN_VIEWPORTS} and saves a screenshot at each
 * (`<name>.png`, `<name>-phone.png`), then restores the page's viewport; resolves to the
 * violations found, by width (empty lists when the page passes).
 *
 * @example
 * const found = await checkPage(page, 'docs-13-trash');
 * console.log(describeViolations(found.phone));
 */
export async function checkPage(
  page: Page,
  name: string,
): Promise<Record<keyof typeof SCAN_VIEWPORTS, AccessibilityViolation[]>> {
  const original = page.viewportSize();
  await page.setViewportSize(SCAN_VIEWPORTS.desktop);
  const desktop = await scanAccessibility(page);
  await screenshot(page, name);
  await page.setViewportSize(SCAN_VIEWPORTS.phone);
  const phone = await scanAccessibility(page);
  await screenshot(page, `${name}-phone`);
  if (original) await page.setViewportSize(original);
  return { desktop, phone };
}

/**
 * {@link checkPage}, failing with the violations listed when there are any.
 *
 * @throws {Error} naming the page, the width, each broken rule and the elements that break it
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const found = await checkPage(page, name);
  const report = Object.entries(found)
    .filter(([, violations]) => violations.length > 0)
    .map(([width, violations]) => `at the ${width} width:\n${describeViolations(violations)}`);
  if (report.length > 0) {
    throw new Error(`${name} (${page.url()}) has accessibility violations ${report.join('\n')}`);
  }
}

/** Paths never opened again by {@link VisitLog.scanAll}: sign-in and sign-out act on a GET. */
const NOT_REVISITED = /^\/(login|logout|auth\/|api\/|assets\/|openapi\.json|health)/;

/** The pages browser contexts opened, to scan each kind once more at the end of a test file. */
export interface VisitLog {
  /** Records every page of the application `context` navigates to from now on. */
  watch(context: BrowserContext): void;
  /**
   * Opens each kind of page every watched context visited (one per path with ids as `:n`) again in
   * that context, scans it at both widths with a screenshot each (`<prefix>-visited-<n>`), and
   * resolves to the pages scanned; throws listing every page with violations.
   */
  scanAll(prefix: string): Promise<string[]>;
}

/**
 * A {@link VisitLog} for the application at `origin`.
 *
 * @example
 * const visits = createVisitLog(app.url);
 * visits.watch(context);
 * await visits.scanAll('docs');
 */
export function createVisitLog(origin: string): VisitLog {
  const visited = new Map<BrowserContext, Map<string, string>>();
  return {
    watch(context) {
      const urls = new Map<string, string>();
      visited.set(context, urls);
      context.on('request', (request) => {
        if (!request.isNavigationRequest() || request.method() !== 'GET') return;
        const url = new URL(request.url());
        if (url.origin !== origin || NOT_REVISITED.test(url.pathname)) return;
        const kind = `${url.pathname.replace(/\d+/g, ':n')}?${[...url.searchParams.keys()].sort().join('&')}`;
        if (!urls.has(kind)) urls.set(kind, url.href);
      });
    },
    async scanAll(prefix) {
      const scanned: string[] = [];
      const failures: string[] = [];
      for (const [context, urls] of visited) {
        const page = await context.newPage();
        for (const url of urls.values()) {
          await page.goto(url);
          const name = `${prefix}-visited-${String(scanned.length + 1).padStart(2, '0')}`;
          const found = await checkPage(page, name);
          scanned.push(url);
          for (const [width, violations] of Object.entries(found)) {
            if (violations.length > 0)
              failures.push(`${url} at the ${width} width:\n${describeViolations(violations)}`);
          }
        }
        await page.close();
      }
      if (failures.length > 0) throw new Error(`accessibility violations on ${failures.join('\n')}`);
      return scanned;
    },
  };
}
