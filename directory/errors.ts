/**
 * Errors of the directory layer: one base class with a string `code`, and the manifest error
 * that lists every problem found in a manifest with its file, line and column.
 */

/** Machine-readable reasons of {@link DirectoryError}. */
export type DirectoryErrorCode =
  | 'manifest_invalid'
  | 'invalid_object'
  | 'invalid_relation'
  | 'invalid_query'
  | 'invalid_options'
  | 'store_closed'
  | 'not_loaded'
  | 'store_unavailable';

/** Base class of every error the directory throws. */
export class DirectoryError extends Error {
  override name = 'DirectoryError';
  readonly code: DirectoryErrorCode;

  constructor(code: DirectoryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** One problem in a manifest, located in its YAML source (1-based line and column). */
export interface ManifestIssue {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Formats an issue as `file:line:column: message`. */
function formatIssue(issue: ManifestIssue): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.message}`;
}

/**
 * A manifest that cannot be used. `issues` holds every problem found (sorted by position);
 * the message names each one as `file:line:column: message`.
 */
export class ManifestError extends DirectoryError {
  override name = 'ManifestError';
  readonly issues: readonly ManifestIssue[];

  constructor(issues: readonly ManifestIssue[], options?: { cause?: unknown }) {
    const sorted = [...issues].sort((a, b) => a.line - b.line || a.column - b.column);
    const file = sorted[0]?.file ?? 'manifest';
    const lines = sorted.map((issue) => `  ${formatIssue(issue)}`).join('\n');
    super('manifest_invalid', `invalid directory manifest ${file}:\n${lines}`, options);
    this.issues = sorted;
  }
}
