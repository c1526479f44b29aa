/**
 * @module publisher/commands
 * The citty command `wiki-publish`.
 */
export type { PublishCommandData } from './publish.ts';
export { publishCommand } from './publish.ts';
