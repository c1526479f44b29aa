/**
 * The wiki port: everything the publisher asks of a Confluence, whichever REST API answers it.
 * Two adapters implement it — {@link ConfluenceV1Api} (Data Center and Server: REST v1) and
 * {@link ConfluenceV2Api} (Cloud: REST v2, with v1 only where v2 has no endpoint) — and one
 * contract suite runs the whole publisher against both.
 */
import type { RemoteAttachment, RemotePage, StoredIdentity } from './confluence-records.ts';

/** Which REST API a session speaks. */
export type ApiVersion = 'v1' | 'v2';

/** A space as the wiki has it. */
export interface RemoteSpace {
  readonly key: string;
  /** The v2 space id (absent on v1). */
  readonly id?: string;
  readonly name: string;
  readonly homepageId?: string;
  readonly homepageTitle?: string;
}

/** A page to create or update. */
export interface PageWrite {
  readonly space: string;
  readonly title: string;
  readonly parentId: string;
  readonly storage: string;
}

/** An attachment file to upload. */
export interface AttachmentUpload {
  readonly name: string;
  readonly data: Uint8Array;
  readonly mediaType: string;
  readonly sha1: string;
}

/** Where a move puts a page relative to its target. */
export type MovePosition = 'before' | 'after' | 'append';

/** The calls the publisher makes to a wiki. */
export interface WikiApi {
  /** The REST API this adapter speaks. */
  readonly version: ApiVersion;
  /** The space with its home page; throws (404) when it does not exist or is not visible. */
  getSpace(key: string): Promise<RemoteSpace>;
  /** The page with this exact title in the space (body, version, ancestors), if any. */
  findPage(space: string, title: string): Promise<RemotePage | undefined>;
  /** The page with this id (body, version, ancestors). */
  getPage(id: string): Promise<RemotePage>;
  /** Every page below `rootId` at any depth, with bodies and versions, in few calls. */
  listDescendants(rootId: string): Promise<RemotePage[]>;
  /** The child pages of a page in the order Confluence shows them. */
  listChildren(parentId: string): Promise<RemotePage[]>;
  /** Moves a page before or after a sibling, or last below the target. */
  movePage(id: string, position: MovePosition, targetId: string): Promise<void>;
  /** The page's label names. */
  listLabels(id: string): Promise<string[]>;
  /** Adds global labels to a page (labels it has already are kept). */
  addLabels(id: string, names: readonly string[]): Promise<void>;
  /** Moves a page to the space's trash. */
  deletePage(id: string): Promise<void>;
  /** Archives pages (Confluence Cloud). */
  archivePages(ids: readonly string[]): Promise<void>;
  /** The attachments of a page (optionally only the one with this file name). */
  listAttachments(pageId: string, filename?: string): Promise<RemoteAttachment[]>;
  createPage(page: PageWrite): Promise<RemotePage>;
  /** Updates a page; `version` is the new version number (current + 1). */
  updatePage(id: string, page: PageWrite, version: number): Promise<RemotePage>;
  createAttachment(pageId: string, upload: AttachmentUpload): Promise<RemoteAttachment>;
  updateAttachmentData(
    pageId: string,
    attachmentId: string,
    upload: AttachmentUpload,
  ): Promise<RemoteAttachment>;
  /** The publisher's identity property of a page (`null` when the page has none). */
  readIdentity(pageId: string): Promise<StoredIdentity | null>;
  /** Creates or replaces the identity property (`current` is what the page has now, if anything). */
  writeIdentity(pageId: string, source: string, current: StoredIdentity | null): Promise<StoredIdentity>;
}
