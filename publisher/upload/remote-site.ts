/**
 * The wiki's side of the site, cached for the build: every page below the parent page read in
 * bulk once (bodies and attachments included), pages created or updated by the build remembered,
 * attachment lists fetched at most once per page when the bulk listing did not include them all.
 * A site page is found by its identity (the content property holding its source path), then by
 * title; the identity of listed pages the site does not name is read (where the listing did not
 * include it) only when a site page has no match, so a retitled page is found and kept. A
 * Confluence without CQL search (the bulk listing answers 404, 400 or 501) is read with the
 * specification's own endpoint instead: one title lookup per page.
 */

import type { ConvertedPage } from '../convert/index.ts';
import { hasStatus, type RemoteAttachment, type RemotePage, type WikiApi } from '../wiki/index.ts';

const SEARCH_UNAVAILABLE = [400, 404, 501];

/** The cached view of the pages below the site's parent page. */
export class RemoteSite {
  readonly #api: WikiApi;
  readonly #space: string;
  readonly #rootId: string;
  readonly #byTitle = new Map<string, RemotePage>();
  readonly #bySource = new Map<string, RemotePage>();
  /** Listed pages whose title the site does not name, their identity read on demand (once). */
  #unmatched: Promise<void> | undefined;
  readonly #siteTitles: ReadonlySet<string>;
  readonly #siteKeys: ReadonlySet<string>;
  readonly #attachments = new Map<string, Promise<RemoteAttachment[]>>();
  #listed: RemotePage[] = [];
  #bulk = true;

  /** @param site the pages of the site (their titles and keys tell which listed pages are theirs) */
  constructor(api: WikiApi, space: string, rootId: string, site: readonly ConvertedPage[]) {
    this.#api = api;
    this.#space = space;
    this.#rootId = rootId;
    this.#siteTitles = new Set(site.map((page) => page.title.toLowerCase()));
    this.#siteKeys = new Set(site.map((page) => page.key));
  }

  /**
   * Reads every page below the parent page (a few calls, however many pages).
   *
   * @returns whether the bulk listing was available (else pages are looked up one by one)
   */
  async load(): Promise<boolean> {
    try {
      this.#listed = await this.#api.listDescendants(this.#rootId);
    } catch (error) {
      if (!SEARCH_UNAVAILABLE.some((status) => hasStatus(error, status))) throw error;
      this.#bulk = false;
      return false;
    }
    for (const page of this.#listed) {
      this.#byTitle.set(page.title.toLowerCase(), page);
      if (page.identity) this.#bySource.set(page.identity.source, page);
    }
    return true;
  }

  /**
   * The wiki page of a site page, if any: by identity, then by title (from the bulk listing, else
   * looked up), then by the identity of listed pages whose titles the site does not name.
   */
  async find(site: Pick<ConvertedPage, 'key' | 'title'>): Promise<RemotePage | undefined> {
    const bySource = this.#bySource.get(site.key);
    if (bySource) return this.#current(bySource);
    const title = site.title;
    const known = this.#byTitle.get(title.toLowerCase());
    if (known) return known;
    if (this.#bulk) {
      this.#unmatched ??= this.#readUnmatchedIdentities();
      await this.#unmatched;
      const renamed = this.#bySource.get(site.key);
      return renamed ? this.#current(renamed) : undefined;
    }
    const page = await this.#api.findPage(this.#space, title);
    if (!page || !this.isInside(page)) return undefined;
    this.remember(page);
    return page;
  }

  /** The latest known state of a listed page (the build may have updated it since). */
  #current(page: RemotePage): RemotePage {
    const latest = this.#byTitle.get(page.title.toLowerCase());
    return latest?.id === page.id ? latest : page;
  }

  /** Reads the identity of listed pages whose titles the site does not name (only those not read yet). */
  async #readUnmatchedIdentities(): Promise<void> {
    const unread = this.#listed.filter(
      (page) => page.identity === undefined && !this.#siteTitles.has(page.title.toLowerCase()),
    );
    const identities = await Promise.all(unread.map((page) => this.#api.readIdentity(page.id)));
    unread.forEach((page, index) => {
      const identity = identities[index] ?? null;
      const known = { ...page, identity };
      this.#listed[this.#listed.indexOf(page)] = known;
      if (identity) this.#bySource.set(identity.source, known);
    });
  }

  /**
   * The pages below the parent page that belong to no page of the site — neither by title nor by
   * identity (none known without the listing) — deepest first, so that removing them in order
   * never moves one page under another.
   */
  orphans(): RemotePage[] {
    return this.#listed
      .filter(
        (page) =>
          !this.#siteTitles.has(page.title.toLowerCase()) &&
          !(page.identity && this.#siteKeys.has(page.identity.source)),
      )
      .sort((a, b) => b.ancestorIds.length - a.ancestorIds.length || a.title.localeCompare(b.title));
  }

  /**
   * The listed children of a page in their order, when the listing gave every one a position
   * (`undefined` without the bulk listing or without positions).
   */
  listedChildren(parentId: string): RemotePage[] | undefined {
    if (!this.#bulk) return undefined;
    const children = this.#listed.filter(
      (page) => page.ancestorIds[page.ancestorIds.length - 1] === parentId,
    );
    if (children.some((page) => page.position === undefined)) return undefined;
    return children.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  }

  /** A title search in the whole space (after a create that was refused or whose outcome is unknown). */
  async refresh(title: string): Promise<RemotePage | undefined> {
    const page = await this.#api.findPage(this.#space, title);
    if (page && this.isInside(page)) this.remember(page);
    return page;
  }

  /** Whether a page lies below the site's parent page. */
  isInside(page: RemotePage): boolean {
    return page.ancestorIds.includes(this.#rootId);
  }

  /** Records a page the build created or updated (`source`: the site page it now holds). */
  remember(page: RemotePage, source?: string): void {
    this.#byTitle.set(page.title.toLowerCase(), page);
    if (source) this.#bySource.set(source, page);
  }

  /** The attachments of a page: from the bulk listing when complete, else listed once. */
  attachments(page: RemotePage): Promise<RemoteAttachment[]> {
    if (page.attachments) return Promise.resolve([...page.attachments]);
    let pending = this.#attachments.get(page.id);
    if (!pending) {
      pending = this.#api.listAttachments(page.id);
      this.#attachments.set(page.id, pending);
    }
    return pending;
  }
}
