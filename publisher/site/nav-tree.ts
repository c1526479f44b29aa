/**
 * The hierarchy of a site with an MkDocs `nav`: entries are pages (`path` or `Title: path`),
 * sections (`Title: [ … ]`), folders (`Title: folder/`, expanded as mkdocs-literate-nav does) or
 * external links (not pages: reported, so that nothing leaves the nav silently). A section whose
 * first entry is an `index.md` uses that page as the section's page; otherwise a page listing its
 * children is generated.
 */
import path from 'node:path';
import { PublishError } from '../errors.ts';
import { expandFolder, type FolderNavSource, type NavEntry } from './literate-nav.ts';
import { fallbackTitle, isIndexPage, type SitePage, type SiteTree } from './page-tree.ts';

const URL_LIKE = /^([A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

function pathEntry(value: string, title: string | undefined, source: FolderNavSource): NavEntry {
  if (URL_LIKE.test(value)) return { kind: 'link', url: value, ...(title ? { title } : {}) };
  const normalized = path.posix.normalize(value);
  if (value.endsWith('/') || !/\.md$/i.test(normalized)) {
    const folder = normalized.replace(/\/$/, '');
    if (source.markdownFiles.some((file) => file.startsWith(`${folder}/`)))
      return expandFolder(folder, title, source);
  }
  return { kind: 'page', path: normalized, ...(title ? { title } : {}) };
}

function entryOf(item: unknown, where: string, source: FolderNavSource): NavEntry {
  if (typeof item === 'string') return pathEntry(item, undefined, source);
  if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 1) {
    const [title, value] = Object.entries(item)[0] as [string, unknown];
    if (typeof value === 'string') return pathEntry(value, title, source);
    if (Array.isArray(value)) {
      return {
        kind: 'section',
        title,
        entries: value.map((child, i) => entryOf(child, `${where} > ${title} [${i + 1}]`, source)),
      };
    }
  }
  throw new PublishError(
    'site_invalid',
    `nav entry ${where} must be a path, "Title: path" or "Title: [entries]"`,
  );
}

/**
 * Maps an MkDocs nav onto the page hierarchy.
 *
 * @param markdownFiles the docs folder's Markdown files, to report those the nav leaves out
 * @param folders how folder entries expand (literate-nav's nav file name and a file reader)
 * @example
 * treeFromNav([{ Home: 'index.md' }, { Guide: ['guide/index.md', 'guide/setup.md'] }], files);
 */
export function treeFromNav(
  nav: unknown,
  markdownFiles: readonly string[],
  folders: Omit<FolderNavSource, 'markdownFiles'> = { readFile: () => undefined },
): SiteTree {
  if (!Array.isArray(nav)) throw new PublishError('site_invalid', 'nav in mkdocs.yml must be a list');
  const source = { ...folders, markdownFiles };
  const entries = nav.map((item, i) => entryOf(item, `[${i + 1}]`, source));
  const pages: SitePage[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  let sections = 0;
  const addPage = (entry: { path: string; title?: string }, parentKey: string | undefined, depth: number) => {
    if (seen.has(entry.path)) {
      warnings.push(`${entry.path} appears more than once in the nav; only its first place is published`);
      return undefined;
    }
    seen.add(entry.path);
    const page: SitePage = {
      key: entry.path,
      sourcePath: entry.path,
      ...(entry.title ? { navTitle: entry.title } : {}),
      fallbackTitle: fallbackTitle(entry.path),
      ...(parentKey ? { parentKey } : {}),
      depth,
    };
    pages.push(page);
    return page;
  };
  const visit = (list: readonly NavEntry[], parentKey: string | undefined, depth: number): void => {
    for (const entry of list) {
      if (entry.kind === 'link') {
        warnings.push(
          `the nav's link ${entry.title ? `"${entry.title}" ` : ''}to ${entry.url} is not a page and is not published (link to it from a page instead)`,
        );
        continue;
      }
      if (entry.kind === 'page') {
        addPage(entry, parentKey, depth);
        continue;
      }
      if (entry.entries.every((child) => child.kind === 'link')) {
        visit(entry.entries, parentKey, depth);
        continue;
      }
      const [first, ...rest] = entry.entries;
      let section: SitePage | undefined;
      let children = entry.entries;
      // An index page with a title of its own (`Overview: guide/index.md`) keeps it: the section
      // becomes a page of its own above it, so neither title is lost.
      if (
        first?.kind === 'page' &&
        isIndexPage(first.path) &&
        (!first.title || first.title === entry.title)
      ) {
        section = addPage({ path: first.path, title: entry.title }, parentKey, depth);
        children = rest;
      }
      if (!section) {
        sections += 1;
        section = {
          key: `section:${sections}:${entry.title}`,
          navTitle: entry.title,
          fallbackTitle: entry.title,
          depth,
          ...(parentKey ? { parentKey } : {}),
        };
        pages.push(section);
      }
      visit(children, section.key, depth + 1);
    }
  };
  visit(entries, undefined, 1);
  const unlisted = markdownFiles.filter((file) => !seen.has(file));
  return { pages, unlisted, warnings };
}
