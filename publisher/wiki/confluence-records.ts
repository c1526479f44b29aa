/**
 * The parts of Confluence REST API v1 records the publisher reads: pages (id, title, version,
 * ancestors, storage body, expanded attachments), attachments (id, file name, version, the SHA-1 kept
 * in their comment) and the `next` link of paged lists. Unexpected shapes read as absent, never throw.
 */

/** An attachment as the wiki has it. */
export interface RemoteAttachment {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  /** The SHA-1 the publisher stored in the attachment's comment, when present. */
  readonly sha1?: string;
}

/** A page as the wiki has it. */
export interface RemotePage {
  readonly id: string;
  readonly title: string;
  readonly version: number;
  /** Ancestor ids, root first; the last is the parent. */
  readonly ancestorIds: readonly string[];
  /** The storage-format body, when it was expanded. */
  readonly storage?: string;
  /** Every attachment of the page, when the listing included all of them. */
  readonly attachments?: readonly RemoteAttachment[];
  /** The page's label names, when they were expanded. */
  readonly labels?: readonly string[];
  /** Its place among its siblings (`extensions.position`), when the wiki reports a number. */
  readonly position?: number;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const SHA1_IN_COMMENT = /\bsha1:([0-9a-f]{40})\b/i;

/** The comment the publisher writes on attachments it uploads. */
export function attachmentComment(sha1: string): string {
  return `wiki-publish sha1:${sha1}`;
}

/** Reads an attachment record. */
export function toRemoteAttachment(value: unknown): RemoteAttachment {
  const json = record(value);
  const comment = record(json.metadata).comment ?? record(json.extensions).comment;
  const sha1 = typeof comment === 'string' ? SHA1_IN_COMMENT.exec(comment)?.[1]?.toLowerCase() : undefined;
  return {
    id: String(json.id ?? ''),
    name: String(json.title ?? ''),
    version: Number(record(json.version).number ?? 0),
    ...(sha1 ? { sha1 } : {}),
  };
}

/** The relative `next` link of a paged list, if there are more results. */
export function nextLink(value: unknown): string | undefined {
  const next = record(record(value)._links).next;
  return typeof next === 'string' && next !== '' ? next : undefined;
}

/** The results of a paged list. */
export function results(value: unknown): unknown[] {
  return list(record(value).results);
}

/** Reads a page record. */
export function toRemotePage(value: unknown): RemotePage {
  const json = record(value);
  const storage = record(record(json.body).storage).value;
  const expandedAttachments = record(record(json.children).attachment);
  const complete = Array.isArray(expandedAttachments.results) && nextLink(expandedAttachments) === undefined;
  const labels = record(record(json.metadata).labels);
  const position = record(json.extensions).position;
  return {
    id: String(json.id ?? ''),
    title: String(json.title ?? ''),
    version: Number(record(json.version).number ?? 0),
    ancestorIds: list(json.ancestors).map((ancestor) => String(record(ancestor).id ?? '')),
    ...(typeof storage === 'string' ? { storage } : {}),
    ...(complete ? { attachments: results(expandedAttachments).map(toRemoteAttachment) } : {}),
    ...(Array.isArray(labels.results)
      ? { labels: results(labels).map((label) => String(record(label).name ?? '')) }
      : {}),
    ...(typeof position === 'number' ? { position } : {}),
  };
}
