/**
 * The Rego layer's error: every parse, compile and evaluation failure is a {@link RegoError}
 * carrying OPA's error code and, when known, the file, line and column it concerns.
 */

/**
 * Error codes, as OPA names them (plus `eval_limit_error` for Gatehouse's guard rails and
 * `invalid_options` for options of `compilePolicies` or `createStandardBuiltins` that are wrong).
 */
export type RegoErrorCode =
  | 'invalid_options'
  | 'rego_parse_error'
  | 'rego_compile_error'
  | 'rego_type_error'
  | 'rego_unsafe_var_error'
  | 'rego_recursion_error'
  | 'rego_unsupported_error'
  | 'eval_conflict_error'
  | 'eval_type_error'
  | 'eval_builtin_error'
  | 'eval_limit_error'
  | 'eval_internal_error';

/** A position in a policy source. */
export interface SourceLocation {
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column (in UTF-16 code units). */
  readonly column: number;
}

/**
 * A Rego failure. The message reads `file:line:column: code: detail` when the location is
 * known, else `code: detail`; {@link RegoError.detail} holds the bare description.
 *
 * @example
 * try { parseModule('package', 'a.rego') } catch (e) { if (e instanceof RegoError) console.log(e.code) }
 */
export class RegoError extends Error {
  override readonly name = 'RegoError';
  readonly code: RegoErrorCode;
  /** The description without location and code. */
  readonly detail: string;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(
    code: RegoErrorCode,
    detail: string,
    location?: SourceLocation | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      location
        ? `${location.file}:${location.line}:${location.column}: ${code}: ${detail}`
        : `${code}: ${detail}`,
      options,
    );
    this.code = code;
    this.detail = detail;
    this.file = location?.file;
    this.line = location?.line;
    this.column = location?.column;
  }

  /** The error in OPA's own format, `file:line: code: detail` (no column), as OPA's tools print it. */
  opaMessage(): string {
    return this.file === undefined
      ? `${this.code}: ${this.detail}`
      : `${this.file}:${this.line}: ${this.code}: ${this.detail}`;
  }
}

/** Whether `e` is the JavaScript engine's stack overflow. */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}
