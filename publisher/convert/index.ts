/**
 * @module publisher/convert
 * One page in its site: references resolved (pages by title, files as attachments, anchors),
 * attachment names chosen, the page rendered to storage format; `convertMarkdown` for a single
 * document; the converted-page record the upload and export phases consume.
 */
export { attachmentNames } from './attachment-names.ts';
export type { ConvertedMarkdown, ConvertMarkdownOptions, RenderedPage } from './convert-page.ts';
export { COMMON_MARKDOWN_EXTENSIONS, convertMarkdown, renderStorage } from './convert-page.ts';
export type { ConvertedPage, PageAttachment } from './converted-page.ts';
export type { LocalReference } from './local-reference.ts';
export { classifyReference } from './local-reference.ts';
export type { PageContextInput, PageLinkPlan } from './page-context.ts';
export { pageRenderContext, planPageLinks } from './page-context.ts';
export { pageLabels } from './page-labels.ts';
export type { PageLayoutOptions } from './page-layout.ts';
export { pageLayout } from './page-layout.ts';
export type { PageReferences } from './page-references.ts';
export { collectReferences } from './page-references.ts';
export type { ResolvedReference, SiteIndex } from './site-index.ts';
export { resolveReference } from './site-index.ts';
