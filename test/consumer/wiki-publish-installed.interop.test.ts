import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOUD,
  type ConfluenceEmulator,
  DATA_CENTER,
  type EmulatorOptions,
  startConfluenceEmulator,
} from '../../publisher/emulator/index.ts';
import { SCENARIO_BEARER_TOKEN, SCENARIO_USER, wikiSnapshot } from '../../publisher/testing/index.ts';
import { freePort } from '../support/free-port.ts';
import { type ConsumerProject, createConsumerProject } from './consumer-project.ts';
import { packWorkspaces, REPO_ROOT } from './packed-workspaces.ts';

// wiki-publish as a docs pipeline runs it: the package packed, installed from its tarball into a
// fresh project, its bin run on a real MkDocs site (mkdocs.yml with nav, images, admonitions)
// against the emulated Confluence — Data Center (REST v1) and Cloud (REST v2, OAuth).

let project: ConsumerProject;
let bin: string;
let wikis: ConfluenceEmulator[] = [];

const BASIC = { WIKI_USERNAME: SCENARIO_USER.username, WIKI_API_TOKEN: SCENARIO_USER.token };
const BEARER = { WIKI_BEARER_TOKEN: SCENARIO_BEARER_TOKEN };

beforeAll(async () => {
  const packed = await packWorkspaces(await mkdtemp(path.join(os.tmpdir(), 'wiki-publish-packs-')));
  project = await createConsumerProject(packed, { install: ['@gatehousejs/wiki-publish'] });
  bin = path.join(project.dir, 'node_modules', '.bin', 'wiki-publish');
});
afterAll(() => project?.remove());
afterEach(async () => {
  await Promise.all(wikis.map((wiki) => wiki.close()));
  wikis = [];
});

async function wiki(options: EmulatorOptions): Promise<{ wiki: ConfluenceEmulator; parentId: string }> {
  const started = await startConfluenceEmulator({
    ...options,
    port: await freePort(),
    users: { [SCENARIO_USER.username]: SCENARIO_USER.token },
    bearerTokens: [SCENARIO_BEARER_TOKEN],
  });
  wikis.push(started);
  started.addSpace('DOCS', 'Documentation');
  return { wiki: started, parentId: started.addPage({ space: 'DOCS', title: 'Handbook' }).id };
}

/** A private copy of the MkDocs site fixture in the project. */
async function site(name: string): Promise<string> {
  const dir = path.join(project.dir, name);
  await cp(path.join(REPO_ROOT, 'publisher', 'fixtures', 'nested-site'), dir, { recursive: true });
  return name;
}

function publish(
  siteDir: string,
  target: ConfluenceEmulator,
  env: Record<string, string>,
  extra: string[] = [],
) {
  return project.run(
    bin,
    [siteDir, '--host-url', target.url, '--allow-http-loopback', '--rate-limit', '0', ...extra],
    env,
  );
}

describe('the installed wiki-publish bin', () => {
  it('publishes the same site identically through REST v1 (Data Center) and REST v2 (Cloud, OAuth)', async () => {
    const [dc, cloud, siteDir] = [await wiki(DATA_CENTER), await wiki(CLOUD), await site('same-site')];
    const v1 = await publish(siteDir, dc.wiki, BASIC);
    const v2 = await publish(siteDir, cloud.wiki, BEARER);
    expect([v1.code, v2.code]).toEqual([0, 0]);
    expect(v1.stdout).toMatch(/Wiki API: REST v1 \(auto: GET \/api\/v2\/spaces answered 404/);
    expect(v2.stdout).toMatch(/Wiki API: REST v2 \(auto: GET \/api\/v2\/spaces answered 200/);
    const snapshot = wikiSnapshot(dc.wiki, dc.parentId);
    expect(snapshot.length).toBe(10);
    expect(wikiSnapshot(cloud.wiki, cloud.parentId)).toEqual(snapshot);
  });

  it('keeps a retitled page (same id) and an edit made in Confluence, until --overwrite', async () => {
    const [cloud, siteDir] = [await wiki(CLOUD), await site('edited-site')];
    expect((await publish(siteDir, cloud.wiki, BASIC)).code).toBe(0);
    const install = cloud.wiki.state.byTitle('DOCS', 'Install');
    const faq = cloud.wiki.state.byTitle('DOCS', 'FAQ');
    if (!install || !faq) throw new Error('not published');
    const mkdocs = path.join(project.dir, siteDir, 'mkdocs.yml');
    await writeFile(
      mkdocs,
      (await readFile(mkdocs, 'utf8')).replace('Install: guide/install.md', 'Installing: guide/install.md'),
    );
    cloud.wiki.editPage(faq.id, { body: '<p>Answer fixed in the wiki</p>' });
    await writeFile(
      path.join(project.dir, siteDir, 'docs', 'reference', 'faq.md'),
      '# FAQ\n\nA new answer.\n',
    );
    const second = await publish(siteDir, cloud.wiki, BASIC, ['--json']);
    expect(second.code).toBe(0);
    const report = JSON.parse(second.stdout) as { editedInWiki: string[]; pages: { created: number } };
    expect(report.pages.created).toBe(0);
    expect(report.editedInWiki).toEqual(['FAQ']);
    expect(cloud.wiki.state.pages.get(install.id)?.title).toBe('Installing');
    expect(cloud.wiki.state.pages.get(faq.id)?.body).toBe('<p>Answer fixed in the wiki</p>');
    expect((await publish(siteDir, cloud.wiki, BASIC, ['--overwrite'])).code).toBe(0);
    expect(cloud.wiki.state.pages.get(faq.id)?.body).toContain('A new answer.');
  });

  it('stops within 30 s with exit 5 when the wiki is killed mid-run, and a re-run resumes', async () => {
    const [cloud, siteDir] = [await wiki(CLOUD), await site('killed-site')];
    let killedAt = 0;
    let creates = 0;
    cloud.wiki.injectFault({
      method: 'POST',
      path: /^\/api\/v2\/pages$/,
      times: 20,
      action: {
        before: () => {
          if (++creates !== 4) return;
          killedAt = Date.now();
          void cloud.wiki.kill();
        },
      },
    });
    const stopped = await publish(siteDir, cloud.wiki, BASIC);
    const stoppedAt = Date.now();
    expect(killedAt).toBeGreaterThan(0);
    expect(stopped.code).toBe(5);
    expect(stoppedAt - killedAt).toBeLessThanOrEqual(30_000);
    expect(stopped.stdout + stopped.stderr).toMatch(/stopped at "[^"]+" with \d+ of 10 pages done/);
    expect(stopped.stdout + stopped.stderr).toMatch(/run the build again to resume/);
    const revived = await startConfluenceEmulator({
      ...CLOUD,
      state: cloud.wiki.state,
      port: await freePort(),
      users: { [SCENARIO_USER.username]: SCENARIO_USER.token },
    });
    wikis.push(revived);
    expect((await publish(siteDir, revived, BASIC)).code).toBe(0);
    const titles = [...revived.state.pages.values()].map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(wikiSnapshot(revived, cloud.parentId)).toHaveLength(10);
  });

  it('prints its version (exit 0) and exits 2 on a usage error, as --help says', async () => {
    const version = await project.run(bin, ['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      (
        JSON.parse(await readFile(path.join(REPO_ROOT, 'publisher', 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version,
    );
    const help = await project.run(bin, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('2 usage or configuration');
    expect((await project.run(bin, ['--no-such-flag'])).code).toBe(2);
  });
});
