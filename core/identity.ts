/**
 * Identities as the decision service sees them (`input.identity`).
 */

/** How the identity value is to be read; Topaz's identity types. */
export type IdentityType =
  | 'IDENTITY_TYPE_NONE'
  | 'IDENTITY_TYPE_SUB'
  | 'IDENTITY_TYPE_JWT'
  | 'IDENTITY_TYPE_MANUAL';

/**
 * The caller of a request. `value` is present for every type except `IDENTITY_TYPE_NONE`.
 *
 * @example
 * const alice: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'alice-sub' };
 */
export interface Identity {
  readonly type: IdentityType;
  readonly value?: string;
}

/** The identity of a request without a user. */
export const ANONYMOUS: Identity = Object.freeze({ type: 'IDENTITY_TYPE_NONE' });
