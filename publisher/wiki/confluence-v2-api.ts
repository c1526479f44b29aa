/**
 * The wiki port over Confluence Cloud's REST API v2, with v1 only where v2 has no endpoint:
 * attachment upload and data update, adding labels, moving a page among its siblings and archiving
 * (v2 has none of these). Space by key → id, page by title in a space, pages below a page through
 * `descendants` then their bodies in batches of ids, create and update with version numbers and the
 * publisher's version message, children in their order, ancestors, attachments and labels listed,
 * content properties read and written.
 */
import {
  IDENTITY_PROPERTY,
  type RemoteAttachment,
  type RemotePage,
  type StoredIdentity,
  toStoredIdentity,
  VERSION_MESSAGE,
} from './confluence-records.ts';
import type { ConfluenceV1Api } from './confluence-v1-api.ts';
import {
  toDescendant,
  toRemoteAttachmentV2,
  toRemotePageV2,
  type V2Descendant,
  v2Next,
  v2Results,
} from './confluence-v2-records.ts';
import type { AttachmentUpload, MovePosition, PageWrite, RemoteSpace, WikiApi } from './wiki-api.ts';
import { WikiRequestError } from './wiki-request-error.ts';
import type { WikiTransport } from './wiki-transport.ts';

const LIMIT = 250;
/** Pages whose bodies one `GET /pages?id=…` asks for (keeps the URL short). */
const BODY_BATCH = 50;
/** The deepest level one `descendants` call returns; deeper pages need another call. */
const DESCENDANT_DEPTH = 5;

type Query = Readonly<Record<string, string | number | undefined>>;

/** The wiki port over Confluence REST API v2. */
export class ConfluenceV2Api implements WikiApi {
  readonly version = 'v2' as const;
  readonly #transport: WikiTransport;
  readonly #v1: ConfluenceV1Api;
  readonly #spaceIds = new Map<string, string>();
  /** Ancestors (root first) of the pages seen, so that v2's parent-only pages get their chain. */
  readonly #ancestry = new Map<string, readonly string[]>();

  /** @param v1 the v1 adapter on the same transport, for the calls v2 lacks */
  constructor(transport: WikiTransport, v1: ConfluenceV1Api) {
    this.#transport = transport;
    this.#v1 = v1;
  }

  async getSpace(key: string): Promise<RemoteSpace> {
    const { data } = await this.#get('/api/v2/spaces', { keys: key, limit: 1 });
    const space = v2Results(data)[0] as Record<string, unknown> | undefined;
    if (!space || space.key !== key) {
      throw new WikiRequestError({
        method: 'GET',
        path: '/api/v2/spaces',
        status: 404,
        transient: false,
        reason: `No space with key : ${key}`,
      });
    }
    const id = String(space.id);
    this.#spaceIds.set(key, id);
    const homepageId = space.homepageId === undefined ? undefined : String(space.homepageId);
    const home = homepageId ? await this.getPage(homepageId) : undefined;
    return {
      key,
      id,
      name: String(space.name ?? key),
      ...(homepageId ? { homepageId } : {}),
      ...(home ? { homepageTitle: home.title } : {}),
    };
  }

  async findPage(space: string, title: string): Promise<RemotePage | undefined> {
    const spaceId = await this.#spaceId(space);
    const { data } = await this.#get('/api/v2/pages', {
      'space-id': spaceId,
      title,
      status: 'current',
      'body-format': 'storage',
      limit: 25,
    });
    const found = v2Results(data);
    const match = found.find((page) => (page as { title?: unknown }).title === title) ?? found[0];
    if (!match) return undefined;
    return toRemotePageV2(match, await this.#ancestorsOf(String((match as { id?: unknown }).id)));
  }

  async getPage(id: string): Promise<RemotePage> {
    const { data } = await this.#get(`/api/v2/pages/${encodeURIComponent(id)}`, { 'body-format': 'storage' });
    return toRemotePageV2(data, await this.#ancestorsOf(id));
  }

  async listDescendants(rootId: string): Promise<RemotePage[]> {
    const rootAncestors = this.#ancestry.get(rootId) ?? [];
    const entries: V2Descendant[] = [];
    const below = async (id: string) => {
      const found = (
        await this.#all(`/api/v2/pages/${encodeURIComponent(id)}/descendants`, {
          depth: DESCENDANT_DEPTH,
        })
      ).map(toDescendant);
      entries.push(...found);
      for (const entry of found) if (entry.depth >= DESCENDANT_DEPTH) await below(entry.id);
    };
    await below(rootId);
    const parentOf = new Map(entries.map((entry) => [entry.id, entry.parentId]));
    const chain = (id: string): string[] => {
      const ids: string[] = [];
      for (let parent = parentOf.get(id); parent; parent = parentOf.get(parent)) {
        ids.unshift(parent);
        if (parent === rootId) break;
      }
      return [...rootAncestors, ...ids];
    };
    const pages = entries.filter((entry) => entry.type === 'page');
    const positions = new Map(pages.map((entry) => [entry.id, entry.position]));
    const result: RemotePage[] = [];
    for (let at = 0; at < pages.length; at += BODY_BATCH) {
      const ids = pages.slice(at, at + BODY_BATCH).map((entry) => entry.id);
      const items = await this.#all('/api/v2/pages', { id: ids.join(','), 'body-format': 'storage' });
      for (const item of items) {
        const id = String((item as { id?: unknown }).id);
        const ancestorIds = chain(id);
        this.#ancestry.set(id, ancestorIds);
        const page = toRemotePageV2(item, ancestorIds);
        const position = positions.get(id);
        result.push(position === undefined ? page : { ...page, position });
      }
    }
    return result;
  }

  async listChildren(parentId: string): Promise<RemotePage[]> {
    const parentChain = [...(this.#ancestry.get(parentId) ?? []), parentId];
    const items = await this.#all(`/api/v2/pages/${encodeURIComponent(parentId)}/children`, {});
    return items
      .map((item) => {
        const json = item as { childPosition?: unknown };
        const page = toRemotePageV2(item, parentChain);
        return typeof json.childPosition === 'number' ? { ...page, position: json.childPosition } : page;
      })
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  }

  /** v2 has no move endpoint: v1's (Cloud keeps it; Data Center has none). */
  movePage(id: string, position: MovePosition, targetId: string): Promise<void> {
    return this.#v1.movePage(id, position, targetId);
  }

  async listLabels(id: string): Promise<string[]> {
    const items = await this.#all(`/api/v2/pages/${encodeURIComponent(id)}/labels`, {});
    return items.map((item) => String((item as { name?: unknown }).name ?? ''));
  }

  /** v2 cannot add labels: v1's endpoint. */
  addLabels(id: string, names: readonly string[]): Promise<void> {
    return this.#v1.addLabels(id, names);
  }

  async deletePage(id: string): Promise<void> {
    await this.#transport.request({ method: 'DELETE', path: `/api/v2/pages/${encodeURIComponent(id)}` });
  }

  /** v2 cannot archive: v1's endpoint. */
  archivePages(ids: readonly string[]): Promise<void> {
    return this.#v1.archivePages(ids);
  }

  async listAttachments(pageId: string, filename?: string): Promise<RemoteAttachment[]> {
    const path = `/api/v2/pages/${encodeURIComponent(pageId)}/attachments`;
    return (await this.#all(path, { filename })).map(toRemoteAttachmentV2);
  }

  async createPage(page: PageWrite): Promise<RemotePage> {
    const { data } = await this.#transport.request<unknown>({
      method: 'POST',
      path: '/api/v2/pages',
      json: {
        spaceId: await this.#spaceId(page.space),
        status: 'current',
        title: page.title,
        parentId: page.parentId,
        body: { representation: 'storage', value: page.storage },
      },
    });
    const created = toRemotePageV2(data, this.#chainBelow(page.parentId));
    this.#ancestry.set(created.id, created.ancestorIds);
    return { ...created, storage: page.storage, identity: null };
  }

  async updatePage(id: string, page: PageWrite, version: number): Promise<RemotePage> {
    const { data } = await this.#transport.request<unknown>({
      method: 'PUT',
      path: `/api/v2/pages/${encodeURIComponent(id)}`,
      json: {
        id,
        status: 'current',
        title: page.title,
        spaceId: await this.#spaceId(page.space),
        parentId: page.parentId,
        body: { representation: 'storage', value: page.storage },
        version: { number: version, message: VERSION_MESSAGE },
      },
    });
    const ancestorIds = this.#chainBelow(page.parentId);
    this.#ancestry.set(id, ancestorIds);
    return { ...toRemotePageV2(data, ancestorIds), storage: page.storage };
  }

  /** v2 cannot upload: v1's endpoint. */
  createAttachment(pageId: string, upload: AttachmentUpload): Promise<RemoteAttachment> {
    return this.#v1.createAttachment(pageId, upload);
  }

  /** v2 cannot upload: v1's endpoint. */
  updateAttachmentData(
    pageId: string,
    attachmentId: string,
    upload: AttachmentUpload,
  ): Promise<RemoteAttachment> {
    return this.#v1.updateAttachmentData(pageId, attachmentId, upload);
  }

  async readIdentity(pageId: string): Promise<StoredIdentity | null> {
    const { data } = await this.#get(`/api/v2/pages/${encodeURIComponent(pageId)}/properties`, {
      key: IDENTITY_PROPERTY,
    });
    return toStoredIdentity(v2Results(data)[0]);
  }

  async writeIdentity(
    pageId: string,
    source: string,
    current: StoredIdentity | null,
  ): Promise<StoredIdentity> {
    const base = `/api/v2/pages/${encodeURIComponent(pageId)}/properties`;
    const { data } = await this.#transport.request<unknown>(
      current
        ? {
            method: 'PUT',
            path: `${base}/${encodeURIComponent(current.propertyId)}`,
            json: {
              key: IDENTITY_PROPERTY,
              value: { source },
              version: { number: current.propertyVersion + 1, message: VERSION_MESSAGE },
            },
          }
        : { method: 'POST', path: base, json: { key: IDENTITY_PROPERTY, value: { source } } },
    );
    return toStoredIdentity(data) ?? { source, propertyId: '', propertyVersion: 1 };
  }

  #chainBelow(parentId: string): string[] {
    return [...(this.#ancestry.get(parentId) ?? []), parentId];
  }

  async #spaceId(key: string): Promise<string> {
    const known = this.#spaceIds.get(key);
    if (known) return known;
    return (await this.getSpace(key)).id ?? key;
  }

  async #ancestorsOf(id: string): Promise<string[]> {
    const items = await this.#all(`/api/v2/pages/${encodeURIComponent(id)}/ancestors`, {});
    const ids = items.map((item) => String((item as { id?: unknown }).id ?? ''));
    this.#ancestry.set(id, ids);
    return ids;
  }

  #get(path: string, query: Query) {
    return this.#transport.request<unknown>({ method: 'GET', path, query });
  }

  /** Every result of a v2 list, following `_links.next` (cursor paging). */
  async #all(path: string, query: Query): Promise<unknown[]> {
    const items: unknown[] = [];
    let next: { path: string; query?: Query } | undefined = { path, query: { limit: LIMIT, ...query } };
    while (next) {
      const { data }: { data: unknown } = await this.#transport.request<unknown>({ method: 'GET', ...next });
      items.push(...v2Results(data));
      const link = v2Next(data);
      next = link ? { path: link } : undefined;
    }
    return items;
  }
}
