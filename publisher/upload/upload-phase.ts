/**
 * Phase 5 (MkDocs `on_post_build`): the wiki's pages below the parent read in bulk, then every
 * page created or updated parents first — siblings in parallel within the bound, a child of a newly
 * created parent waiting (bounded polling) until the parent is visible — each page's attachments
 * synced in parallel, and siblings put in nav order. One page or attachment failing is a soft
 * failure; rejected credentials stop the build.
 */
import type { ConvertedPage } from '../convert/index.ts';
import { PublishError } from '../errors.ts';
import { createTaskLimit, type TaskLimit } from '../parallel/index.ts';
import type { BuildJournal } from '../report/index.ts';
import type { PublishConfig } from '../settings/index.ts';
import {
  backoffDelay,
  hasStatus,
  type RemoteAttachment,
  type RemotePage,
  WikiRequestError,
  type WikiSession,
} from '../wiki/index.ts';
import { type AttachmentSyncContext, syncAttachment } from './attachment-sync.ts';
import { syncLabels } from './label-sync.ts';
import { removeOrphans } from './orphan-removal.ts';
import { type PageSyncContext, syncPage } from './page-sync.ts';
import { ParentReadiness } from './parent-readiness.ts';
import { RemoteSite } from './remote-site.ts';
import { orderSiblings, type SiblingGroup } from './sibling-order.ts';

/** What the upload phase needs. */
export interface UploadInput {
  readonly pages: readonly ConvertedPage[];
  readonly wiki: WikiSession;
  readonly config: PublishConfig;
  readonly journal: BuildJournal;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
}

/** What the upload phase found besides the journal's records. */
export interface UploadResult {
  /** Wiki pages below the parent that the site does not contain (left untouched). */
  readonly notInSite: readonly string[];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One run of the upload phase. */
class SiteUpload {
  readonly #input: UploadInput;
  readonly #remote: RemoteSite;
  readonly #limit: TaskLimit;
  readonly #parents: ParentReadiness;
  readonly #pageContext: PageSyncContext;
  readonly #attachmentContext: AttachmentSyncContext;
  readonly #ids = new Map<string, Promise<string | undefined>>();
  /** Per parent, the turn of the last sibling started: creates happen in nav order. */
  readonly #siblingTurns = new Map<string, Promise<void>>();
  readonly #attachmentTasks: Promise<void>[] = [];
  /** Pages created in this build, in creation order, and pages an update moved to a new parent. */
  readonly #created: string[] = [];
  readonly #reparented = new Set<string>();
  #hardError: unknown;
  /** The page whose publication started last (named when the build stops). */
  #lastStarted: string | undefined;
  /** Set once the wiki turned out to have no page-move endpoint (warned once). */
  #noMoveEndpoint = false;

  constructor(input: UploadInput) {
    const { wiki, config, journal } = input;
    this.#input = input;
    this.#remote = new RemoteSite(wiki.api, wiki.space, wiki.root.id, input.pages);
    this.#limit = createTaskLimit(config.concurrency);
    this.#parents = new ParentReadiness(wiki.api, {
      attempts: config.parentPollAttempts,
      intervalMs: config.parentPollInterval * 1000,
      sleep: input.sleep,
    });
    const policy = {
      retries: config.retries,
      baseDelayMs: config.retryBaseDelay * 1000,
      maxDelayMs: config.retryMaxDelay * 1000,
      maxRetryAfterMs: config.maxRetryAfter * 1000,
    };
    const backoff = (retry: number) => input.sleep(backoffDelay(retry, policy, input.random));
    this.#attachmentContext = { api: wiki.api, retries: config.retries, backoff };
    this.#pageContext = {
      ...this.#attachmentContext,
      remote: this.#remote,
      space: wiki.space,
      rootTitle: wiki.root.title,
      overwrite: config.overwrite,
      onComparisonFailure: (page, error) =>
        journal.fail({
          kind: 'comparison',
          page: page.title,
          message: `comparison failed, page updated: ${messageOf(error)}`,
        }),
    };
  }

  async run(): Promise<UploadResult> {
    try {
      return await this.#run();
    } catch (error) {
      throw this.#stopped(error);
    }
  }

  /** A wiki that is gone ends the build with where it stopped and that a re-run resumes. */
  #stopped(error: unknown): unknown {
    if (!(error instanceof WikiRequestError && error.gone)) return error;
    const total = this.#input.pages.length;
    const done = this.#input.journal.items.filter((item) => item.action !== 'failed').length;
    const at = this.#lastStarted ? ` at "${this.#lastStarted}"` : ' before the first page';
    return new PublishError(
      'wiki_unreachable',
      `the wiki stopped answering during the upload (${error.message}); stopped${at} with ${done} of ${total} pages done. Pages written are complete; run the build again to resume where it stopped`,
      { cause: error },
    );
  }

  async #run(): Promise<UploadResult> {
    if (!(await this.#remote.load()))
      this.#input.journal.warn({
        kind: 'site',
        message:
          'the wiki has no CQL search: pages are looked up by title one by one, and pages no longer in the site cannot be listed',
      });
    for (const page of this.#input.pages) this.#ids.set(page.key, this.#publish(page));
    await Promise.all(this.#ids.values());
    await Promise.all(this.#attachmentTasks);
    if (this.#hardError) throw this.#hardError;
    await this.#orderSiblings();
    const orphans = this.#remote.orphans();
    if (this.#hardError) throw this.#hardError;
    await removeOrphans(orphans, this.#input);
    return { notInSite: orphans.map((page) => page.title).sort() };
  }

  /** Puts every parent's children in nav order (moves only where the order differs). */
  async #orderSiblings(): Promise<void> {
    const groups = new Map<string, { wanted: string[]; reparented: boolean }>();
    for (const page of this.#input.pages) {
      const id = await this.#ids.get(page.key);
      const parentId = page.parentKey ? await this.#ids.get(page.parentKey) : this.#input.wiki.root.id;
      if (!id || !parentId) continue;
      const group = groups.get(parentId) ?? { wanted: [], reparented: false };
      group.wanted.push(id);
      group.reparented ||= this.#reparented.has(id);
      groups.set(parentId, group);
    }
    const context = {
      api: this.#input.wiki.api,
      remote: this.#remote,
      visible: (id: string) => this.#parents.ready(id),
    };
    const one = async ([parentId, group]: [string, { wanted: string[]; reparented: boolean }]) => {
      const created = this.#created.filter((id) => group.wanted.includes(id));
      const sibling: SiblingGroup = { parentId, created, ...group };
      if (this.#noMoveEndpoint) return;
      try {
        const moves = await this.#limit(() => orderSiblings(sibling, context));
        if (moves > 0)
          this.#input.journal.info(`moved ${moves} page(s) below page ${parentId} into nav order`);
      } catch (error) {
        if (this.#isHard(error)) return;
        if (hasStatus(error, 404, 405, 410, 501) && /\/move\//.test(error.path)) {
          if (!this.#noMoveEndpoint)
            this.#input.journal.warn({
              kind: 'site',
              message: `this wiki has no page-move endpoint (${error.method} ${error.path} answered ${error.status}; Confluence Data Center and Server have none): existing pages are not reordered to follow the nav; new pages are still created in nav order`,
            });
          this.#noMoveEndpoint = true;
          return;
        }
        this.#input.journal.fail({
          kind: 'page',
          message: `the pages below page ${parentId} were not put in nav order: ${messageOf(error)}`,
        });
      }
    };
    await Promise.all([...groups].map(one));
    if (this.#hardError) throw this.#hardError;
  }

  /** Rejected credentials and a wiki that is gone stop the build: remembered here, rethrown at the end. */
  #isHard(error: unknown): boolean {
    if (!hasStatus(error, 401) && !(error instanceof WikiRequestError && error.gone)) return false;
    this.#hardError ??= error;
    return true;
  }

  /**
   * Publishes one page. Siblings take turns for creates only: Confluence lists children in creation
   * order, so a new page waits until the siblings before it in the nav are done; updates run freely.
   */
  #publish(page: ConvertedPage): Promise<string | undefined> {
    const parentKey = page.parentKey ?? '';
    const earlier = this.#siblingTurns.get(parentKey) ?? Promise.resolve();
    let done = () => {};
    const turn = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.#siblingTurns.set(
      parentKey,
      earlier.then(() => turn),
    );
    return this.#publishAfter(page, earlier).finally(done);
  }

  async #publishAfter(page: ConvertedPage, earlierSiblings: Promise<void>): Promise<string | undefined> {
    const { journal } = this.#input;
    const source = page.sourcePath ?? null;
    const failed = (message: string) => {
      journal.page({ title: page.title, source, action: 'failed' });
      journal.fail({ kind: 'page', page: page.title, message });
      return undefined;
    };
    const parentId = page.parentKey ? await this.#ids.get(page.parentKey) : this.#input.wiki.root.id;
    if (this.#hardError) return undefined;
    if (!parentId) return failed('not published because its parent page failed');
    this.#lastStarted = page.title;
    try {
      if (!(await this.#limit(() => this.#parents.ready(parentId)))) {
        const checks = this.#input.config.parentPollAttempts;
        return failed(`its new parent page (id ${parentId}) did not become available after ${checks} checks`);
      }
      const existing = await this.#remote.find(page);
      if (!existing) await earlierSiblings;
      const result = await this.#limit(() => syncPage(page, parentId, this.#pageContext));
      if (result.action === 'created') {
        this.#parents.created(result.page.id);
        this.#created.push(result.page.id);
      } else if (existing && existing.ancestorIds[existing.ancestorIds.length - 1] !== parentId) {
        this.#reparented.add(result.page.id);
      }
      journal.page({ title: page.title, source, action: result.action, id: result.page.id });
      if (result.action === 'protected')
        journal.warn({
          kind: 'page',
          page: page.title,
          message: `kept as it is: its current version (${result.page.version}) was written in the wiki, not by wiki-publish; publish with --overwrite to replace it`,
        });
      await syncLabels(page, result.page, { api: this.#input.wiki.api, limit: this.#limit, journal });
      if (page.attachments.length > 0) this.#attachmentTasks.push(this.#syncAttachments(page, result.page));
      return result.page.id;
    } catch (error) {
      return this.#isHard(error) ? undefined : failed(messageOf(error));
    }
  }

  async #syncAttachments(page: ConvertedPage, remotePage: RemotePage): Promise<void> {
    const { journal } = this.#input;
    let listing: Promise<RemoteAttachment[]> | undefined;
    const existing = () => {
      listing ??= this.#remote.attachments(remotePage);
      return listing;
    };
    const one = async (attachment: ConvertedPage['attachments'][number]) => {
      if (this.#hardError) return;
      try {
        const action = await syncAttachment(
          remotePage.id,
          attachment,
          await existing(),
          this.#attachmentContext,
        );
        journal.attachment(action, page.title, attachment.name);
      } catch (error) {
        if (this.#isHard(error)) return;
        journal.attachment('failed', page.title, attachment.name);
        journal.fail({
          kind: 'attachment',
          page: page.title,
          message: `${attachment.name}: ${messageOf(error)}`,
        });
      }
    };
    await Promise.all(page.attachments.map((attachment) => this.#limit(() => one(attachment))));
  }
}

/** Runs the upload phase. */
export function uploadSite(input: UploadInput): Promise<UploadResult> {
  return new SiteUpload(input).run();
}
