/**
 * @module wiki-publish/storage
 * Confluence storage format: the mdast renderer (blocks, inline content, macros, admonition panels,
 * raw HTML handling), XML escaping, and the normalized form used to detect changes.
 */
export type { Panel, PanelMacro } from './admonition-panels.ts';
export { mkdocsPanel, panelOf } from './admonition-panels.ts';
export { decodeEntities } from './entities.ts';
export type { CodeBlockInfo, MacroParameters } from './macros.ts';
export { anchorMacro, childrenMacro, codeMacro, parseCodeInfo, structuredMacro } from './macros.ts';
export { normalizeStorage, sameStorage } from './normalize-storage.ts';
export type { RawHtmlResult } from './raw-html.ts';
export { rawHtmlToStorage } from './raw-html.ts';
export { renderBlocks, renderRoot } from './render-blocks.ts';
export type { ImageTarget, LinkTarget, RenderContext } from './render-context.ts';
export { renderInline } from './render-inline.ts';
export type { RenderState } from './render-state.ts';
export { createRenderState } from './render-state.ts';
export type { StorageElement, StorageNode, StorageText } from './storage-tree.ts';
export { parseStorageTree } from './storage-tree.ts';
export { cdata, escapeAttribute, escapeText, toXmlChars } from './xml-escape.ts';
