/**
 * @module publisher/storage
 * Confluence storage format: the token renderer (blocks, inline content, containers as macros,
 * images, raw HTML), macros, XML escaping, and the normalized form used to detect changes.
 */
export { containerStorage } from './container-macros.ts';
export { decodeEntities } from './entities.ts';
export type { HtmlElement, HtmlNode, HtmlText } from './html-tree.ts';
export { parseHtmlFragment } from './html-tree.ts';
export type { CodeBlockInfo, MacroParameters } from './macros.ts';
export { anchorMacro, childrenMacro, codeMacro, parseCodeInfo, structuredMacro } from './macros.ts';
export { normalizeStorage, sameStorage } from './normalize-storage.ts';
export type { PanelMacro } from './panel-types.ts';
export { mkdocsPanel } from './panel-types.ts';
export { renderPage, renderRange } from './render-blocks.ts';
export type { ImageTarget, LinkTarget, RenderContext, UrlOrigin } from './render-context.ts';
export { renderInline } from './render-inline.ts';
export type { RenderState } from './render-state.ts';
export { createRenderState } from './render-state.ts';
export type { StorageElement, StorageNode, StorageText } from './storage-tree.ts';
export { parseStorageTree } from './storage-tree.ts';
export { cdata, escapeAttribute, escapeText, toXmlChars } from './xml-escape.ts';
