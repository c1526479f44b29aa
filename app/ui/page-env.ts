/**
 * The Hono environment pages run in: the session's user and record (sign-in module) and what the
 * authorization adapter leaves on the context.
 */
import type { AuthzVariables } from '../../adapters/hono/index.ts';
import type { AuthVariables } from '../auth/index.ts';

/** The pages' Hono environment (the application's, seen from the pages). */
export type PageEnv = { Variables: AuthVariables & AuthzVariables };
