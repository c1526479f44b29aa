/**
 * The emulated wiki's data and rules: spaces with home pages, pages with versions, parents and
 * titles unique per space, attachments with comments, data and versions. Writes follow Confluence's
 * rules (version must be current + 1, no duplicate titles or file names, parent must exist) and
 * bodies are checked for well-formed XHTML and rewritten as Confluence stores them.
 */
import { XMLValidator } from 'fast-xml-parser';
import { EmulatorError } from './emulator-error.ts';
import { nextPosition } from './page-order.ts';
import { rewriteOnSave } from './storage-rewrite.ts';

/** A space. */
export interface EmulatedSpace {
  /** REST v2's numeric space id. */
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly homepageId: string;
}

/** A page and its current version. */
export interface EmulatedPage {
  readonly id: string;
  readonly spaceKey: string;
  title: string;
  parentId: string | undefined;
  /** Place among its siblings (Confluence's `extensions.position`): children are listed by it. */
  position: number;
  body: string;
  version: number;
  minorEdit: boolean;
  /** The current version's message ('' when none was given, as in the editor). */
  versionMessage: string;
  /** Content properties by key. */
  readonly properties: Map<string, EmulatedProperty>;
  /** Request number from which title search, CQL and REST v2 lists find the page (Cloud's index lag). */
  searchableFrom: number;
  /** Request number from which GET by id and creating children work (eventual consistency). */
  visibleFrom: number;
  restricted: boolean;
  labels: string[];
}

/** A content property. */
export interface EmulatedProperty {
  readonly id: string;
  readonly key: string;
  value: unknown;
  version: number;
}

/** An attachment and its current version. */
export interface EmulatedAttachment {
  readonly id: string;
  readonly pageId: string;
  readonly title: string;
  mediaType: string;
  comment: string;
  data: Buffer;
  version: number;
}

/** A page write as the REST body gives it. */
export interface PageInput {
  readonly title: string;
  readonly spaceKey: string;
  readonly parentId?: string;
  readonly body: string;
}

/** The emulated wiki's contents. */
export class EmulatorState {
  readonly spaces = new Map<string, EmulatedSpace>();
  readonly pages = new Map<string, EmulatedPage>();
  /** Pages deleted (in the trash) or archived, by id. */
  readonly removed = new Map<string, { readonly page: EmulatedPage; readonly how: 'trash' | 'archive' }>();
  readonly attachments = new Map<string, EmulatedAttachment>();
  /** Requests served so far (drives visibility lag). */
  requestCount = 0;
  /** Requests a new page stays invisible to GET by id and to child creation. */
  visibilityLag = 0;
  /** Requests a new page stays out of title search, CQL and REST v2 lists. */
  searchLag = 0;
  #nextId = 1000;

  nextId(): number {
    return this.#nextId++;
  }

  addSpace(key: string, name: string): EmulatedSpace {
    const home = this.#insertPage({ title: `${name} Home`, spaceKey: key, body: '<p>Home</p>' }, 0);
    const space = { id: String(this.nextId()), key, name, homepageId: home.id };
    this.spaces.set(key, space);
    return space;
  }

  space(key: string): EmulatedSpace {
    const space = this.spaces.get(key);
    if (!space) throw new EmulatorError(404, `No space with key : ${key}`);
    return space;
  }

  page(id: string, forRead = true): EmulatedPage {
    const page = this.pages.get(id);
    if (!page || (forRead && page.visibleFrom > this.requestCount)) {
      throw new EmulatorError(404, `No content found with id : ContentId{id=${id}}`);
    }
    return page;
  }

  /** Ancestors root first. */
  ancestors(page: EmulatedPage): EmulatedPage[] {
    const chain: EmulatedPage[] = [];
    for (let id = page.parentId; id; id = this.pages.get(id)?.parentId) {
      const ancestor = this.pages.get(id);
      if (!ancestor) break;
      chain.unshift(ancestor);
    }
    return chain;
  }

  byTitle(spaceKey: string, title: string): EmulatedPage | undefined {
    return [...this.pages.values()].find(
      (page) => page.spaceKey === spaceKey && page.title.toLowerCase() === title.toLowerCase(),
    );
  }

  /** Whether searches and lists find the page yet (new pages lag behind, as Cloud's index does). */
  searchable(page: EmulatedPage): boolean {
    return page.searchableFrom <= this.requestCount;
  }

  /** The space with this v2 id. */
  spaceById(id: string): EmulatedSpace {
    const space = [...this.spaces.values()].find((candidate) => candidate.id === id);
    if (!space) throw new EmulatorError(404, `No space with id : ${id}`);
    return space;
  }

  /** Creates a page; `lag` is how many requests it stays invisible (default the configured lag). */
  createPage(input: PageInput, lag = this.visibilityLag, searchLag = this.searchLag): EmulatedPage {
    this.space(input.spaceKey);
    if (this.byTitle(input.spaceKey, input.title)) {
      throw new EmulatorError(
        400,
        `A page with this title already exists: A page already exists with the same TITLE in this space`,
      );
    }
    if (input.parentId) {
      const parent = this.pages.get(input.parentId);
      if (!parent || parent.visibleFrom > this.requestCount || parent.spaceKey !== input.spaceKey) {
        throw new EmulatorError(
          400,
          `Can't add a page with a parent page that does not exist: ${input.parentId}`,
        );
      }
    }
    return this.#insertPage(input, this.requestCount + lag, this.requestCount + searchLag);
  }

  updatePage(id: string, input: PageInput, version: number, minorEdit: boolean, message = ''): EmulatedPage {
    const page = this.page(id, false);
    if (page.restricted) throw new EmulatorError(403, `Not permitted to edit content with id ${id}`);
    if (version !== page.version + 1) {
      throw new EmulatorError(
        409,
        `Version must be incremented on update. Current version is: ${page.version}`,
      );
    }
    const other = this.byTitle(page.spaceKey, input.title);
    if (other && other.id !== id)
      throw new EmulatorError(400, `A page with this title already exists: ${input.title}`);
    if (input.parentId && !this.pages.has(input.parentId)) {
      throw new EmulatorError(400, `Can't move a page below a parent that does not exist: ${input.parentId}`);
    }
    page.title = input.title;
    if (input.parentId && input.parentId !== page.parentId) {
      page.position = nextPosition(this, input.parentId);
      page.parentId = input.parentId;
    }
    page.body = this.#stored(input.body);
    page.version = version;
    page.minorEdit = minorEdit;
    page.versionMessage = message;
    return page;
  }

  addAttachment(
    pageId: string,
    title: string,
    mediaType: string,
    comment: string,
    data: Buffer,
  ): EmulatedAttachment {
    this.page(pageId, false);
    if (this.attachmentsOf(pageId).some((attachment) => attachment.title === title)) {
      throw new EmulatorError(
        400,
        `Cannot add a new attachment with same file name as an existing attachment: ${title}`,
      );
    }
    const attachment = { id: `att${this.nextId()}`, pageId, title, mediaType, comment, data, version: 1 };
    this.attachments.set(attachment.id, attachment);
    return attachment;
  }

  updateAttachmentData(
    pageId: string,
    attachmentId: string,
    comment: string,
    data: Buffer,
  ): EmulatedAttachment {
    const attachment = this.attachments.get(attachmentId);
    if (!attachment || attachment.pageId !== pageId)
      throw new EmulatorError(404, `No attachment ${attachmentId} on ${pageId}`);
    attachment.data = data;
    attachment.comment = comment;
    attachment.version += 1;
    return attachment;
  }

  attachmentsOf(pageId: string): EmulatedAttachment[] {
    return [...this.attachments.values()].filter((attachment) => attachment.pageId === pageId);
  }

  #stored(body: string): string {
    const wrapped = `<root xmlns:ac="http://atlassian.com/content" xmlns:ri="http://atlassian.com/resource/identifier">${body}</root>`;
    const valid = XMLValidator.validate(wrapped);
    if (valid !== true)
      throw new EmulatorError(400, `Error parsing xhtml: ${valid.err.msg} at line ${valid.err.line}`);
    return rewriteOnSave(body, () => this.nextId());
  }

  #insertPage(input: PageInput, visibleFrom: number, searchableFrom = visibleFrom): EmulatedPage {
    const page: EmulatedPage = {
      id: String(this.nextId()),
      spaceKey: input.spaceKey,
      title: input.title,
      parentId: input.parentId,
      position: nextPosition(this, input.parentId),
      body: this.#stored(input.body),
      version: 1,
      minorEdit: false,
      versionMessage: '',
      properties: new Map(),
      searchableFrom,
      visibleFrom,
      restricted: false,
      labels: [],
    };
    this.pages.set(page.id, page);
    return page;
  }

  /** Creates or updates a content property; `version` (for an update) must be current + 1. */
  setProperty(pageId: string, key: string, value: unknown, version?: number): EmulatedProperty {
    const page = this.page(pageId, false);
    const current = page.properties.get(key);
    if (version === undefined) {
      if (current) throw new EmulatorError(409, `A property with key ${key} already exists on ${pageId}`);
      const created = { id: String(this.nextId()), key, value, version: 1 };
      page.properties.set(key, created);
      return created;
    }
    if (!current) throw new EmulatorError(404, `No property ${key} on ${pageId}`);
    if (version !== current.version + 1)
      throw new EmulatorError(
        409,
        `Version must be incremented on update. Current version is: ${current.version}`,
      );
    current.value = value;
    current.version = version;
    return current;
  }

  /** Deletes (to the trash) or archives a page; its children move up to its parent, as in Confluence. */
  removePage(id: string, how: 'trash' | 'archive'): void {
    const page = this.page(id);
    for (const child of this.pages.values()) if (child.parentId === page.id) child.parentId = page.parentId;
    this.pages.delete(page.id);
    this.removed.set(page.id, { page, how });
  }
}
