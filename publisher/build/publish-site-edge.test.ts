import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario } from '../testing/index.ts';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

function page(s: Scenario, title: string) {
  const found = s.emulator.state.byTitle(s.space, title);
  if (!found) throw new Error(`no page "${title}"`);
  return found;
}

describe('publishSite: conflicts, consistency and structure changes', () => {
  it('re-reads a page after a 409 and retries the update once', async () => {
    scenario = await startScenario();
    await scenario.publish();
    const file = path.join(scenario.siteDir, 'docs/reference/api.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nChanged.\n`);
    const api = page(scenario, 'API');
    scenario.emulator.injectFault({
      method: 'PUT',
      action: {
        before: () => {
          // Someone else saves the page between the build's read and its update.
          api.version += 1;
          api.body = '<p>edited in the wiki</p>';
        },
      },
    });
    scenario.emulator.clearRequests();
    const report = await scenario.publish();
    expect(report.exitCode).toBe(0);
    expect(report.pages.updated).toBe(1);
    const statuses = scenario.emulator.requests.filter((r) => r.method === 'PUT').map((r) => r.status);
    expect(statuses).toEqual([409, 200]);
    expect(
      scenario.emulator.requests.some((r) => r.method === 'GET' && r.path === `/rest/api/content/${api.id}`),
    ).toBe(true);
    expect(api.body).toContain('Changed.');
    expect(api.version).toBe(3);
  });

  it('waits for a newly created parent to become visible before creating its children', async () => {
    scenario = await startScenario({ emulator: { visibilityLag: 4 } });
    const report = await scenario.publish();
    expect(report.exitCode).toBe(0);
    expect(report.pages.created).toBe(10);
    const polls = scenario.emulator.requests.filter(
      (r) => r.method === 'GET' && /^\/rest\/api\/content\/\d+$/.test(r.path),
    );
    expect(polls.some((r) => r.status === 404)).toBe(true);
    expect(polls.some((r) => r.status === 200)).toBe(true);
  });

  it('gives up on children of a parent that never becomes visible (soft failure, exit 6)', async () => {
    scenario = await startScenario({ emulator: { visibilityLag: 1_000 } });
    const report = await scenario.publish({ parentPollAttempts: 2 });
    expect(report.exitCode).toBe(EXIT_CODES.softFailures);
    expect(report.items.filter((item) => item.action === 'created').map((item) => item.title)).toEqual([
      'Home',
      'Guide',
      'Reference',
    ]);
    expect(report.pages.failed).toBe(7);
    expect(report.failures.find((f) => f.page === 'Install')?.message).toMatch(
      /did not become available after 2 checks/,
    );
    expect(report.failures.find((f) => f.page === 'Internals')?.message).toMatch(/parent page failed/);
  });

  it('refuses to take over a page with the same title elsewhere in the space, and continues', async () => {
    scenario = await startScenario();
    const stranger = scenario.emulator.addPage({ space: 'DOCS', title: 'FAQ', body: '<p>not ours</p>' });
    const report = await scenario.publish();
    expect(report.exitCode).toBe(EXIT_CODES.softFailures);
    expect(report.pages).toMatchObject({ created: 9, failed: 1 });
    expect(report.failures[0]?.message).toMatch(/already exists in space DOCS outside "Handbook"/);
    expect(stranger.body).toBe('<p>not ours</p>');
    const allowed = await scenario.publish({ allowSoftFailures: true });
    expect(allowed.exitCode).toBe(0);
    expect(allowed.failures).toHaveLength(1);
  });

  it('moves a page when the nav moves it, and leaves pages it does not own alone', async () => {
    scenario = await startScenario();
    await scenario.publish();
    const extra = scenario.emulator.addPage({
      space: 'DOCS',
      title: 'Meeting notes',
      parentId: scenario.parentId,
    });
    const config = path.join(scenario.siteDir, 'mkdocs.yml');
    const yaml = await readFile(config, 'utf8');
    await writeFile(
      config,
      yaml
        .replace('      - reference/faq.md\n', '')
        .replace(
          '      - Install: guide/install.md\n',
          '      - Install: guide/install.md\n      - reference/faq.md\n',
        ),
    );
    scenario.emulator.clearRequests();
    const report = await scenario.publish();
    expect(report.pages).toMatchObject({ updated: 1, unchanged: 9 });
    expect(scenario.emulator.state.pages.get(page(scenario, 'FAQ').parentId ?? '')?.title).toBe('Guide');
    expect(report.notInSite).toEqual(['Meeting notes']);
    expect(extra.version).toBe(1);
  });

  it('follows paged listings and still reads fewer times than there are pages', async () => {
    scenario = await startScenario({ emulator: { maxLimit: 3 } });
    await scenario.publish();
    scenario.emulator.clearRequests();
    const report = await scenario.publish();
    expect(report.pages.unchanged).toBe(10);
    const searches = scenario.emulator.requests.filter((r) => r.path === '/rest/api/content/search');
    expect(searches).toHaveLength(4);
    expect(scenario.emulator.requests.length).toBeLessThan(10);
    expect(scenario.emulator.writes()).toEqual([]);
  });

  it('authenticates with a bearer token from WIKI_BEARER_TOKEN', async () => {
    scenario = await startScenario({ emulator: { bearerTokens: ['oauth-token'] } });
    const report = await scenario.publish({}, { env: { WIKI_BEARER_TOKEN: 'oauth-token' } });
    expect(report.exitCode).toBe(0);
    expect(report.pages.created).toBe(10);
  });

  it('publishes a bare docs folder, folders as sections, under the space home page by default', async () => {
    scenario = await startScenario({ fixture: 'bare-docs', parentTitle: null });
    const report = await scenario.publish({ site: scenario.siteDir });
    expect(report.exitCode).toBe(0);
    expect(report.parentPage).toBe('Documentation Home');
    expect(report.items.map((item) => [item.title, item.action])).toEqual([
      ['Bare home', 'created'],
      ['Setup', 'created'],
      ['Topics', 'created'],
      ['Alpha', 'created'],
      ['Sub', 'created'],
      ['Beta', 'created'],
    ]);
    const home = page(scenario, 'Bare home');
    expect(home.body).toContain('ri:content-title="Topics"');
    expect(scenario.emulator.state.pages.get(page(scenario, 'Beta').parentId ?? '')?.title).toBe('Sub');
    expect(page(scenario, 'Sub').body).toContain('ac:name="children"');
  });

  it('lists the attachments of a page with many of them once, and re-uploads none when unchanged', async () => {
    scenario = await startScenario({ fixture: 'bare-docs', parentTitle: null });
    const docs = scenario.siteDir;
    const images = Array.from({ length: 30 }, (_, n) => `images/shot-${n}.png`);
    await Promise.all(images.map((image, n) => writeFile(path.join(docs, image), `image ${n}`)));
    await writeFile(
      path.join(docs, 'gallery.md'),
      `# Gallery\n\n${images.map((image) => `![](${image})`).join('\n')}\n`,
    );
    const first = await scenario.publish({ site: docs });
    expect(first.attachments.uploaded).toBe(31);
    scenario.emulator.clearRequests();
    const again = await scenario.publish({ site: docs });
    expect(again.attachments).toMatchObject({ unchanged: 31, uploaded: 0, updated: 0 });
    expect(scenario.emulator.writes()).toEqual([]);
    const listings = scenario.emulator.requests.filter((r) => r.path.endsWith('/child/attachment'));
    expect(listings).toHaveLength(1);
  });
});
