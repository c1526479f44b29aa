/**
 * @module @gatehousejs/wiki-publish
 * Markdown site (MkDocs) → Confluence storage format → Confluence REST API v1: the build
 * (`publishSite`), the single-page converter (`convertMarkdown`), the comparison used for change
 * detection (`normalizeStorage`), the settings schema, the report, errors and exit codes, and the
 * citty command.
 */
export type { PublishDependencies } from './build/index.ts';
export { publishSite } from './build/index.ts';
export type { PublishCommandData } from './commands/index.ts';
export { publishCommand } from './commands/index.ts';
export type { ConvertedMarkdown, ConvertMarkdownOptions } from './convert/index.ts';
export { convertMarkdown } from './convert/index.ts';
export type { PublishErrorCode } from './errors.ts';
export { PublishError } from './errors.ts';
export { EXIT_CODES } from './exit-codes.ts';
export type { SiteMarkdown } from './markdown/index.ts';
export { createSiteMarkdown } from './markdown/index.ts';
export type {
  ActionCounts,
  AttachmentAction,
  PageAction,
  PageOutcome,
  PhaseName,
  Problem,
  PublishReport,
} from './report/index.ts';
export type { PublishConfig, PublishOptions, SettingName } from './settings/index.ts';
export { publishOptionsSchema, SETTING_NAMES } from './settings/index.ts';
export { normalizeStorage, sameStorage } from './storage/index.ts';
export { WikiRequestError } from './wiki/index.ts';
