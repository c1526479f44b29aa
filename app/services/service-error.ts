/**
 * The service layer's error: why an operation on documents, folders or shares was refused. The
 * HTTP layer maps the codes to status codes; a server-rendered UI can show the message.
 */
import type { Document } from '../db/index.ts';

/** Why an operation was refused. */
export type ServiceErrorCode =
  /** The operation needs a signed-in user (401). */
  | 'unauthenticated'
  /** The caller lacks a permission (403); `policyPath` names the policy that denied. */
  | 'forbidden'
  /** The document, folder, user or share does not exist (404); `field` names the reference. */
  | 'not_found'
  /** The input breaks a rule (400); `field` names it. */
  | 'invalid'
  /** The operation collides with existing data (409). */
  | 'conflict'
  /** An upload is larger than allowed (413). */
  | 'too_large'
  /** An upload's content is of a type that is not accepted (415). */
  | 'unsupported_type'
  /** A decision the operation needs could not be made: the decision service is unavailable (503). */
  | 'unavailable';

/** Raised by the services. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly code: ServiceErrorCode;
  /** The input field at fault, when there is one (`folder_id`, `email`, …). */
  readonly field: string | undefined;
  /** The policy that denied, for `forbidden`. */
  readonly policyPath: string | undefined;

  constructor(
    code: ServiceErrorCode,
    message: string,
    options: { cause?: unknown; field?: string; policyPath?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.policyPath = options.policyPath;
  }
}

/**
 * `conflict`: a change made from revision `expected` of a document that has moved on since; it
 * carries the document as it is now, for the caller to compare and merge.
 */
export class StaleRevisionError extends ServiceError {
  override name = 'StaleRevisionError';
  /** The document as it is now. */
  readonly current: Document;

  constructor(current: Document, expected: number) {
    super(
      'conflict',
      `The document changed since revision ${expected} (it is at revision ${current.revision}): compare and save again`,
      { field: 'revision' },
    );
    this.current = current;
  }
}

/** `not_found` for `what` (e.g. `Document`), naming the input `field` that referred to it. */
export function notFound(what: string, field?: string): ServiceError {
  return new ServiceError('not_found', `${what} not found`, { field });
}
