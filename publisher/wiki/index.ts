/**
 * @module publisher/wiki
 * The Confluence REST API v1 client: typed calls, the records it reads, and the transport under
 * them (ofetch with its own retries, backoff with jitter, Retry-After, timeouts, pacing, counting).
 */
export type { AttachmentUpload, PageWrite, RemoteSpace } from './confluence-client.ts';
export { ConfluenceClient } from './confluence-client.ts';
export type { RemoteAttachment, RemotePage } from './confluence-records.ts';
export { attachmentComment, toRemoteAttachment, toRemotePage } from './confluence-records.ts';
export type { RequestPacer } from './request-pacer.ts';
export { createRequestPacer } from './request-pacer.ts';
export type { RetryPolicy } from './retry-policy.ts';
export { backoffDelay, retryAfterMs, retryableStatus } from './retry-policy.ts';
export type { WikiFailure } from './wiki-request-error.ts';
export { hasStatus, WikiRequestError } from './wiki-request-error.ts';
export type { WikiSession } from './wiki-session.ts';
export type {
  CallCounts,
  RetryNotice,
  WikiRequest,
  WikiResponse,
  WikiTransport,
  WikiTransportOptions,
} from './wiki-transport.ts';
export { createWikiTransport } from './wiki-transport.ts';
