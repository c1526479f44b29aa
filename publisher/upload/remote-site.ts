/**
 * The wiki's side of the site, cached for the build: every page below the parent page read in
 * bulk once (bodies and attachments included), pages created or updated by the build remembered,
 * attachment lists fetched at most once per page when the bulk listing did not include them all.
 */

import type { ConfluenceClient, RemoteAttachment, RemotePage } from '../wiki/index.ts';

/** The cached view of the pages below the site's parent page. */
export class RemoteSite {
  readonly #client: ConfluenceClient;
  readonly #space: string;
  readonly #rootId: string;
  readonly #byTitle = new Map<string, RemotePage>();
  readonly #attachments = new Map<string, Promise<RemoteAttachment[]>>();
  #listed: RemotePage[] = [];

  constructor(client: ConfluenceClient, space: string, rootId: string) {
    this.#client = client;
    this.#space = space;
    this.#rootId = rootId;
  }

  /** Reads every page below the parent page (a few calls, however many pages). */
  async load(): Promise<void> {
    this.#listed = await this.#client.listDescendants(this.#rootId);
    for (const page of this.#listed) this.#byTitle.set(page.title.toLowerCase(), page);
  }

  /** Titles of the pages below the parent page that are not in `titles`. */
  notIn(titles: ReadonlySet<string>): string[] {
    const wanted = new Set([...titles].map((title) => title.toLowerCase()));
    return this.#listed
      .map((page) => page.title)
      .filter((title) => !wanted.has(title.toLowerCase()))
      .sort();
  }

  /** The page with this title among those below the parent page (from the bulk listing or this build). */
  known(title: string): RemotePage | undefined {
    return this.#byTitle.get(title.toLowerCase());
  }

  /** A title search in the whole space (after a create that was refused or whose outcome is unknown). */
  async refresh(title: string): Promise<RemotePage | undefined> {
    const page = await this.#client.findPage(this.#space, title);
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
      pending = this.#client.listAttachments(page.id);
      this.#attachments.set(page.id, pending);
    }
    return pending;
  }
}
