/**
 * The identity a trusted header names, for the adapters' `identityFromHeader`.
 */
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
