/**
 * Folder entries of a nav (`User Guide: user-guide/`), as mkdocs-literate-nav expands them: the
 * folder's nav file (`nav_file`, SUMMARY.md by default) lists the pages as a Markdown list of links
 * (the last list in the file; nested lists are sections, `[Title](folder/)` recurses); without one,
 * the folder's index page comes first, then its other pages and subfolders in name order.
 */
import path from 'node:path';
import { isIndexPage } from './page-tree.ts';

/** An entry of the nav, once read. */
export type NavEntry =
  | { readonly kind: 'page'; readonly path: string; readonly title?: string }
  | { readonly kind: 'section'; readonly title: string; readonly entries: readonly NavEntry[] }
  | { readonly kind: 'link'; readonly title?: string; readonly url: string };

/** What expanding folders needs: the Markdown files and the folders' nav files. */
export interface FolderNavSource {
  readonly markdownFiles: readonly string[];
  /** The nav file's name (literate-nav's `nav_file`), or `undefined` without literate-nav. */
  readonly navFileName?: string;
  /** Reads a docs-relative file, `undefined` when it does not exist. */
  readFile(docsPath: string): string | undefined;
}

const ITEM = /^(\s*)[-*+][ \t]+(.*)$/;
const LINK = /^\[([^\]]*)\]\(([^)\s]*)\)\s*$/;
const URL_LIKE = /^([A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

function titleOfFolder(folder: string): string {
  const name = path.posix.basename(folder);
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/[-_]/g, ' ');
}

function lastList(text: string): Array<{ indent: number; text: string }> {
  const blocks: Array<Array<{ indent: number; text: string }>> = [];
  let current: Array<{ indent: number; text: string }> | undefined;
  for (const line of text.split(/\r?\n/)) {
    const item = ITEM.exec(line);
    if (item) {
      current ??= [];
      current.push({ indent: (item[1] ?? '').length, text: (item[2] ?? '').trim() });
    } else if (line.trim() !== '' && !/^\s/.test(line) && current) {
      blocks.push(current);
      current = undefined;
    }
  }
  if (current) blocks.push(current);
  return blocks[blocks.length - 1] ?? [];
}

function fromList(
  items: ReadonlyArray<{ indent: number; text: string }>,
  folder: string,
  source: FolderNavSource,
): NavEntry[] {
  const entries: NavEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as { indent: number; text: string };
    let end = i + 1;
    while (end < items.length && (items[end]?.indent ?? 0) > item.indent) end++;
    const children = fromList(items.slice(i + 1, end), folder, source);
    const link = LINK.exec(item.text);
    const title = link ? (link[1] ?? '') : item.text;
    const target = link?.[2] ?? '';
    if (link && URL_LIKE.test(target)) entries.push({ kind: 'link', title, url: target });
    else if (link && target.endsWith('/'))
      entries.push(expandFolder(path.posix.join(folder, target), title, source));
    else if (link) {
      const page: NavEntry = { kind: 'page', path: path.posix.join(folder, target), title };
      entries.push(children.length > 0 ? { kind: 'section', title, entries: [page, ...children] } : page);
    } else entries.push({ kind: 'section', title, entries: children });
    i = end - 1;
  }
  return entries;
}

/**
 * Expands a folder entry into a section.
 *
 * @example
 * expandFolder('user-guide', 'User Guide', source); // { kind: 'section', title: 'User Guide', entries: [...] }
 */
export function expandFolder(folder: string, title: string | undefined, source: FolderNavSource): NavEntry {
  const prefix = folder === '.' || folder === '' ? '' : `${folder.replace(/\/$/, '')}/`;
  const inFolder = source.markdownFiles.filter((file) => file.startsWith(prefix));
  const index = inFolder.find((file) => !file.slice(prefix.length).includes('/') && isIndexPage(file));
  const navFile = source.navFileName ? source.readFile(`${prefix}${source.navFileName}`) : undefined;
  const sectionTitle = title ?? titleOfFolder(prefix.slice(0, -1));
  const indexEntry: NavEntry[] = index ? [{ kind: 'page', path: index }] : [];
  if (navFile !== undefined) {
    const listed = fromList(lastList(navFile), prefix.slice(0, -1) || '.', source);
    return {
      kind: 'section',
      title: sectionTitle,
      entries: [...indexEntry, ...listed.filter((entry) => entry.kind !== 'page' || entry.path !== index)],
    };
  }
  const direct = inFolder.filter((file) => !file.slice(prefix.length).includes('/') && file !== index).sort();
  const subfolders = [
    ...new Set(
      inFolder.flatMap((file) => {
        const rest = file.slice(prefix.length);
        return rest.includes('/') ? [rest.slice(0, rest.indexOf('/'))] : [];
      }),
    ),
  ].sort();
  return {
    kind: 'section',
    title: sectionTitle,
    entries: [
      ...indexEntry,
      ...direct.map((file): NavEntry => ({ kind: 'page', path: file })),
      ...subfolders.map((name) => expandFolder(`${prefix}${name}`, undefined, source)),
    ],
  };
}
