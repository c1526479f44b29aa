/**
 * The logger port: where the core reports start-up warnings (an allowing fallback) and errors it
 * handled by denying (a policy defect, a failing fallback). The default writes through `console`,
 * available on every runtime (nothing is read from the environment).
 */

/** Receives the core's warnings and handled errors. */
export interface Logger {
  warn(message: string, details?: Readonly<Record<string, unknown>>): void;
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

const TAG = '[gatehouse]';

/** The default logger: `console.warn` and `console.error`, tagged `[gatehouse]`. */
export const consoleLogger: Logger = Object.freeze({
  warn: (message: string, details?: Readonly<Record<string, unknown>>) =>
    details ? console.warn(TAG, message, details) : console.warn(TAG, message),
  error: (message: string, details?: Readonly<Record<string, unknown>>) =>
    details ? console.error(TAG, message, details) : console.error(TAG, message),
});
