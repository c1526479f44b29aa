/**
 * Saying when a permission change is accepted but not yet effective. Every write that changes
 * relations (documents and folders created, moved, published or deleted; shares granted, changed,
 * revoked or left) commits them to the directory outbox and waits for their delivery; when they
 * are not delivered (the directory is unreachable), the request is marked pending here, and the
 * answer says so: an API answer becomes `202` with `pending: true` in its JSON object (a `204`
 * becomes `202` with {@link PENDING_BODY}), and a form's redirect carries `pending=1`, which the
 * page shows beside its notice.
 */
import { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { jsonResponse } from './common-wire.ts';

/** Query parameter a form's redirect carries when its change is pending. */
export const PENDING_PARAM = 'pending';

/** The body of a `204` answer turned `202` because its change is pending. */
export const PENDING_BODY = {
  detail:
    'Accepted: the authorization directory is unreachable, the permission change takes effect once it is delivered',
  pending: true,
} as const;

/** The OpenAPI description of a `202` answer: the write's body with `pending: true` added. */
export const PENDING_DESCRIPTION =
  'Accepted, not yet in effect (`pending: true` added): stored while the authorization directory is unreachable; decisions follow once it is delivered';

const pendingChangeSchema = z
  .object({ detail: z.string(), pending: z.literal(true) })
  .openapi('PendingChange');

/** The OpenAPI answer `202` of a write answered `204` when effective ({@link PENDING_BODY}). */
export function pendingNoContentResponse() {
  return jsonResponse(
    pendingChangeSchema,
    'Accepted, not yet in effect: stored while the authorization directory is unreachable',
  );
}

/** Whether `status` answers a write that took effect (and so may become `202`). */
const isDone = (status: number) => status === 200 || status === 201 || status === 204;

/** Rewrites the answer of `c` to say that its change is pending. */
async function markAnswer(c: Context): Promise<void> {
  const answer = c.res;
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.get('location');
    // Only a form's redirect with a notice, to a page of this application; a share's own
    // pending notice already says so.
    if (location?.startsWith('/') && location.includes('done=') && !location.includes('-pending')) {
      answer.headers.set('location', `${location}&${PENDING_PARAM}=1`);
    }
    return;
  }
  if (!isDone(answer.status)) return;
  const type = answer.headers.get('content-type') ?? '';
  if (answer.status !== 204 && !type.includes('application/json')) return;
  // Hono copies the old answer's headers onto the new one (security headers, cache control).
  answer.headers.delete('content-length');
  if (answer.status === 204) {
    c.res = new Response(JSON.stringify(PENDING_BODY), {
      status: 202,
      headers: { 'content-type': 'application/json' },
    });
    return;
  }
  const body: unknown = await answer.json();
  const marked =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, pending: true } : body;
  c.res = new Response(JSON.stringify(marked), { status: 202, headers: { 'content-type': type } });
}

/**
 * Marks the permission change of request `c` pending: its answer will say so. Passed to the
 * services explicitly (the request's `Access.onPending`) rather than kept in async-local storage,
 * which would turn on promise hooks for every promise of the process.
 */
export function markPending(c: Context): void {
  c.set('pendingChange', true);
}

/**
 * Rewrites the answer of a request marked by {@link markPending}.
 *
 * @example
 * app.use('*', pendingWritesMiddleware);
 * // after a commit: if ((await relay.deliver(ids)) === 'pending') markPending(c);
 */
export const pendingWritesMiddleware: MiddlewareHandler = async function markPendingWrites(c, next) {
  await next();
  if (c.get('pendingChange') === true) await markAnswer(c);
};
