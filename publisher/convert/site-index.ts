/**
 * The site as the converter sees it: final page titles by source path and the local files that
 * exist. A URL written on a page resolves against it to another page (by title), a file (an
 * attachment), an anchor, an external address, or nothing (with the reason).
 */
import { classifyReference } from './local-reference.ts';

/** Page titles and existing files of the site, by docs-relative POSIX path. */
export interface SiteIndex {
  /** Final titles of the published pages by their source path. */
  readonly pageTitles: ReadonlyMap<string, string>;
  /** Whether the docs-relative path names an existing file. */
  fileExists(docsPath: string): boolean;
  /** MkDocs' `use_directory_urls` (default true): `setup.md` is served at `setup/`. */
  readonly useDirectoryUrls?: boolean;
}

/**
 * The path against which a URL written in the page's raw HTML resolves: MkDocs leaves raw HTML
 * as written, so the browser resolves it against the page's URL — `guide/setup.md` is served at
 * `guide/setup/` with directory URLs — where Markdown links are rewritten relative to the file.
 *
 * @example
 * htmlBasePath('guide/setup.md', index); // 'guide/setup/index.md'
 */
export function htmlBasePath(sourcePath: string, index: SiteIndex): string {
  if (index.useDirectoryUrls === false) return sourcePath;
  const slash = sourcePath.lastIndexOf('/');
  const name = sourcePath.slice(slash + 1);
  if (/^(index|README)\.md$/i.test(name)) return sourcePath;
  return `${sourcePath.slice(0, -'.md'.length)}/index.md`;
}

/** A reference resolved against the site. */
export type ResolvedReference =
  | { readonly kind: 'external'; readonly url: string }
  | { readonly kind: 'anchor'; readonly anchor: string }
  | { readonly kind: 'page'; readonly path: string; readonly title: string; readonly anchor?: string }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'unresolved'; readonly reason: string; readonly missingFile?: boolean };

function pageCandidates(localPath: string): string[] {
  if (localPath.endsWith('.md')) return [localPath];
  const prefix = localPath === '' ? '' : `${localPath}/`;
  const inFolder = [`${prefix}index.md`, `${prefix}README.md`];
  // MkDocs' directory URLs: `setup/` is the page `setup.md` as much as `setup/index.md`.
  return localPath === '' ? inFolder : [...inFolder, `${localPath}.md`];
}

/**
 * Resolves a link (or, with `image` set, an image) URL written on the page at `fromPath`.
 *
 * @example
 * resolveReference('setup.md#install', 'guide/index.md', index, false);
 * // { kind: 'page', path: 'guide/setup.md', title: 'Setup', anchor: 'install' }
 */
export function resolveReference(
  url: string,
  fromPath: string,
  index: SiteIndex,
  image: boolean,
): ResolvedReference {
  const reference = classifyReference(url, fromPath);
  switch (reference.kind) {
    case 'external':
      return { kind: 'external', url: reference.url };
    case 'invalid':
      return { kind: 'unresolved', reason: reference.reason };
    case 'anchor':
      return image ? { kind: 'unresolved', reason: 'an image cannot be an anchor' } : reference;
  }
  const { path: localPath, anchor, directory } = reference;
  if (!directory && !localPath.endsWith('.md') && index.fileExists(localPath))
    return { kind: 'file', path: localPath };
  if (image) return { kind: 'unresolved', reason: `file not found: ${localPath}`, missingFile: true };
  for (const candidate of pageCandidates(localPath)) {
    const title = index.pageTitles.get(candidate);
    if (title !== undefined) return { kind: 'page', path: candidate, title, ...(anchor ? { anchor } : {}) };
  }
  if (localPath.endsWith('.md') || directory) {
    return index.fileExists(localPath) || directory
      ? {
          kind: 'unresolved',
          reason: `${localPath || 'the docs folder'} is not a published page (not in the nav?)`,
        }
      : { kind: 'unresolved', reason: `page not found: ${localPath}` };
  }
  return { kind: 'unresolved', reason: `file not found: ${localPath}`, missingFile: true };
}
