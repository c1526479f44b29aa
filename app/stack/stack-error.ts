/**
 * The development stack's error: which service failed to start or stop, and what to do.
 */

/** Why a development service failed. */
export type StackErrorCode =
  | 'port_in_use'
  | 'start_failed'
  | 'data_dir_unusable'
  | 'stop_failed'
  /** No `topazd` given (TOPAZD) or on PATH. */
  | 'topaz_missing'
  /** `deploy/topaz/config.yaml` cannot be placed on this machine. */
  | 'topaz_config';

/** Raised by the development stack's services. */
export class StackError extends Error {
  override name = 'StackError';
  readonly code: StackErrorCode;

  constructor(code: StackErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
