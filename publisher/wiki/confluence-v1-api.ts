/**
 * The wiki port over Confluence REST API v1 (Data Center and Server; Cloud's remaining v1
 * endpoints): space, page by title or id, all pages below a page in bulk (CQL `ancestor`, with
 * bodies, attachments, labels and the identity property expanded), page create and update (minor
 * edit, version + 1, the publisher's version message), child pages in their order and moves among
 * siblings, labels, content properties, attachment listing, upload and data update (SHA-1 in the
 * comment so the next build can compare without downloading).
 */
import {
  attachmentComment,
  IDENTITY_PROPERTY,
  nextLink,
  type RemoteAttachment,
  type RemotePage,
  results,
  type StoredIdentity,
  toRemoteAttachment,
  toRemotePage,
  toStoredIdentity,
  VERSION_MESSAGE,
} from './confluence-records.ts';
import type { AttachmentUpload, MovePosition, PageWrite, RemoteSpace, WikiApi } from './wiki-api.ts';
import { hasStatus } from './wiki-request-error.ts';
import type { WikiTransport } from './wiki-transport.ts';

const PAGE_EXPAND = `version,ancestors,body.storage,metadata.labels,metadata.properties.${IDENTITY_PROPERTY}`;
const LIST_LIMIT = 100;

/** The wiki port over Confluence REST API v1. */
export class ConfluenceV1Api implements WikiApi {
  readonly version = 'v1' as const;
  readonly #transport: WikiTransport;

  constructor(transport: WikiTransport) {
    this.#transport = transport;
  }

  /** The space with its home page id; throws (404) when it does not exist or is not visible. */
  async getSpace(key: string): Promise<RemoteSpace> {
    const { data } = await this.#transport.request<Record<string, unknown>>({
      method: 'GET',
      path: `/rest/api/space/${encodeURIComponent(key)}`,
      query: { expand: 'homepage' },
    });
    const homepage = data.homepage as { id?: unknown; title?: unknown } | undefined;
    return {
      key: String(data.key ?? key),
      name: String(data.name ?? key),
      ...(homepage?.id !== undefined ? { homepageId: String(homepage.id) } : {}),
      ...(typeof homepage?.title === 'string' ? { homepageTitle: homepage.title } : {}),
    };
  }

  /** The page with this exact title in the space, with body, version and ancestors. */
  async findPage(space: string, title: string): Promise<RemotePage | undefined> {
    const { data } = await this.#transport.request<unknown>({
      method: 'GET',
      path: '/rest/api/content',
      query: { spaceKey: space, title, type: 'page', expand: PAGE_EXPAND },
    });
    const match = results(data)
      .map(toRemotePage)
      .find((page) => page.title === title);
    return match ?? results(data).map(toRemotePage)[0];
  }

  /** The page with this id (body, version, ancestors). */
  async getPage(id: string): Promise<RemotePage> {
    const { data } = await this.#transport.request<unknown>({
      method: 'GET',
      path: `/rest/api/content/${encodeURIComponent(id)}`,
      query: { expand: PAGE_EXPAND },
    });
    return toRemotePage(data);
  }

  /** Every page below `rootId`, at any depth, with bodies and (first) attachments, in few calls. */
  async listDescendants(rootId: string): Promise<RemotePage[]> {
    const expand = `${PAGE_EXPAND},children.attachment.version,children.attachment.metadata`;
    const query = { cql: `ancestor = ${rootId} and type = page`, expand, limit: LIST_LIMIT };
    return (await this.#pages('/rest/api/content/search', query)).map(toRemotePage);
  }

  /** The child pages of a page in the order Confluence shows them. */
  async listChildren(parentId: string): Promise<RemotePage[]> {
    const path = `/rest/api/content/${encodeURIComponent(parentId)}/child/page`;
    return (await this.#pages(path, { expand: 'version,ancestors', limit: LIST_LIMIT })).map(toRemotePage);
  }

  /** Moves a page before or after a sibling (under the target's parent), or last below the target. */
  async movePage(id: string, position: MovePosition, targetId: string): Promise<void> {
    await this.#transport.request<unknown>({
      method: 'PUT',
      path: `/rest/api/content/${encodeURIComponent(id)}/move/${position}/${encodeURIComponent(targetId)}`,
    });
  }

  /** The page's label names. */
  async listLabels(id: string): Promise<string[]> {
    const path = `/rest/api/content/${encodeURIComponent(id)}/label`;
    const items = await this.#pages(path, { limit: LIST_LIMIT });
    return items.map((item) => String((item as { name?: unknown }).name ?? ''));
  }

  /** The identity property of a page (`null` when it has none). */
  async readIdentity(pageId: string): Promise<StoredIdentity | null> {
    try {
      const { data } = await this.#transport.request<unknown>({
        method: 'GET',
        path: `/rest/api/content/${encodeURIComponent(pageId)}/property/${IDENTITY_PROPERTY}`,
      });
      return toStoredIdentity(data);
    } catch (error) {
      if (hasStatus(error, 404)) return null;
      throw error;
    }
  }

  /** Creates or replaces the identity property. */
  async writeIdentity(
    pageId: string,
    source: string,
    current: StoredIdentity | null,
  ): Promise<StoredIdentity> {
    const base = `/rest/api/content/${encodeURIComponent(pageId)}/property`;
    const { data } = await this.#transport.request<unknown>(
      current
        ? {
            method: 'PUT',
            path: `${base}/${IDENTITY_PROPERTY}`,
            json: {
              key: IDENTITY_PROPERTY,
              value: { source },
              version: { number: current.propertyVersion + 1 },
            },
          }
        : { method: 'POST', path: base, json: { key: IDENTITY_PROPERTY, value: { source } } },
    );
    return toStoredIdentity(data) ?? { source, propertyId: '', propertyVersion: 1 };
  }

  /** Adds global labels to a page (labels it has already are kept). */
  async addLabels(id: string, names: readonly string[]): Promise<void> {
    await this.#transport.request<unknown>({
      method: 'POST',
      path: `/rest/api/content/${encodeURIComponent(id)}/label`,
      json: names.map((name) => ({ prefix: 'global', name })) as unknown as Record<string, unknown>,
    });
  }

  /** Deletes a page (Confluence moves it to the space's trash; its children move up to its parent). */
  async deletePage(id: string): Promise<void> {
    await this.#transport.request<unknown>({
      method: 'DELETE',
      path: `/rest/api/content/${encodeURIComponent(id)}`,
    });
  }

  /** Archives pages (Confluence Cloud's archive, restorable by space admins). */
  async archivePages(ids: readonly string[]): Promise<void> {
    await this.#transport.request<unknown>({
      method: 'POST',
      path: '/rest/api/content/archive',
      json: { pages: ids.map((id) => ({ id })) },
    });
  }

  /** The attachments of a page (optionally only the one with this file name). */
  async listAttachments(pageId: string, filename?: string): Promise<RemoteAttachment[]> {
    const path = `/rest/api/content/${encodeURIComponent(pageId)}/child/attachment`;
    const items = await this.#pages(path, { expand: 'version,metadata', limit: LIST_LIMIT, filename });
    return items.map(toRemoteAttachment);
  }

  /** Creates a page below `parentId`. */
  async createPage(page: PageWrite): Promise<RemotePage> {
    const { data } = await this.#transport.request<unknown>({
      method: 'POST',
      path: '/rest/api/content',
      query: { expand: 'version,ancestors' },
      json: {
        type: 'page',
        title: page.title,
        space: { key: page.space },
        ancestors: [{ id: page.parentId }],
        body: { storage: { value: page.storage, representation: 'storage' } },
      },
    });
    return { ...toRemotePage(data), storage: page.storage, identity: null };
  }

  /** Updates a page as a minor edit; `version` is the new version number (current + 1). */
  async updatePage(id: string, page: PageWrite, version: number): Promise<RemotePage> {
    const { data } = await this.#transport.request<unknown>({
      method: 'PUT',
      path: `/rest/api/content/${encodeURIComponent(id)}`,
      query: { expand: 'version,ancestors' },
      json: {
        id,
        type: 'page',
        title: page.title,
        space: { key: page.space },
        ancestors: [{ id: page.parentId }],
        body: { storage: { value: page.storage, representation: 'storage' } },
        version: { number: version, minorEdit: true, message: VERSION_MESSAGE },
      },
    });
    return { ...toRemotePage(data), storage: page.storage };
  }

  /** Adds a new attachment to a page. */
  async createAttachment(pageId: string, upload: AttachmentUpload): Promise<RemoteAttachment> {
    const path = `/rest/api/content/${encodeURIComponent(pageId)}/child/attachment`;
    return this.#upload(path, upload);
  }

  /** Replaces the data of an existing attachment (a new attachment version). */
  async updateAttachmentData(
    pageId: string,
    attachmentId: string,
    upload: AttachmentUpload,
  ): Promise<RemoteAttachment> {
    const path = `/rest/api/content/${encodeURIComponent(pageId)}/child/attachment/${encodeURIComponent(attachmentId)}/data`;
    return this.#upload(path, upload);
  }

  async #upload(path: string, upload: AttachmentUpload): Promise<RemoteAttachment> {
    const { data } = await this.#transport.request<unknown>({
      method: 'POST',
      path,
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([upload.data], { type: upload.mediaType }), upload.name);
        form.append('comment', attachmentComment(upload.sha1));
        form.append('minorEdit', 'true');
        return form;
      },
    });
    const first = results(data)[0] ?? data;
    return { ...toRemoteAttachment(first), sha1: upload.sha1 };
  }

  async #pages(
    path: string,
    query: Readonly<Record<string, string | number | undefined>>,
  ): Promise<unknown[]> {
    const items: unknown[] = [];
    let next: { path: string; query?: typeof query } | undefined = { path, query };
    while (next) {
      const { data }: { data: unknown } = await this.#transport.request<unknown>({ method: 'GET', ...next });
      items.push(...results(data));
      const link = nextLink(data);
      next = link ? { path: link } : undefined;
    }
    return items;
  }
}
