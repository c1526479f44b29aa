/**
 * @module publisher/report
 * The record of a build: progress output as it happens and the final report (`--json`).
 */
export { BuildJournal } from './build-journal.ts';
export { githubAnnotations } from './github-annotations.ts';
export type {
  ActionCounts,
  AttachmentAction,
  PageAction,
  PageOutcome,
  PhaseName,
  Problem,
  PublishReport,
} from './publish-report.ts';
