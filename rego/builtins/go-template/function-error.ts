/**
 * The failure of a template function, which the executor reports as `error calling NAME: …`.
 */

/** A function's failure, with Go's message. */
export class FunctionError extends Error {
  override readonly name = 'FunctionError';
}
