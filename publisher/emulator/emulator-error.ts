/**
 * An error answer of the emulated Confluence, shaped like the real one
 * (`{ statusCode, data, message, reason }`).
 */

/** An HTTP error the emulator answers with. */
export class EmulatorError extends Error {
  override name = 'EmulatorError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }

  /** The JSON body Confluence sends with such an error. */
  body(): Record<string, unknown> {
    const reasons: Record<number, string> = {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      409: 'Conflict',
    };
    return {
      statusCode: this.status,
      data: { authorized: this.status !== 401, valid: false, errors: [], successful: false },
      message: this.message,
      reason: reasons[this.status] ?? 'Error',
    };
  }
}
