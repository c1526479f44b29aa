/**
 * @module app/access-log
 * The access log: the library's audit records of decisions about documents, written to
 * PostgreSQL in batches off the request path, and which decisions count as about a document.
 */
export type { AccessLogSink, AccessLogSinkOptions, AccessLogStore, SinkTimers } from './access-log-sink.ts';
export { createAccessLogSink } from './access-log-sink.ts';
export { documentEntry } from './decision-entry.ts';
