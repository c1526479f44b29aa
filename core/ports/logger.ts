/**
 * The logger port: where the core reports start-up warnings (an allowing fallback) and errors it
 * handled by denying (a policy defect, a failing fallback). The default writes through consola.
 */
import { consola } from 'consola';

/** Receives the core's warnings and handled errors. */
export interface Logger {
  warn(message: string, details?: Readonly<Record<string, unknown>>): void;
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

const tagged = consola.withTag('gatehouse');

/** The default logger: consola, tag `gatehouse`. */
export const consolaLogger: Logger = Object.freeze({
  warn: (message: string, details?: Readonly<Record<string, unknown>>) =>
    details ? tagged.warn(message, details) : tagged.warn(message),
  error: (message: string, details?: Readonly<Record<string, unknown>>) =>
    details ? tagged.error(message, details) : tagged.error(message),
});
