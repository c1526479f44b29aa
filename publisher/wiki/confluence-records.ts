/**
 * The parts of Confluence REST API v1 records the publisher reads: pages (id, title, version and its
 * message, ancestors, storage body, expanded attachments, labels and identity property), attachments
 * (id, file name, version, the SHA-1 kept in their comment) and the `next` link of paged lists.
 * Unexpected shapes read as absent, never throw. The records themselves are shared with REST v2.
 */

/** An attachment as the wiki has it. */
export interface RemoteAttachment {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  /** The SHA-1 the publisher stored in the attachment's comment, when present. */
  readonly sha1?: string;
}

/** The content property (key {@link IDENTITY_PROPERTY}) that ties a page to its source file. */
export interface StoredIdentity {
  /** The page's key in the site: its Markdown path relative to the docs folder, or `section:…`. */
  readonly source: string;
  readonly propertyId: string;
  readonly propertyVersion: number;
}

/** Key of the content property holding a published page's source. */
export const IDENTITY_PROPERTY = 'wiki-publish';

/** The version message of every version the publisher writes; how it recognizes its own versions. */
export const VERSION_MESSAGE = 'Published by wiki-publish';

/** A page as the wiki has it. */
export interface RemotePage {
  readonly id: string;
  readonly title: string;
  readonly version: number;
  /** The message of the current version, when the wiki reported it. */
  readonly versionMessage?: string;
  /** The identity property: read (`null`: none), or `undefined` when not read yet. */
  readonly identity?: StoredIdentity | null;
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

/** Reads an identity property record (v1 and v2 alike); `null` when it is not one of ours. */
export function toStoredIdentity(value: unknown): StoredIdentity | null {
  const json = record(value);
  const source = record(json.value).source;
  if (typeof source !== 'string' || source === '') return null;
  return {
    source,
    propertyId: String(json.id ?? ''),
    propertyVersion: Number(record(json.version).number ?? 1),
  };
}

/** Reads a page record. */
export function toRemotePage(value: unknown): RemotePage {
  const json = record(value);
  const version = record(json.version);
  const metadata = record(json.metadata);
  const properties = record(metadata.properties);
  const storage = record(record(json.body).storage).value;
  const expandedAttachments = record(record(json.children).attachment);
  const complete = Array.isArray(expandedAttachments.results) && nextLink(expandedAttachments) === undefined;
  const labels = record(metadata.labels);
  const position = record(json.extensions).position;
  return {
    id: String(json.id ?? ''),
    title: String(json.title ?? ''),
    version: Number(version.number ?? 0),
    ...(typeof version.message === 'string' ? { versionMessage: version.message } : {}),
    ...('properties' in metadata ? { identity: toStoredIdentity(properties[IDENTITY_PROPERTY]) } : {}),
    ancestorIds: list(json.ancestors).map((ancestor) => String(record(ancestor).id ?? '')),
    ...(typeof storage === 'string' ? { storage } : {}),
    ...(complete ? { attachments: results(expandedAttachments).map(toRemoteAttachment) } : {}),
    ...(Array.isArray(labels.results)
      ? { labels: results(labels).map((label) => String(record(label).name ?? '')) }
      : {}),
    ...(typeof position === 'number' ? { position } : {}),
  };
}
