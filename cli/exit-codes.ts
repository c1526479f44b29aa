/**
 * Exit codes of `authz-tool`, one per class of outcome, so that CI scripts can tell "the policies
 * and the routes differ" from "the command could not run".
 */

/** The process exit codes of `authz-tool`. */
export const EXIT_CODES = Object.freeze({
  /** The command did what was asked and found nothing to report. */
  ok: 0,
  /**
   * A finding: routes and policies differ (`policy-diff`), a test failed (`test`), the manifest is
   * invalid (`check-manifest`), the decision is not `true` (`eval --fail`).
   */
  finding: 1,
  /**
   * The command could not run: a usage error (unknown or missing option, bad value), a wrong
   * `--app`/`--config` reference, an unreadable file, a policy that does not parse or compile.
   */
  usage: 2,
  /** An unexpected internal error (a defect: please report it with the stack trace printed). */
  internal: 3,
});

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
