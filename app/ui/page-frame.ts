/**
 * What every page shows around its content: who is signed in, where to return after signing in,
 * the session's form token for its forms, and the notice of the action that led here
 * (redirect-after-post carries a fixed key, `?done=saved`, never free text).
 */
import type { Context } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SessionUser } from '../auth/index.ts';
import type { FormTokens } from './csrf-token.ts';
import { returnPath } from './page-paths.ts';

/** The frame of one page. */
export interface PageFrame {
  readonly user: SessionUser | null;
  /** The local path (with query) to come back to after signing in. */
  readonly here: string;
  /** The session's form token; `undefined` without a session (no forms are offered then). */
  readonly formToken: string | undefined;
  /** The user's mark for document forms (see `FORM_USER_FIELD`); `undefined` without a user. */
  readonly formUserMark: string | undefined;
  /** The message of the action that led here. */
  readonly notice: string | undefined;
  /**
   * The site-wide links the policies let the user open (start page, groups, trash); absent: all of
   * them (a page that opened at all was permitted by the same rules). Failure pages ask.
   */
  readonly links?: SiteLinks;
}

/** Which site-wide links a page offers. */
export interface SiteLinks {
  readonly home: boolean;
  readonly groups: boolean;
  readonly trash: boolean;
}

/** The notices of redirect-after-post, by key. */
export const NOTICES = {
  created: 'Document created.',
  saved: 'Changes saved.',
  restored: 'The old version is current again (saved as a new version).',
  deleted: 'Document moved to the trash. You can restore it from the trash for 30 days.',
  'trash-restored': 'Document restored from the trash.',
  'trash-purged': 'Document deleted for good.',
  shared: 'Document shared.',
  'share-changed': 'Access changed.',
  'share-revoked': 'Access removed.',
  // Stored, but the directory was unreachable: decisions follow once the relay delivers it.
  'share-pending':
    'Document shared — pending: it takes effect once the authorization directory is reachable again.',
  'share-changed-pending':
    'Access changed — pending: it takes effect once the authorization directory is reachable again.',
  'share-revoked-pending':
    'Access removed — pending: the user keeps access until the authorization directory is reachable again.',
  invited: 'Invitation saved: they get access when they first sign in.',
  'invite-withdrawn': 'Invitation withdrawn.',
  'share-left': 'You left the share; the document is no longer shared with you.',
  'folder-created': 'Folder created.',
  'folder-saved': 'Folder saved.',
  'folder-deleted': 'Folder deleted.',
  'group-created': 'Group created.',
  'group-deleted': 'Group deleted; the shares it held are gone.',
  'member-added': 'Member added.',
  'member-removed': 'Member removed; what the group gave them has ended.',
  'folder-shared': 'Folder shared, with everything inside it.',
  'grant-removed': 'Access removed.',
  'file-uploaded': 'File uploaded.',
  'file-deleted': 'File deleted.',
  'document-given': 'Document given to its new owner. You keep only what other shares give you.',
  'folder-given':
    'Folder given to its new owner, with everything of yours inside it. You keep only what other shares give you.',
} as const;

/**
 * Said after the notice when the redirect carries `pending=1`: the action's permission change is
 * stored but not yet effective (see `app/http/pending-writes.ts`).
 */
export const PENDING_NOTE =
  'Pending: who may see or change it follows once the authorization directory is reachable again.';

/** A notice key for {@link NOTICES}. */
export type NoticeKey = keyof typeof NOTICES;

/** `path` with `?done=<key>`, for the redirect after a successful form. */
export function withNotice(path: string, key: NoticeKey): string {
  return `${path}?done=${key}`;
}

/**
 * The frame of the request `c`.
 *
 * @example
 * const frame = pageFrame(c, tokens);
 */
export function pageFrame(c: Context, tokens: FormTokens): PageFrame {
  const url = new URL(c.req.url);
  const session = c.get('session') as { tokenHash: string } | null | undefined;
  const done = url.searchParams.get('done');
  const user = (c.get('user') as SessionUser | null | undefined) ?? null;
  return {
    user,
    here: returnPath(c.req.method, url.pathname, url.search),
    formToken: session ? tokens.tokenFor(session.tokenHash) : undefined,
    formUserMark: user ? tokens.userMarkFor(user.sub) : undefined,
    notice:
      done !== null && Object.hasOwn(NOTICES, done)
        ? `${NOTICES[done as NoticeKey]}${url.searchParams.get('pending') === '1' ? ` ${PENDING_NOTE}` : ''}`
        : undefined,
  };
}

/**
 * Answers with the page as an HTML document.
 *
 * @param status default 200
 */
export async function renderPage(
  c: Context,
  page: HtmlEscapedString | Promise<HtmlEscapedString>,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  return c.html(`<!doctype html>\n${await page}`, status);
}
