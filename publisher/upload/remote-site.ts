/**
 * The wiki's side of the site, cached for the build: every page below the parent page read in
 * bulk once (bodies and attachments included), pages created or updated by the build remembered,
 * attachment lists fetched at most once per page when the bulk listing did not include them all.
 * A Confluence without CQL search (the bulk listing answers 404, 400 or 501) is read with the
 * specification's own endpoint instead: one title lookup per page.
 */

import { hasStatus, type RemoteAttachment, type RemotePage, type WikiApi } from '../wiki/index.ts';

const SEARCH_UNAVAILABLE = [400, 404, 501];

/** The cached view of the pages below the site's parent page. */
export class RemoteSite {
  readonly #api: WikiApi;
  readonly #space: string;
  readonly #rootId: string;
  readonly #byTitle = new Map<string, RemotePage>();
  readonly #attachments = new Map<string, Promise<RemoteAttachment[]>>();
  #listed: RemotePage[] = [];
  #bulk = true;

  constructor(api: WikiApi, space: string, rootId: string) {
    this.#api = api;
    this.#space = space;
    this.#rootId = rootId;
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
    for (const page of this.#listed) this.#byTitle.set(page.title.toLowerCase(), page);
    return true;
  }

  /** The page with this title below the parent page, if any: from the bulk listing, else looked up. */
  async find(title: string): Promise<RemotePage | undefined> {
    const known = this.#byTitle.get(title.toLowerCase());
    if (known || this.#bulk) return known;
    const page = await this.#api.findPage(this.#space, title);
    if (!page || !this.isInside(page)) return undefined;
    this.remember(page);
    return page;
  }

  /**
   * The pages below the parent page whose titles are not in `titles` (none known without the
   * listing), deepest first, so that removing them in order never moves one page under another.
   */
  notIn(titles: ReadonlySet<string>): RemotePage[] {
    const wanted = new Set([...titles].map((title) => title.toLowerCase()));
    return this.#listed
      .filter((page) => !wanted.has(page.title.toLowerCase()))
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

  /** Records a page the build created or updated. */
  remember(page: RemotePage): void {
    this.#byTitle.set(page.title.toLowerCase(), page);
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
