/**
 * The command-line tool's error base. Every error `authz-tool` raises on purpose is an
 * {@link AuthzToolError} with a string `code`; commands print its one-line message and exit 2.
 */

/** Machine-readable reasons of {@link AuthzToolError}. */
export type AuthzToolErrorCode =
  /** An option is missing, unknown or has a bad value. */
  | 'usage'
  /** `--app`/`--config` names a module or export that cannot be loaded or is of the wrong kind. */
  | 'module_unloadable'
  /** The authz configuration (policy root, exclusions) is invalid. */
  | 'config_invalid'
  /** A file or directory cannot be read or written. */
  | 'file_access'
  /** An input, relations or objects file is not what the command expects. */
  | 'input_invalid'
  /** A policy path names no loaded policy. */
  | 'policy_not_found'
  /** An optional peer the command needs (the Fastify adapter, tsx) is not installed. */
  | 'dependency_missing';

/**
 * A failure the user can fix: the message names what failed and, where useful, what to do.
 *
 * @example
 * throw new AuthzToolError('usage', 'missing --app <module:export>');
 */
export class AuthzToolError extends Error {
  override name = 'AuthzToolError';
  /** Machine-readable reason, e.g. `module_unloadable`. */
  readonly code: AuthzToolErrorCode;

  constructor(code: AuthzToolErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
