/**
 * Phase 5 of a dry run: the site written to `wiki-export/` instead of the wiki —
 * `metadata.json` (every page: title, parent, source, content hash, attachments), one
 * `<Page_Title>.html` per page (the storage format that would be sent) and `attachments/` (the
 * files, under their docs-relative paths). No credentials, no network; the same site always
 * produces the same bytes. A folder that wiki-publish did not write is never overwritten.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConvertedPage } from '../convert/index.ts';
import { PublishError } from '../errors.ts';
import type { BuildJournal } from '../report/index.ts';
import { uniqueFileNames } from './safe-file-name.ts';

/** What the export phase needs. */
export interface ExportInput {
  readonly pages: readonly ConvertedPage[];
  /** Absolute path of the export folder. */
  readonly exportDir: string;
  /** The docs folder: the export folder may neither contain it nor lie inside it. */
  readonly docsDir: string;
  readonly space: string | undefined;
  readonly parentPage: string | undefined;
  readonly journal: BuildJournal;
}

const GENERATOR = 'wiki-publish';

function contains(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function prepare(exportDir: string, docsDir: string): Promise<void> {
  if (contains(exportDir, docsDir) || contains(docsDir, exportDir)) {
    throw new PublishError(
      'export_failed',
      `export_dir ${exportDir} overlaps the docs folder ${docsDir}; choose another folder`,
    );
  }
  const entries = await readdir(exportDir).catch(() => undefined);
  if (entries && entries.length > 0) {
    const metadata = await readFile(path.join(exportDir, 'metadata.json'), 'utf8').catch(() => '');
    let ours = false;
    try {
      ours = (JSON.parse(metadata) as { generator?: unknown }).generator === GENERATOR;
    } catch {
      ours = false;
    }
    if (!ours) {
      throw new PublishError(
        'export_failed',
        `export_dir ${exportDir} exists and was not written by wiki-publish; refusing to overwrite it`,
      );
    }
    await rm(exportDir, { recursive: true, force: true });
  }
  await mkdir(path.join(exportDir, 'attachments'), { recursive: true });
}

/** Runs the export phase; returns the number of files written. */
export async function exportSite(input: ExportInput): Promise<number> {
  const { pages, exportDir, journal } = input;
  await prepare(exportDir, input.docsDir);
  const names = uniqueFileNames(pages.map((page) => page.title));
  const titles = new Map(pages.map((page) => [page.key, page.title]));
  const copied = new Set<string>();
  let written = 0;
  const entries = [];
  for (const [index, page] of pages.entries()) {
    const file = `${names[index]}.html`;
    await writeFile(path.join(exportDir, file), page.storage, 'utf8');
    written++;
    const attachments = [];
    for (const attachment of page.attachments) {
      const target = `attachments/${attachment.sourcePath}`;
      if (!copied.has(target)) {
        await mkdir(path.dirname(path.join(exportDir, target)), { recursive: true });
        await copyFile(attachment.absolutePath, path.join(exportDir, target));
        copied.add(target);
        written++;
      }
      journal.attachment('exported', page.title, attachment.name);
      attachments.push({
        name: attachment.name,
        source: attachment.sourcePath,
        sha1: attachment.sha1,
        size: attachment.size,
        file: target,
      });
    }
    journal.page({ title: page.title, source: page.sourcePath ?? null, action: 'exported' });
    entries.push({
      title: page.title,
      parent: page.parentKey ? (titles.get(page.parentKey) ?? null) : null,
      source: page.sourcePath ?? null,
      file,
      contentHash: `sha256:${createHash('sha256').update(page.storage).digest('hex')}`,
      attachments,
    });
  }
  const metadata = {
    generator: GENERATOR,
    space: input.space ?? null,
    parentPage: input.parentPage ?? null,
    pages: entries,
  };
  await writeFile(path.join(exportDir, 'metadata.json'), `${JSON.stringify(metadata, null, 2)}\n`, 'utf8');
  return written + 1;
}
