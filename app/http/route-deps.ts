/**
 * What the route modules are registered with.
 */

import type { HonoAuthzConfig } from '@gatehousejs/hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Access, Services } from '../services/index.ts';
import type { AppEnv } from './app-env.ts';
import { requestAccess } from './request-access.ts';

/** The application the routes are registered on. */
export type ApiApp = OpenAPIHono<AppEnv>;

/** Services, the authorization configuration and existence lookups for the 404 of guards. */
export interface RouteDeps {
  readonly services: Services;
  readonly authz: HonoAuthzConfig;
  readonly exists: {
    readonly document: (id: number) => Promise<boolean>;
    readonly folder: (id: number) => Promise<boolean>;
    /** Whether the document is in the trash. */
    readonly trashedDocument: (id: number) => Promise<boolean>;
  };
}

/** The access of the request's caller. */
export function accessOf(deps: RouteDeps, c: Context): Access {
  return requestAccess(c, deps.authz);
}
