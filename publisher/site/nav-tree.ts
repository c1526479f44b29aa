/**
 * The hierarchy of a site with an MkDocs `nav`: entries are pages (`path` or `Title: path`),
 * sections (`Title: [ … ]`) or external links (skipped). A section whose first entry is an
 * `index.md` uses that page as the section's page; otherwise a page listing its children is generated.
 */
import path from 'node:path';
import { PublishError } from '../errors.ts';
import { fallbackTitle, isIndexPage, type SitePage, type SiteTree } from './page-tree.ts';

type NavEntry =
  | { readonly kind: 'page'; readonly path: string; readonly title?: string }
  | { readonly kind: 'section'; readonly title: string; readonly entries: readonly NavEntry[] }
  | { readonly kind: 'link' };

const URL_LIKE = /^([A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

function entryOf(item: unknown, where: string): NavEntry {
  if (typeof item === 'string') {
    return URL_LIKE.test(item) ? { kind: 'link' } : { kind: 'page', path: path.posix.normalize(item) };
  }
  if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 1) {
    const [title, value] = Object.entries(item)[0] as [string, unknown];
    if (typeof value === 'string') {
      return URL_LIKE.test(value)
        ? { kind: 'link' }
        : { kind: 'page', path: path.posix.normalize(value), title };
    }
    if (Array.isArray(value)) {
      return {
        kind: 'section',
        title,
        entries: value.map((child, i) => entryOf(child, `${where} > ${title} [${i + 1}]`)),
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
 * @example
 * treeFromNav([{ Home: 'index.md' }, { Guide: ['guide/index.md', 'guide/setup.md'] }], files);
 */
export function treeFromNav(nav: unknown, markdownFiles: readonly string[]): SiteTree {
  if (!Array.isArray(nav)) throw new PublishError('site_invalid', 'nav in mkdocs.yml must be a list');
  const entries = nav.map((item, i) => entryOf(item, `[${i + 1}]`));
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
      if (entry.kind === 'link') continue;
      if (entry.kind === 'page') {
        addPage(entry, parentKey, depth);
        continue;
      }
      if (entry.entries.every((child) => child.kind === 'link')) continue;
      const [first, ...rest] = entry.entries;
      let section: SitePage | undefined;
      let children = entry.entries;
      if (first?.kind === 'page' && isIndexPage(first.path)) {
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
