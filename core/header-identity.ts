/**
 * The identity a trusted header names, and the key the header is read under, for the adapters'
 * `identityFromHeader`.
 */
import { AuthzConfigError } from './errors.ts';
import { ANONYMOUS, type Identity } from './identity.ts';

/**
 * `IDENTITY_TYPE_SUB` with the header's value trimmed, `IDENTITY_TYPE_NONE` when it is absent or
 * blank. A value with a printable ASCII character at each end — nearly every one — is taken as
 * it is: `trim()` is a call of a builtin on every request, and removes only characters below
 * `!` or above `~`.
 *
 * @example
 * headerIdentity(' alice '); // { type: 'IDENTITY_TYPE_SUB', value: 'alice' }
 * headerIdentity(undefined); // ANONYMOUS
 */
export function headerIdentity(header: string | undefined): Identity {
  if (header === undefined) return ANONYMOUS;
  const first = header.charCodeAt(0);
  const last = header.charCodeAt(header.length - 1);
  const value = first > 32 && first < 127 && last > 32 && last < 127 ? header : header.trim();
  return value === '' ? ANONYMOUS : { type: 'IDENTITY_TYPE_SUB', value };
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The key a header is found under in a parsed headers object (Node's `incoming.headers`,
 * Fastify's `request.headers`): `name` in lower case, taken back from an object's own keys. A
 * lower-cased string is a copy, and V8 reads a property by a copy of its name through an extra
 * step on every read (about 28 instructions); the key taken back is the name V8 holds.
 *
 * @throws {AuthzConfigError} naming `name` when it is not an HTTP header name
 * @example
 * headerKey('X-User-ID'); // 'x-user-id'
 */
export function headerKey(name: unknown): string {
  if (typeof name !== 'string' || !HEADER_NAME.test(name)) {
    throw new AuthzConfigError('name', `"${String(name)}" is not an HTTP header name`);
  }
  return Object.keys({ [name.toLowerCase()]: true })[0]!;
}
