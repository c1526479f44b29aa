/**
 * The mark that exempts a route's handler from an adapter's authorization middleware (and from
 * route scanning). Framework-agnostic: it is a property on the handler function itself.
 */
import { AuthzConfigError } from './errors.ts';

/**
 * A symbol of the global registry, so that every copy of the library agrees on it: an application
 * importing the adapter from `dist/` marks handlers that `authz-tool`, loading the sources, still
 * recognizes — and Hono and Fastify handlers carry the same mark.
 */
const SKIP_MARK: unique symbol = Symbol.for('gatehouse.skipMiddleware');

/** Whether `handler` carries the mark of {@link markSkipped}. */
export function hasSkipMark(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [SKIP_MARK]?: unknown })[SKIP_MARK] === true;
}

/**
 * Marks `handler` (returned as is) with the non-enumerable property
 * `Symbol.for('gatehouse.skipMiddleware')`; arity and enumerable properties are unchanged.
 *
 * @throws {AuthzConfigError} when the handler cannot take the mark (a frozen or sealed function)
 * @example
 * const health = markSkipped((c) => c.json({ status: 'ok' }));
 */
export function markSkipped<H extends (...args: never[]) => unknown>(handler: H): H {
  if (hasSkipMark(handler)) return handler;
  if (!Object.isExtensible(handler)) {
    throw new AuthzConfigError(
      'handler',
      'skipMiddleware cannot mark a frozen or sealed handler; pass a function it can mark',
    );
  }
  Object.defineProperty(handler, SKIP_MARK, { value: true });
  return handler;
}
