/**
 * Whose is a page's current version: the publisher's own versions carry its version message; a
 * first version without one is the publisher's when the page holds its identity property (REST v2
 * cannot set a message on create). Anything else was written in the wiki by a person (or another
 * tool) and is not overwritten unless the build is told to.
 */
import { type RemotePage, type StoredIdentity, VERSION_MESSAGE, type WikiApi } from '../wiki/index.ts';

/** The identity property of a page: from the listing, else read (once per call site). */
export async function identityOf(page: RemotePage, api: WikiApi): Promise<StoredIdentity | null> {
  return page.identity !== undefined ? page.identity : api.readIdentity(page.id);
}

/**
 * Whether wiki-publish wrote the page's current version.
 *
 * @returns the answer and the identity read on the way (so the caller need not read it again)
 */
export async function writtenByPublisher(
  page: RemotePage,
  api: WikiApi,
): Promise<{ readonly ours: boolean; readonly identity?: StoredIdentity | null }> {
  if (page.versionMessage?.includes(VERSION_MESSAGE)) return { ours: true };
  if (page.version !== 1) return { ours: false };
  const identity = await identityOf(page, api);
  return { ours: identity !== null, identity };
}
