/**
 * @module publisher/export
 * The dry run's output: `wiki-export/` with metadata, one file per page and the attachments.
 */
export type { ExportInput } from './export-phase.ts';
export { exportSite } from './export-phase.ts';
export { safeFileName, uniqueFileNames } from './safe-file-name.ts';
