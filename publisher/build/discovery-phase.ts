/**
 * Phase 2 (MkDocs `on_files`): the docs folder listed, the navigation (or the folder structure)
 * mapped to the page hierarchy, parents before children.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PublishError } from '../errors.ts';
import type { SiteFile } from '../settings/index.ts';
import { listDocsFiles, type SiteTree, treeFromFolder, treeFromNav } from '../site/index.ts';

/** The hierarchy and the docs folder's files. */
export interface Discovered {
  readonly tree: SiteTree;
  /** Every file of the docs folder, docs-relative POSIX paths. */
  readonly files: ReadonlySet<string>;
}

/** Runs the discovery phase. */
export async function discover(site: SiteFile): Promise<Discovered> {
  const files = await listDocsFiles(site.docsDir);
  const markdown = files.filter((file) => /\.md$/i.test(file));
  const folders = {
    ...(site.navFileName ? { navFileName: site.navFileName } : {}),
    readFile: (docsPath: string) => {
      if (!files.includes(docsPath)) return undefined;
      return readFileSync(path.join(site.docsDir, ...docsPath.split('/')), 'utf8');
    },
  };
  const tree =
    site.nav === undefined
      ? treeFromFolder(markdown, folders.readFile)
      : treeFromNav(site.nav, markdown, folders);
  if (tree.pages.length === 0) {
    throw new PublishError('site_invalid', `no Markdown pages to publish in ${site.docsDir}`);
  }
  return { tree, files: new Set(files) };
}
