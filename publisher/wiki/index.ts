/**
 * @module publisher/wiki
 * The wiki port and its two adapters — Confluence REST v2 (Cloud, v1 where v2 has no endpoint) and
 * REST v1 (Data Center, Server) — chosen by `api_version` or detected; the records they return, and
 * the transport under them (ofetch with its own retries, backoff with jitter, Retry-After, timeouts,
 * pacing, counting, and a wiki that is gone detected).
 */
export type { ApiChoice, ApiVersionSetting } from './api-detection.ts';
export { chooseApiVersion, createWikiApi, V2_PROBE } from './api-detection.ts';
export type { RemoteAttachment, RemotePage, StoredIdentity } from './confluence-records.ts';
export {
  attachmentComment,
  IDENTITY_PROPERTY,
  toRemoteAttachment,
  toRemotePage,
  VERSION_MESSAGE,
} from './confluence-records.ts';
export { ConfluenceV1Api } from './confluence-v1-api.ts';
export { ConfluenceV2Api } from './confluence-v2-api.ts';
export type { RequestPacer } from './request-pacer.ts';
export { createRequestPacer } from './request-pacer.ts';
export type { RetryPolicy } from './retry-policy.ts';
export { backoffDelay, retryAfterMs, retryableStatus } from './retry-policy.ts';
export type {
  ApiVersion,
  AttachmentUpload,
  MovePosition,
  PageWrite,
  RemoteSpace,
  WikiApi,
} from './wiki-api.ts';
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
