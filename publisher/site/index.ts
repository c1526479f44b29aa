/**
 * @module publisher/site
 * The site on disk: the docs folder's files, the page hierarchy from an MkDocs nav or from the
 * folders, fallback and unique titles, and the local files pages use as attachments.
 */
export { listDocsFiles } from './docs-files.ts';
export { treeFromFolder } from './folder-tree.ts';
export type { LocalFile } from './local-files.ts';
export { describeLocalFile, mediaTypeOf } from './local-files.ts';
export { treeFromNav } from './nav-tree.ts';
export type { SitePage, SiteTree } from './page-tree.ts';
export { fallbackTitle, isIndexPage } from './page-tree.ts';
export type { TitledPage, UniqueTitles } from './unique-titles.ts';
export { uniqueTitles } from './unique-titles.ts';
