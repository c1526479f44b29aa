/**
 * The publisher's contract with a wiki, run against every REST API it speaks: the whole build
 * (configuration, upload, republish) against the emulated Confluence in one of its guises. Each
 * adapter's test file calls {@link runWikiApiContract} with its emulator and credentials.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type EmulatorOptions, startConfluenceEmulator } from '../emulator/index.ts';
import { EXIT_CODES } from '../exit-codes.ts';
import { SCENARIO_BEARER_TOKEN, SCENARIO_USER, type Scenario, startScenario } from '../testing/index.ts';
import { IDENTITY_PROPERTY } from '../wiki/index.ts';

/** One guise of the wiki the contract runs against. */
export interface WikiGuise {
  readonly name: string;
  readonly emulator: EmulatorOptions;
  readonly credentials: 'basic' | 'bearer';
  /** The REST API the build should choose with `api_version: auto`. */
  readonly expectedApi: 'v1' | 'v2';
}

function pageId(scenario: Scenario, title: string): string {
  const page = scenario.emulator.state.byTitle(scenario.space, title);
  if (!page) throw new Error(`no page "${title}"`);
  return page.id;
}

async function edit(scenario: Scenario, file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(scenario.siteDir, file);
  await writeFile(target, change(await readFile(target, 'utf8')));
}

/** Runs the contract against one guise of the wiki. */
export function runWikiApiContract(guise: WikiGuise): void {
  describe(`the publisher against ${guise.name}`, () => {
    let scenario: Scenario | undefined;
    afterEach(async () => {
      await scenario?.close();
      scenario = undefined;
    });
    const start = async () => {
      scenario = await startScenario({ emulator: guise.emulator, credentials: guise.credentials });
      return scenario;
    };

    it('chooses its API, publishes with an identity on every page, then republishes with no writes', async () => {
      const s = await start();
      const first = await s.publish();
      expect(first.exitCode).toBe(EXIT_CODES.ok);
      expect(first.api?.version).toBe(guise.expectedApi);
      expect(s.messages.some((line) => line.includes(`Wiki API: REST ${guise.expectedApi}`))).toBe(true);
      expect(first.pages).toMatchObject({ created: 10, failed: 0 });
      expect(first.attachments).toMatchObject({ uploaded: 4, failed: 0 });
      const install = s.emulator.state.pages.get(pageId(s, 'Install'));
      expect(install?.properties.get(IDENTITY_PROPERTY)?.value).toEqual({ source: 'guide/install.md' });
      const below = [...s.emulator.state.pages.values()].filter((page) =>
        s.emulator.state.ancestors(page).some((ancestor) => ancestor.id === s.parentId),
      );
      expect(below).toHaveLength(10);
      for (const page of below) expect(page.properties.has(IDENTITY_PROPERTY)).toBe(true);
      s.emulator.clearRequests();
      const again = await s.publish();
      expect(again.exitCode).toBe(EXIT_CODES.ok);
      expect(again.pages).toMatchObject({ unchanged: 10, created: 0, updated: 0 });
      expect(s.emulator.writes()).toEqual([]);
    });

    it('updates a retitled page in place: same id, history kept', async () => {
      const s = await start();
      await s.publish();
      const id = pageId(s, 'Install');
      const version = s.emulator.state.pages.get(id)?.version ?? 0;
      await edit(s, 'mkdocs.yml', (text) =>
        text.replace('Install: guide/install.md', 'Installation: guide/install.md'),
      );
      const report = await s.publish();
      expect(report.exitCode).toBe(EXIT_CODES.ok);
      // Pages linking to it by title are updated too; nothing is created.
      expect(report.pages.created).toBe(0);
      expect(report.items.find((item) => item.source === 'guide/install.md')).toMatchObject({
        action: 'updated',
        id,
      });
      expect(s.emulator.state.pages.get(id)?.title).toBe('Installation');
      expect(s.emulator.state.pages.get(id)?.version).toBe(version + 1);
      expect(report.notInSite).toEqual([]);
    });

    it('still reports pages the site no longer has', async () => {
      const s = await start();
      await s.publish();
      await edit(s, 'mkdocs.yml', (text) => text.replace('      - reference/faq.md\n', ''));
      const report = await s.publish();
      expect(report.notInSite).toEqual(['FAQ']);
      expect(s.emulator.state.byTitle(s.space, 'FAQ')).toBeDefined();
    });

    it('keeps an edit made in Confluence, reports it, and replaces it only with overwrite', async () => {
      const s = await start();
      await s.publish();
      const id = pageId(s, 'Install');
      s.emulator.editPage(id, { body: '<p>Fixed by hand in the wiki</p>' });
      await edit(s, 'docs/guide/install.md', (text) => `${text}\nOne more line.\n`);
      const kept = await s.publish();
      expect(kept.exitCode).toBe(EXIT_CODES.ok);
      expect(kept.editedInWiki).toEqual(['Install']);
      expect(kept.warnings.some((w) => w.page === 'Install' && /--overwrite/.test(w.message))).toBe(true);
      expect(s.emulator.state.pages.get(id)?.body).toBe('<p>Fixed by hand in the wiki</p>');
      const replaced = await s.publish({ overwrite: true });
      expect(replaced.pages.updated).toBe(1);
      expect(s.emulator.state.pages.get(id)?.body).toContain('One more line.');
      const after = await s.publish();
      expect(after.editedInWiki).toEqual([]);
    });

    it('stops with exit 5 when the wiki dies mid-run, and a re-run resumes without duplicates', async () => {
      const s = await start();
      s.emulator.injectFault({
        method: 'POST',
        path: /\/(rest\/api\/content|api\/v2\/pages)$/,
        times: 1,
        action: { before: () => void s.emulator.kill() },
      });
      const stopped = await s.publish();
      expect(stopped.exitCode).toBe(EXIT_CODES.unreachable);
      expect(stopped.error?.message).toMatch(/stopped at "[^"]+" with \d+ of 10 pages done/);
      expect(stopped.error?.message).toMatch(/run the build again to resume/);
      const revived = await startConfluenceEmulator({
        ...guise.emulator,
        state: s.emulator.state,
        users: { [SCENARIO_USER.username]: SCENARIO_USER.token },
        bearerTokens: [SCENARIO_BEARER_TOKEN],
      });
      try {
        const resumed = await s.publish({ hostUrl: revived.url });
        expect(resumed.exitCode).toBe(EXIT_CODES.ok);
        const titles = [...revived.state.pages.values()].map((page) => page.title);
        expect(new Set(titles).size).toBe(titles.length);
        expect(titles).toEqual(expect.arrayContaining(['Install', 'Internals', 'FAQ']));
      } finally {
        await revived.close();
      }
    });
  });
}
