/**
 * Exit codes of `wiki-publish`, one per class of outcome, so that CI scripts can tell a bad
 * configuration from a wiki that refused the credentials or a build that finished with soft failures.
 */
import type { PublishErrorCode } from './errors.ts';

/** The process exit codes of `wiki-publish`. */
export const EXIT_CODES = Object.freeze({
  /** Everything published (or exported), or only soft failures and `allow_soft_failures` set. */
  ok: 0,
  /** Unexpected internal error (a bug: please report it). */
  internal: 1,
  /** Command-line usage error, missing or invalid setting, missing credentials, unreadable site. */
  configuration: 2,
  /** The wiki rejected the credentials (401) or denied access to the space (403). */
  authentication: 3,
  /** The space or the parent page does not exist (or is not visible to this user). */
  notFound: 4,
  /** The wiki could not be reached during configuration, or stopped answering during the upload. */
  unreachable: 5,
  /** The build completed, but some pages or attachments failed (soft failures), or `--strict` found content warnings. */
  softFailures: 6,
});

/** Exit code of a hard failure with the given error code. */
export function exitCodeOf(code: PublishErrorCode): number {
  switch (code) {
    case 'credentials_rejected':
    case 'permission_denied':
      return EXIT_CODES.authentication;
    case 'space_not_found':
    case 'parent_not_found':
      return EXIT_CODES.notFound;
    case 'wiki_unreachable':
    case 'wiki_error':
      return EXIT_CODES.unreachable;
    case 'config_invalid':
    case 'config_missing':
    case 'credentials_missing':
    case 'export_failed':
    case 'site_invalid':
      return EXIT_CODES.configuration;
  }
}
