/**
 * @module wiki-publish/commands
 * The citty command `wiki-publish`.
 */
export type { PublishCommandData } from './publish.ts';
export { publishCommand } from './publish.ts';
