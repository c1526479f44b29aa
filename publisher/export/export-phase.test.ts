import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishSite } from '../build/index.ts';
import { captureLogger } from '../testing/index.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'nested-site');
let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'wiki-export-'));
  await cp(FIXTURE, path.join(work, 'site'), { recursive: true });
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function dryRun(options: Record<string, unknown> = {}) {
  const { logger } = captureLogger();
  // No credentials and an address nothing listens on: a dry run must need neither.
  return publishSite(
    { site: path.join(work, 'site'), dryRun: true, hostUrl: 'https://wiki.invalid', ...options },
    { env: {}, logger, cwd: work },
  );
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    ),
  );
  return files.flat().sort();
}

describe('dry run', () => {
  it('writes metadata.json, one <Page_Title>.html per page and the attachments, with no credentials', async () => {
    const report = await dryRun();
    expect(report.exitCode).toBe(0);
    expect(report.apiCalls).toEqual({ reads: 0, writes: 0, retries: 0 });
    expect(report.pages.exported).toBe(10);
    const exportDir = path.join(work, 'wiki-export');
    expect(report.exportDir).toBe(exportDir);
    expect(await listFiles(exportDir)).toEqual([
      'API.html',
      'Advanced.html',
      'Deep_dive.html',
      'FAQ.html',
      'Guide.html',
      'Home.html',
      'Install.html',
      'Internals.html',
      'Reference.html',
      'Tuning.html',
      'attachments/guide/advanced/img/diagram.png',
      'attachments/guide/img/diagram.png',
      'attachments/img/logo.png',
      'metadata.json',
    ]);
    const metadata = JSON.parse(await readFile(path.join(exportDir, 'metadata.json'), 'utf8'));
    expect(metadata).toMatchObject({ generator: 'wiki-publish', space: 'DOCS', parentPage: 'Handbook' });
    const tuning = metadata.pages.find((page: { title: string }) => page.title === 'Tuning');
    expect(tuning).toMatchObject({
      parent: 'Advanced',
      source: 'guide/advanced/tuning.md',
      file: 'Tuning.html',
    });
    expect(tuning.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(tuning.attachments.map((a: { name: string; file: string }) => [a.name, a.file])).toEqual([
      ['guide_advanced_img_diagram.png', 'attachments/guide/advanced/img/diagram.png'],
      ['guide_img_diagram.png', 'attachments/guide/img/diagram.png'],
    ]);
    const html = await readFile(path.join(exportDir, 'Tuning.html'), 'utf8');
    expect(XMLValidator.validate(`<r xmlns:ac="a" xmlns:ri="r">${html}</r>`)).toBe(true);
    expect(await readFile(path.join(exportDir, 'attachments/img/logo.png'))).toEqual(
      await readFile(path.join(work, 'site/docs/img/logo.png')),
    );
  });

  it('produces the same bytes on every run and replaces its own earlier export', async () => {
    await dryRun();
    const dir = path.join(work, 'wiki-export');
    const snapshot = async () =>
      Promise.all(
        (await listFiles(dir)).map(async (file) => [
          file,
          (await readFile(path.join(dir, file))).toString('base64'),
        ]),
      );
    const first = await snapshot();
    await writeFile(path.join(dir, 'stale.html'), 'left over');
    await dryRun();
    expect(await snapshot()).toEqual(first);
  });

  it('refuses to overwrite a folder it did not write, or the docs folder', async () => {
    await mkdir(path.join(work, 'mine'));
    await writeFile(path.join(work, 'mine', 'notes.txt'), 'keep me');
    const report = await dryRun({ exportDir: 'mine' });
    expect(report.exitCode).toBe(2);
    expect(report.error?.message).toMatch(/was not written by wiki-publish/);
    expect(await readFile(path.join(work, 'mine', 'notes.txt'), 'utf8')).toBe('keep me');
    expect((await dryRun({ exportDir: 'site/docs/out' })).error?.message).toMatch(/overlaps the docs folder/);
    expect((await dryRun({ exportDir: '.' })).error?.code).toBe('export_failed');
  });
});
