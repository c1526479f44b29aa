/**
 * The OPA releases whose language and built-ins the engine offers. OPA's behaviour changes
 * between releases (new syntax such as `and`/`or`, new built-ins, stricter semver, other error
 * wording); a policy set is compiled for one of them.
 */

/** OPA releases the engine follows, oldest first. */
export const OPA_VERSIONS = ['v1.15.2', 'v1.22.2'] as const;

/** An OPA release the engine follows. */
export type OpaVersion = (typeof OPA_VERSIONS)[number];

/** The default: the OPA that Topaz 0.33.16 embeds. */
export const DEFAULT_OPA_VERSION: OpaVersion = 'v1.15.2';

/**
 * Whether `version` is `since` or a later release (features added in `since` are on).
 * @example opaAtLeast('v1.22.2', 'v1.22.2'); // true
 */
export function opaAtLeast(version: OpaVersion, since: OpaVersion): boolean {
  return OPA_VERSIONS.indexOf(version) >= OPA_VERSIONS.indexOf(since);
}
