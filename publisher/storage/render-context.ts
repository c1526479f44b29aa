/**
 * What the storage-format renderer needs to know about the rest of the site while it converts one
 * page: where links and images point, which headings are link targets, where problems go.
 */

/** Where a link on the page points once resolved against the site. */
export type LinkTarget =
  | { readonly kind: 'external'; readonly href: string }
  | { readonly kind: 'page'; readonly title: string; readonly anchor?: string }
  | { readonly kind: 'anchor'; readonly anchor: string }
  | { readonly kind: 'attachment'; readonly name: string }
  | { readonly kind: 'unresolved'; readonly reason: string; readonly missingFile?: boolean };

/** What an image on the page shows once resolved against the site. */
export type ImageTarget =
  | { readonly kind: 'attachment'; readonly name: string }
  | { readonly kind: 'external'; readonly url: string }
  | { readonly kind: 'unresolved'; readonly reason: string; readonly missingFile?: boolean };

/**
 * Where a URL was written: in Markdown (relative to the page's file, as MkDocs rewrites it) or in
 * raw HTML (left as written by MkDocs, so the browser resolves it against the page's URL — with
 * `use_directory_urls`, `guide/setup.md` is served at `guide/setup/`).
 */
export type UrlOrigin = 'markdown' | 'html';

/** The renderer's view of the site, for one page. */
export interface RenderContext {
  /** Resolves a link URL as written on this page. */
  resolveLink(url: string, origin?: UrlOrigin): LinkTarget;
  /** Resolves an image URL as written on this page. */
  resolveImage(url: string, origin?: UrlOrigin): ImageTarget;
  /** Heading slugs of this page that some link points at; those headings get an anchor macro. */
  readonly anchorTargets: ReadonlySet<string>;
  /** Records a problem with the page that does not stop its conversion, at a page line when known. */
  warn(message: string, line?: number): void;
  /** Records a referenced local file that does not exist (a soft failure of the page's attachments). */
  fail(message: string, line?: number): void;
}
