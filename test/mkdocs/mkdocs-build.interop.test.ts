/**
 * The publisher's settings coexist with MkDocs: a corpus site whose mkdocs.yml carries them under
 * `extra: wiki_publish:` (as the README says to put them) still passes the real `mkdocs build`,
 * and wiki-publish reads its settings from that same file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSite } from '../../publisher/index.ts';
import { captureLogger } from '../../publisher/testing/index.ts';
import { type CorpusSite, type MkDocsPeer, mkdocsPeer } from './corpus.ts';

/** Sites of the corpus that build here (pymdown-extensions' needs a module missing from its sdist). */
const BUILDABLE: readonly CorpusSite[] = ['wcmatch', 'bracex'];

/** The settings as the README shows them, under the site's own `extra` mapping. */
const SETTINGS = [
  '  wiki_publish:',
  '    host_url: https://wiki.example.com/wiki',
  '    space: DOCS',
  '    parent_page_name: Handbook',
].join('\n');

let peer: MkDocsPeer;
let workDir: string;
beforeAll(async () => {
  peer = mkdocsPeer();
  workDir = await mkdtemp(path.join(tmpdir(), 'wiki-publish-mkdocs-build-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** A copy of a corpus site with the publisher's settings added to its `extra` (or a new one). */
async function siteWithSettings(site: CorpusSite): Promise<string> {
  const siteDir = path.join(workDir, site);
  await cp(peer.siteDir(site), siteDir, { recursive: true });
  const config = path.join(siteDir, 'mkdocs.yml');
  const text = await readFile(config, 'utf8');
  const merged = /^extra:[ \t]*\n/m.test(text)
    ? text.replace(/^extra:[ \t]*\n/m, (line) => `${line}${SETTINGS}\n`)
    : `${text}\nextra:\n${SETTINGS}\n`;
  await writeFile(config, merged);
  return siteDir;
}

describe('mkdocs build with the publisher settings in mkdocs.yml', () => {
  it.each(BUILDABLE)('%s still builds with the real MkDocs', async (site) => {
    const siteDir = await siteWithSettings(site);
    const output = path.join(workDir, `${site}-html`);
    execFileSync(peer.mkdocs, ['build', '--quiet', '--site-dir', output], {
      cwd: siteDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    expect(existsSync(path.join(output, 'index.html'))).toBe(true);
    const report = await publishSite(
      { site: siteDir, dryRun: true, exportDir: path.join(workDir, `${site}-export`) },
      { env: {}, logger: captureLogger().logger, cwd: workDir },
    );
    expect(report.exitCode).toBe(0);
    expect(report.space).toBe('DOCS');
    expect(report.parentPage).toBe('Handbook');
  });
});
