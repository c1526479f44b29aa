/**
 * @module cli/commands
 * The citty command `authz-tool`; its sub-commands (one per file) load when they run.
 */
export { authzToolCommand } from './authz-tool.ts';
