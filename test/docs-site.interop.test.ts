/**
 * The project's own documentation site as its readers and its docs pipeline get it: the real MkDocs
 * with Material builds it in strict mode (a broken link or a page missing from the navigation fails),
 * and wiki-publish's dry run exports every page of it without a warning. The release workflow is
 * checked by actionlint, as GitHub would read it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSite } from '../publisher/index.ts';
import { captureLogger } from '../publisher/testing/index.ts';
import { mkdocsPeer } from './mkdocs/corpus.ts';
import { ensurePeer } from './support/peers.ts';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-docs-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Every Markdown page under docs/, relative to it. */
async function docsPages(dir = path.join(ROOT, 'docs'), prefix = ''): Promise<string[]> {
  const pages: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) pages.push(...(await docsPages(path.join(dir, entry.name), relative)));
    else if (entry.name.endsWith('.md')) pages.push(relative);
  }
  return pages.sort();
}

describe('the documentation site', () => {
  it('builds with the real MkDocs and Material in strict mode', async () => {
    const siteDir = path.join(workDir, 'site');
    const { stderr } = await run(mkdocsPeer().mkdocs, ['build', '--strict', '--site-dir', siteDir], {
      cwd: ROOT,
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stderr).not.toMatch(/WARNING/);
    expect(existsSync(path.join(siteDir, 'index.html'))).toBe(true);
    // The build's own limit (above) decides; a slower machine with other suites running beside it
    // takes well over the suite's default minute.
  }, 200_000);

  it('lists every page in its navigation', async () => {
    const config = await readFile(path.join(ROOT, 'mkdocs.yml'), 'utf8');
    const inNav = new Set([...config.matchAll(/:\s+([\w/.-]+\.md)\s*$/gm)].map((m) => m[1]));
    const missing = (await docsPages()).filter((page) => !inNav.has(page));
    expect(missing).toEqual([]);
  });

  it('publishes to the wiki in a dry run: every page exported, no warning', async () => {
    const exportDir = path.join(workDir, 'wiki-export');
    const { logger } = captureLogger();
    const report = await publishSite(
      { site: ROOT, dryRun: true, exportDir },
      { env: {}, logger, cwd: workDir },
    );
    expect(report.warnings.map((w) => JSON.stringify(w))).toEqual([]);
    expect(report.exitCode).toBe(0);
    const metadata = JSON.parse(await readFile(path.join(exportDir, 'metadata.json'), 'utf8')) as {
      pages: { source: string | null }[];
    };
    // One wiki page per Markdown page (navigation sections add pages of their own, without a source).
    const exported = metadata.pages.flatMap((p) => (p.source ? [p.source.replace(/^docs\//, '')] : []));
    expect(exported.sort()).toEqual(await docsPages());
  });
});

describe('the release workflow', () => {
  it('passes actionlint', async () => {
    const actionlint = ensurePeer('actionlint');
    const { stdout } = await run(actionlint, ['-color=false', '.github/workflows/release.yml'], {
      cwd: ROOT,
    });
    expect(stdout).toBe('');
  });
});
