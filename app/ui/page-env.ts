/**
 * The Hono environment pages run in: the session's user and record (sign-in module) and what the
 * authorization adapter leaves on the context.
 */
import type { AuthzVariables } from '@gatehousejs/hono';
import type { AuthVariables } from '../auth/index.ts';

/** Set by the form protection: a same-site form of this user whose token is stale, to show again. */
export type StaleFormVariables = { staleForm?: boolean };

/** The pages' Hono environment (the application's, seen from the pages). */
export type PageEnv = { Variables: AuthVariables & AuthzVariables & StaleFormVariables };
