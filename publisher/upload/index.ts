/**
 * @module publisher/upload
 * The upload phase: the wiki's pages read in bulk, pages created or updated parents first, only
 * when they changed, attachments compared by SHA-1, failures kept soft.
 */
export type { AttachmentSyncContext } from './attachment-sync.ts';
export { syncAttachment } from './attachment-sync.ts';
export type { PageSyncContext, PageSyncResult } from './page-sync.ts';
export { syncPage } from './page-sync.ts';
export type { ParentPolling } from './parent-readiness.ts';
export { ParentReadiness } from './parent-readiness.ts';
export { RemoteSite } from './remote-site.ts';
export type { UploadInput, UploadResult } from './upload-phase.ts';
export { uploadSite } from './upload-phase.ts';
