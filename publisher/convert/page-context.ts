/**
 * Everything one page needs from the site before rendering: the attachments it uses (local files
 * it shows or links, named per page), the anchors its links point at, and the render context.
 */
import type { RenderContext, UrlOrigin } from '../storage/index.ts';
import { attachmentNames } from './attachment-names.ts';
import type { PageReferences } from './page-references.ts';
import { htmlBasePath, resolveReference, type SiteIndex } from './site-index.ts';

/** The site-level facts a page's references produce. */
export interface PageLinkPlan {
  /** Attachment names by docs-relative path of the local files the page uses. */
  readonly attachments: ReadonlyMap<string, string>;
  /** Anchors the page links to, as `[target page source path, anchor]`. */
  readonly anchorLinks: ReadonlyArray<readonly [string, string]>;
}

/** Resolves a page's references once, before rendering. */
export function planPageLinks(
  sourcePath: string,
  references: PageReferences,
  index: SiteIndex,
): PageLinkPlan {
  const files: string[] = [];
  const anchorLinks: Array<readonly [string, string]> = [];
  const htmlBase = htmlBasePath(sourcePath, index);
  const link = (url: string, base: string) => {
    const target = resolveReference(url, base, index, false);
    if (target.kind === 'file') files.push(target.path);
    else if (target.kind === 'page' && target.anchor) anchorLinks.push([target.path, target.anchor]);
    else if (target.kind === 'anchor') anchorLinks.push([sourcePath, target.anchor]);
  };
  const image = (url: string, base: string) => {
    const target = resolveReference(url, base, index, true);
    if (target.kind === 'file') files.push(target.path);
  };
  for (const url of references.links) link(url, sourcePath);
  for (const url of references.htmlLinks) link(url, htmlBase);
  for (const url of references.images) image(url, sourcePath);
  for (const url of references.htmlImages) image(url, htmlBase);
  return { attachments: attachmentNames(files), anchorLinks };
}

/** What {@link pageRenderContext} needs besides the site index. */
export interface PageContextInput {
  readonly sourcePath: string;
  readonly attachments: ReadonlyMap<string, string>;
  readonly anchorTargets: ReadonlySet<string>;
  readonly warn: (message: string, line?: number) => void;
  readonly fail: (message: string, line?: number) => void;
}

/** The render context of one page. */
export function pageRenderContext(input: PageContextInput, index: SiteIndex): RenderContext {
  const attachmentName = (docsPath: string) =>
    input.attachments.get(docsPath) ?? docsPath.replace(/\//g, '_');
  const htmlBase = htmlBasePath(input.sourcePath, index);
  const baseOf = (origin: UrlOrigin | undefined) => (origin === 'html' ? htmlBase : input.sourcePath);
  return {
    anchorTargets: input.anchorTargets,
    warn: input.warn,
    fail: input.fail,
    resolveLink(url, origin) {
      const target = resolveReference(url, baseOf(origin), index, false);
      switch (target.kind) {
        case 'external':
          return { kind: 'external', href: target.url };
        case 'anchor':
          return target;
        case 'page':
          if (target.path === input.sourcePath && target.anchor)
            return { kind: 'anchor', anchor: target.anchor };
          return { kind: 'page', title: target.title, ...(target.anchor ? { anchor: target.anchor } : {}) };
        case 'file':
          return { kind: 'attachment', name: attachmentName(target.path) };
        case 'unresolved':
          return target;
      }
    },
    resolveImage(url, origin) {
      const target = resolveReference(url, baseOf(origin), index, true);
      if (target.kind === 'external') return { kind: 'external', url: target.url };
      if (target.kind === 'file') return { kind: 'attachment', name: attachmentName(target.path) };
      if (target.kind === 'unresolved') return target;
      return { kind: 'unresolved', reason: 'not an image' };
    },
  };
}
