/**
 * The Hono environment of the application: the session's user (sign-in module), what the
 * authorization adapter leaves on the context, and what one request learns on its way (its
 * caller's access, the location lookup, how its write fared).
 */
import type { AuthzVariables } from '@gatehousejs/hono';
import type { AuthVariables } from '../auth/index.ts';
import type { UserLocation } from '../location/index.ts';
import type { Access } from '../services/index.ts';

/** What one request keeps for itself. */
export interface RequestVariables {
  /** The caller as the services see it, built on first use ({@link requestAccess}). */
  access?: Access;
  /** The caller's location, looked up once per request. */
  locationLookup?: Promise<UserLocation>;
  /** The request's permission change committed but is not yet effective: its answer says so. */
  pendingChange?: true;
  /** The directory position at which the request's write took effect (read-your-writes). */
  effectivePosition?: number;
}

/** Context variables of every request. */
export type AppVariables = AuthVariables & AuthzVariables & RequestVariables;

/** The application's Hono environment. */
export type AppEnv = { Variables: AppVariables };
