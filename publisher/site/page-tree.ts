/**
 * The site's page hierarchy as it will exist in the wiki: pages in parents-first order, each with
 * its source file (absent for generated section pages) and its parent.
 */

/** One page of the site's hierarchy. */
export interface SitePage {
  /** Unique key: the source path for Markdown pages, `section:…` for generated section pages. */
  readonly key: string;
  /** The docs-relative POSIX path of the Markdown file; absent for generated section pages. */
  readonly sourcePath?: string;
  /** Title given by the nav; it wins over front matter and headings. */
  readonly navTitle?: string;
  /** Title used when neither nav, front matter nor a level-1 heading gives one. */
  readonly fallbackTitle: string;
  /** Key of the parent page; absent for pages directly below the parent page of the site. */
  readonly parentKey?: string;
  /** 1 for top-level pages. */
  readonly depth: number;
}

/** The hierarchy, parents before children, siblings in nav (or folder) order. */
export interface SiteTree {
  readonly pages: readonly SitePage[];
  /** Markdown files of the docs folder that the nav leaves out (not published). */
  readonly unlisted: readonly string[];
  /** Problems found while mapping the navigation (duplicates, odd entries). */
  readonly warnings: readonly string[];
}

/** `README.md` and `index.md` stand for their folder. */
export function isIndexPage(sourcePath: string): boolean {
  return /(^|\/)(index|README)\.md$/i.test(sourcePath);
}

function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The MkDocs-style title of a file or folder when nothing else names it:
 * `user-guide/setup_steps.md` → `Setup steps`, `user-guide/index.md` → `User guide`, `index.md` → `Home`.
 */
export function fallbackTitle(docsPath: string): string {
  const parts = docsPath.split('/');
  const file = parts[parts.length - 1] ?? docsPath;
  if (/\.md$/i.test(file) && isIndexPage(file)) {
    const folder = parts[parts.length - 2];
    return folder ? humanize(folder) : 'Home';
  }
  return humanize(file.replace(/\.md$/i, ''));
}
