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
    // With overwrite: without it, the edit saved in between is kept (see wiki-api.contract.ts).
    const report = await scenario.publish({ overwrite: true });
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

  it('deletes or archives pages the site no longer has when on_orphan says so, children first', async () => {
    for (const onOrphan of ['delete', 'archive'] as const) {
      scenario = await startScenario();
      await scenario.publish();
      const old = scenario.emulator.addPage({
        space: 'DOCS',
        title: 'Old section',
        parentId: scenario.parentId,
      });
      const child = scenario.emulator.addPage({ space: 'DOCS', title: 'Old child', parentId: old.id });
      const report = await scenario.publish({ onOrphan });
      expect(report.exitCode).toBe(EXIT_CODES.ok);
      expect(report.notInSite).toEqual(['Old child', 'Old section']);
      const how = onOrphan === 'delete' ? 'trash' : 'archive';
      expect(scenario.emulator.state.removed.get(child.id)?.how).toBe(how);
      expect(scenario.emulator.state.removed.get(old.id)?.how).toBe(how);
      expect(scenario.emulator.state.byTitle('DOCS', 'Old child')).toBeUndefined();
      scenario.emulator.clearRequests();
      await scenario.publish({ onOrphan });
      expect(scenario.emulator.writes()).toEqual([]);
      await scenario.close();
      scenario = undefined;
    }
  });

  it('labels pages from front matter tags, adding only missing labels, and republishes with 0 writes', async () => {
    scenario = await startScenario();
    const file = path.join(scenario.siteDir, 'docs/reference/api.md');
    await writeFile(file, `---\ntags:\n  - Getting Started\n  - api\n---\n${await readFile(file, 'utf8')}`);
    await scenario.publish();
    expect(page(scenario, 'API').labels).toEqual(['getting-started', 'api']);
    scenario.emulator.clearRequests();
    await scenario.publish();
    expect(scenario.emulator.writes()).toEqual([]);
    await writeFile(file, (await readFile(file, 'utf8')).replace('  - api\n', '  - api\n  - reference\n'));
    scenario.emulator.clearRequests();
    await scenario.publish();
    expect(page(scenario, 'API').labels).toEqual(['getting-started', 'api', 'reference']);
    expect(scenario.emulator.writes().filter((write) => write.path.endsWith('/label'))).toHaveLength(1);
  });

  it('creates sibling pages in nav order (Confluence shows creation order), however slow one create is', async () => {
    scenario = await startScenario();
    // The first create (Home) is slow; without ordering, its siblings would overtake it.
    scenario.emulator.injectFault({
      method: 'POST',
      path: /\/rest\/api\/content$/,
      action: { delayMs: 300 },
    });
    await scenario.publish({ rateLimit: 0, concurrency: 8 });
    const ids = ['Home', 'Guide', 'Reference'].map((title) => Number(page(scenario as Scenario, title).id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const reference = ['API', 'FAQ'].map((title) => Number(page(scenario as Scenario, title).id));
    expect(reference).toEqual([...reference].sort((a, b) => a - b));
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

  it('works without CQL search through the listed endpoints: publishes, then republishes with 0 writes', async () => {
    scenario = await startScenario();
    scenario.emulator.injectFault({
      method: 'GET',
      path: /\/content\/search$/,
      times: 1000,
      action: { status: 404 },
    });
    const first = await scenario.publish();
    expect(first.exitCode).toBe(EXIT_CODES.ok);
    expect(first.pages.created).toBe(10);
    expect(first.warnings.map((warning) => warning.message)).toContainEqual(
      expect.stringMatching(/no CQL search/),
    );
    scenario.emulator.clearRequests();
    const second = await scenario.publish();
    expect(second.exitCode).toBe(EXIT_CODES.ok);
    expect(second.pages.unchanged).toBe(10);
    expect(scenario.emulator.writes()).toEqual([]);
    const lookups = scenario.emulator.requests.filter(
      (r) => r.method === 'GET' && r.path === '/rest/api/content',
    );
    expect(lookups.length).toBeGreaterThanOrEqual(10);
  });

  it('warns about a link to a missing file with its file and line, and still exits 0', async () => {
    scenario = await startScenario();
    const file = path.join(scenario.siteDir, 'docs/reference/api.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nSee [the favicon](../img/favicon.ico).\n`);
    const report = await scenario.publish();
    expect(report.exitCode).toBe(EXIT_CODES.ok);
    const lines = (await readFile(file, 'utf8')).split('\n').length - 1;
    expect(report.warnings).toContainEqual(
      expect.objectContaining({
        page: `reference/api.md:${lines}`,
        message: expect.stringMatching(/favicon/),
      }),
    );
  });

  it('warns that a custom toc slugify is not followed (ids may differ from the site)', async () => {
    scenario = await startScenario();
    const config = path.join(scenario.siteDir, 'mkdocs.yml');
    const yaml = await readFile(config, 'utf8');
    await writeFile(
      config,
      yaml.replace(
        'markdown_extensions:\n',
        'markdown_extensions:\n  - toc:\n      slugify: !!python/name:pymdownx.slugs.uslugify\n',
      ),
    );
    const report = await scenario.publish();
    expect(report.warnings.map((warning) => warning.message)).toContainEqual(
      expect.stringMatching(/custom slugify is not followed/),
    );
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
