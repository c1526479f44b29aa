/**
 * @module publisher/build
 * The build: its phases (configuration, discovery, Markdown, conversion; upload and export live
 * in their own modules) and `publishSite`, which runs them in order.
 */
export type { ConfigurationInput, Configured } from './configuration-phase.ts';
export { configure } from './configuration-phase.ts';
export type { ConversionInput } from './conversion-phase.ts';
export { convertPages } from './conversion-phase.ts';
export type { Discovered } from './discovery-phase.ts';
export { discover } from './discovery-phase.ts';
export type { MarkdownInput, PageSource } from './markdown-phase.ts';
export { readPages } from './markdown-phase.ts';
export type { PublishDependencies } from './publish-site.ts';
export { publishSite } from './publish-site.ts';
