/**
 * The Hono environment of the application: the session's user (sign-in module) and what the
 * authorization adapter leaves on the context.
 */
import type { AuthzVariables } from '@gatehousejs/hono';
import type { AuthVariables } from '../auth/index.ts';

/** Context variables of every request. */
export type AppVariables = AuthVariables & AuthzVariables;

/** The application's Hono environment. */
export type AppEnv = { Variables: AppVariables };
