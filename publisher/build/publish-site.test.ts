import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatedPage } from '../emulator/index.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { type Scenario, startScenario } from '../testing/index.ts';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

function pageTitled(s: Scenario, title: string): EmulatedPage {
  const page = s.emulator.state.byTitle(s.space, title);
  if (!page) throw new Error(`no page "${title}" in the emulator`);
  return page;
}

function parentTitle(s: Scenario, title: string): string | undefined {
  const parentId = pageTitled(s, title).parentId;
  return parentId ? s.emulator.state.pages.get(parentId)?.title : undefined;
}

function wellFormed(body: string): boolean {
  const wrapped = `<r xmlns:ac="http://atlassian.com/content" xmlns:ri="http://atlassian.com/resource/identifier">${body}</r>`;
  return XMLValidator.validate(wrapped) === true;
}

describe('publishSite against the emulated Confluence', () => {
  it('publishes a nested site four levels deep, parents first, with attachments', async () => {
    scenario = await startScenario();
    const report = await scenario.publish();
    expect(report.exitCode).toBe(EXIT_CODES.ok);
    expect(report.pages).toMatchObject({ created: 10, updated: 0, failed: 0 });
    expect(report.attachments).toMatchObject({ uploaded: 4, failed: 0 });
    expect(parentTitle(scenario, 'Home')).toBe('Handbook');
    expect(parentTitle(scenario, 'Install')).toBe('Guide');
    expect(parentTitle(scenario, 'Tuning')).toBe('Advanced');
    expect(parentTitle(scenario, 'Deep dive')).toBe('Advanced');
    expect(parentTitle(scenario, 'Internals')).toBe('Deep dive');
    expect(parentTitle(scenario, 'API')).toBe('Reference');
    expect(scenario.emulator.state.ancestors(pageTitled(scenario, 'Internals')).map((p) => p.title)).toEqual([
      'Handbook',
      'Guide',
      'Advanced',
      'Deep dive',
    ]);
    const creates = scenario.emulator.requests.filter(
      (r) => r.method === 'POST' && r.path === '/rest/api/content',
    );
    expect(creates).toHaveLength(10);
    for (const page of scenario.emulator.state.pages.values()) expect(wellFormed(page.body)).toBe(true);
    const tuning = pageTitled(scenario, 'Tuning');
    const names = scenario.emulator.state
      .attachmentsOf(tuning.id)
      .map((a) => a.title)
      .sort();
    expect(names).toEqual(['guide_advanced_img_diagram.png', 'guide_img_diagram.png']);
    const logo = scenario.emulator.state.attachmentsOf(pageTitled(scenario, 'Home').id)[0];
    expect(logo?.data).toEqual(await readFile(path.join(scenario.siteDir, 'docs/img/logo.png')));
    expect(logo?.comment).toMatch(/sha1:[0-9a-f]{40}/);
    expect(pageTitled(scenario, 'Home').body).toContain('ac:anchor="cache-size"');
    expect(tuning.body).toContain('<ac:parameter ac:name="">cache-size</ac:parameter>');
    expect(report.unlisted).toEqual(['unlisted.md']);
  });

  it('republishes an unchanged site with zero writes and fewer reads than pages', async () => {
    scenario = await startScenario();
    await scenario.publish();
    scenario.emulator.clearRequests();
    const report = await scenario.publish();
    expect(report.exitCode).toBe(0);
    expect(report.pages).toMatchObject({ unchanged: 10, created: 0, updated: 0 });
    expect(report.attachments).toMatchObject({ unchanged: 4, uploaded: 0, updated: 0 });
    expect(scenario.emulator.writes()).toEqual([]);
    expect(scenario.emulator.requests.length).toBeLessThan(report.pages.total);
    expect(report.apiCalls).toEqual({ reads: scenario.emulator.requests.length, writes: 0, retries: 0 });
    expect(scenario.messages.some((m) => m.includes('Nothing to change: 10 pages up to date'))).toBe(true);
  });

  it('updates only the page whose Markdown changed, as a minor edit with the next version', async () => {
    scenario = await startScenario();
    await scenario.publish();
    const before = pageTitled(scenario, 'FAQ').version;
    const file = path.join(scenario.siteDir, 'docs/reference/faq.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nOne more answer.\n`);
    scenario.emulator.clearRequests();
    const report = await scenario.publish();
    expect(report.pages).toMatchObject({ updated: 1, unchanged: 9 });
    expect(scenario.emulator.writes()).toHaveLength(1);
    expect(scenario.emulator.writes()[0]).toMatchObject({ method: 'PUT', status: 200 });
    const faq = pageTitled(scenario, 'FAQ');
    expect(faq.version).toBe(before + 1);
    expect(faq.minorEdit).toBe(true);
    expect(faq.body).toContain('One more answer.');
  });

  it('replaces only the attachment whose image changed', async () => {
    scenario = await startScenario();
    await scenario.publish();
    await writeFile(path.join(scenario.siteDir, 'docs/img/logo.png'), Buffer.from('a different image'));
    scenario.emulator.clearRequests();
    const report = await scenario.publish();
    expect(report.attachments).toMatchObject({ updated: 1, unchanged: 3, uploaded: 0 });
    expect(report.pages).toMatchObject({ unchanged: 10 });
    const writes = scenario.emulator.writes();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.path).toMatch(/\/child\/attachment\/att\d+\/data$/);
    const logo = scenario.emulator.state.attachmentsOf(pageTitled(scenario, 'Home').id)[0];
    expect(logo?.data.toString()).toBe('a different image');
    expect(logo?.version).toBe(2);
  });

  it('stops with exit code 4 when the parent page does not exist', async () => {
    scenario = await startScenario({ parentTitle: null });
    const report = await scenario.publish();
    expect(report.exitCode).toBe(EXIT_CODES.notFound);
    expect(report.error?.code).toBe('parent_not_found');
    expect(report.error?.message).toContain('parent page "Handbook" not found in space DOCS');
    expect(scenario.emulator.writes()).toEqual([]);
  });

  it('stops with exit code 3 when the wiki rejects the credentials', async () => {
    scenario = await startScenario();
    const report = await scenario.publish(
      {},
      { env: { WIKI_USERNAME: 'publisher@example.com', WIKI_API_TOKEN: 'wrong' } },
    );
    expect(report.exitCode).toBe(EXIT_CODES.authentication);
    expect(report.error?.code).toBe('credentials_rejected');
    expect(report.phases.map((phase) => phase.name)).toEqual([]);
    expect(scenario.emulator.requests.map((r) => r.status)).toEqual([401]);
  });

  it('completes with the right final state despite 429s, 5xx and dropped connections', async () => {
    scenario = await startScenario();
    const { emulator } = scenario;
    emulator.injectFault({ method: 'GET', path: '/rest/api/space/', action: { status: 503 } });
    emulator.injectFault({
      method: 'GET',
      path: '/rest/api/content/search',
      action: { status: 429, retryAfter: '2' },
    });
    emulator.injectFault({
      method: 'POST',
      path: /^\/rest\/api\/content$/,
      times: 2,
      action: { status: 429, retryAfter: '1' },
    });
    emulator.injectFault({
      method: 'POST',
      path: /^\/rest\/api\/content$/,
      times: 2,
      action: { drop: 'after' },
    });
    emulator.injectFault({ method: 'POST', path: /^\/rest\/api\/content$/, action: { drop: 'before' } });
    emulator.injectFault({ method: 'POST', path: '/child/attachment', times: 2, action: { drop: 'after' } });
    emulator.injectFault({ method: 'GET', path: '/rest/api/content', times: 2, action: { drop: 'before' } });
    const waits: number[] = [];
    const report = await scenario.publish({}, { sleep: async (ms) => void waits.push(ms) });
    expect(report.exitCode).toBe(0);
    expect(report.failures).toEqual([]);
    expect(report.pages).toMatchObject({ created: 10, failed: 0 });
    expect(emulator.pendingFaults()).toBe(0);
    expect(waits).toContain(2000);
    expect(waits).toContain(1000);
    expect(report.apiCalls.retries).toBeGreaterThanOrEqual(5);
    const published = [...emulator.state.pages.values()].filter(
      (p) => p.title !== 'Documentation Home' && p.title !== 'Handbook',
    );
    expect(published).toHaveLength(10);
    expect(emulator.state.attachments.size).toBe(4);
    emulator.clearRequests();
    const again = await scenario.publish();
    expect(again.pages.unchanged).toBe(10);
    expect(emulator.writes()).toEqual([]);
  });
});
