/**
 * The parts of Confluence REST API v2 records the publisher reads — spaces (id, key, home page),
 * pages (id, title, parent, position, version and its message, storage body), descendants,
 * attachments, labels — turned into the records the v1 adapter returns too. Unexpected shapes read
 * as absent, never throw.
 */
import { type RemoteAttachment, type RemotePage, toRemoteAttachment } from './confluence-records.ts';

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** The `results` of a v2 list. */
export function v2Results(value: unknown): unknown[] {
  const results = record(value).results;
  return Array.isArray(results) ? results : [];
}

/** The `next` link of a v2 list (in the body's `_links`), if more results remain. */
export function v2Next(value: unknown): string | undefined {
  const next = record(record(value)._links).next;
  return typeof next === 'string' && next !== '' ? next : undefined;
}

/** One entry of `GET /pages/{id}/descendants`. */
export interface V2Descendant {
  readonly id: string;
  readonly type: string;
  readonly title: string;
  readonly parentId: string;
  readonly depth: number;
  readonly position?: number;
}

/** Reads a descendant entry. */
export function toDescendant(value: unknown): V2Descendant {
  const json = record(value);
  return {
    id: String(json.id ?? ''),
    type: String(json.type ?? 'page'),
    title: String(json.title ?? ''),
    parentId: String(json.parentId ?? ''),
    depth: Number(json.depth ?? 1),
    ...(typeof json.childPosition === 'number' ? { position: json.childPosition } : {}),
  };
}

/**
 * Reads a v2 page.
 *
 * @param ancestorIds the page's ancestors root first (v2 pages name only their parent)
 */
export function toRemotePageV2(value: unknown, ancestorIds: readonly string[]): RemotePage {
  const json = record(value);
  const version = record(json.version);
  const storage = record(record(json.body).storage).value;
  return {
    id: String(json.id ?? ''),
    title: String(json.title ?? ''),
    version: Number(version.number ?? 0),
    ...(typeof version.message === 'string' ? { versionMessage: version.message } : {}),
    ancestorIds,
    ...(typeof storage === 'string' ? { storage } : {}),
    ...(typeof json.position === 'number' ? { position: json.position } : {}),
  };
}

/** Reads a v2 attachment (the SHA-1 is in its `comment`, as with v1). */
export function toRemoteAttachmentV2(value: unknown): RemoteAttachment {
  const json = record(value);
  return toRemoteAttachment({ ...json, metadata: { comment: json.comment } });
}
