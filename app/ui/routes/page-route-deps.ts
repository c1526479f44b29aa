/**
 * What the page routes are registered with, and the two questions they ask besides the services:
 * the id in a page's path, and whether the policy would let the user open another page (to offer
 * a link to it only then).
 */

import { checkPolicy, policyPath } from '@gatehousejs/core';
import type { HonoAuthzConfig } from '@gatehousejs/hono';
import type { Context, Hono } from 'hono';
import type { Access, Services } from '../../services/index.ts';
import type { FormTokens } from '../csrf-token.ts';
import type { PageEnv } from '../page-env.ts';

/** The application the pages are registered on. */
export type PageApp = Hono<PageEnv>;

/** Dependencies of the page routes. */
export interface PageRouteDeps {
  readonly services: Services;
  readonly authz: HonoAuthzConfig;
  /** The services' view of the request's caller (one per request). */
  readonly access: (c: Context) => Access;
  readonly tokens: FormTokens;
}

/** The path pattern of a document id (`:id` of the document pages). */
export const DOCUMENT_ID = ':id{[1-9][0-9]*}';

/** The document id of the request (pages match digits only; the services refuse ids out of range). */
export function documentId(c: Context): number {
  return Number(c.req.param('id'));
}

/** The path pattern of a folder id (`:id` of the folder pages). */
export const FOLDER_ID = DOCUMENT_ID;

/** The folder id of the request (as {@link documentId}). */
export const folderId = documentId;

/**
 * Whether the policy of the page at `routePattern` would let the caller open it — the same
 * decision the authorization middleware makes there; `false` when it cannot be made.
 *
 * @example
 * const offer = await pageAllowed(c, deps.authz, 'GET', '/documents/new');
 */
export async function pageAllowed(
  c: Context,
  authz: HonoAuthzConfig,
  method: string,
  routePattern: string,
): Promise<boolean> {
  try {
    const path = policyPath(authz.policyPathRoot, method, routePattern);
    return (await checkPolicy(authz, c, path, { method: c.req.method, path: c.req.path })).allowed;
  } catch {
    return false;
  }
}
