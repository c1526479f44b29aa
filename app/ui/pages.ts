/**
 * The server-rendered pages assembled: middleware for security headers and form protection,
 * the page routes, and the failure pages — sharing one set of form tokens.
 */

import type { HonoAuthzConfig } from '@gatehousejs/hono';
import type { Context, MiddlewareHandler } from 'hono';
import type { Access, Services } from '../services/index.ts';
import { registerAssets } from './assets.ts';
import { createFormTokens } from './csrf-token.ts';
import { type FailureAnswer, renderFailure } from './failure-page.tsx';
import { protectForms } from './form-protection.ts';
import type { PageEnv } from './page-env.ts';
import { registerAccessPages } from './routes/access-routes.tsx';
import { registerDocumentPages } from './routes/document-routes.tsx';
import { registerFilePages } from './routes/file-routes.tsx';
import { registerFolderPages } from './routes/folder-routes.tsx';
import { registerFolderSharePages } from './routes/folder-share-routes.tsx';
import { registerGroupPages } from './routes/group-routes.tsx';
import { registerHistoryPages } from './routes/history-routes.tsx';
import { registerHomeRoutes } from './routes/home-routes.tsx';
import { registerOwnershipPages } from './routes/ownership-routes.tsx';
import type { PageApp } from './routes/page-route-deps.ts';
import { registerSearchPages } from './routes/search-routes.tsx';
import { registerSharePages } from './routes/share-routes.tsx';
import { registerSignOutRoutes } from './routes/sign-out-routes.tsx';
import { registerTrashPages } from './routes/trash-routes.tsx';
import { pageSecurityHeaders } from './security-headers.ts';

/** What the pages are built from. */
export interface PagesOptions {
  readonly services: Services;
  readonly authz: HonoAuthzConfig;
  /** The services' view of a request's caller (one per request). */
  readonly access: (c: Context) => Access;
  /** The session secret (≥ 32 bytes); the form tokens' key is derived from it. */
  readonly sessionSecret: string;
  /** The address browsers use (`APP_BASE_URL`): forms are accepted from its origin only. */
  readonly appBaseUrl: string;
}

/** The pages of the application. */
export interface Pages {
  /** Security headers of every page answer; mount on `*` before everything that may answer. */
  readonly headers: MiddlewareHandler;
  /** Form protection (origin, form token, size); mount on `*` before the authorization middleware. */
  readonly forms: MiddlewareHandler<PageEnv>;
  /** Registers the page routes; call after the authorization middleware is mounted. */
  register(app: PageApp): void;
  /** The page for a failure of a page request, given the status the application mapped it to. */
  renderFailure(c: Context, error: unknown, answer: FailureAnswer): Promise<Response>;
}

/**
 * Builds the pages.
 *
 * @example
 * const pages = createPages({ services, authz, access: (c) => requestAccess(c, authz), sessionSecret, appBaseUrl });
 * app.use('*', pages.headers);
 * app.use('*', pages.forms);
 * app.use('*', authzMiddleware(authz, { excludePaths }));
 * pages.register(app);
 */
export function createPages(options: PagesOptions): Pages {
  const tokens = createFormTokens(options.sessionSecret);
  const deps = { services: options.services, authz: options.authz, access: options.access, tokens };
  // Through the document service: a name is shown only to someone the policy lets read it.
  const readableName = (c: Context, id: number) =>
    options.services.documents.get(options.access(c), id).then(
      (document) => document.name,
      () => undefined,
    );
  return {
    headers: pageSecurityHeaders({ https: new URL(options.appBaseUrl).protocol === 'https:' }),
    forms: protectForms({ tokens, appOrigin: options.appBaseUrl }),
    register(app) {
      registerAssets(app);
      registerHomeRoutes(app, deps);
      registerDocumentPages(app, deps);
      registerFilePages(app, deps);
      registerSharePages(app, deps);
      registerFolderPages(app, deps);
      registerSignOutRoutes(app, deps);
      registerSearchPages(app, deps);
      registerHistoryPages(app, deps);
      registerTrashPages(app, deps);
      registerGroupPages(app, deps);
      registerAccessPages(app, deps);
      registerFolderSharePages(app, deps);
      registerOwnershipPages(app, deps);
    },
    renderFailure: (c, error, answer) =>
      renderFailure(c, { authz: options.authz, tokens, readableName }, error, answer),
  };
}
