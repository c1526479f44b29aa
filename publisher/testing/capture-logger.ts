/**
 * A consola instance that prints nothing and keeps every message, so tests can assert on
 * progress output without noise.
 */
import { type ConsolaInstance, createConsola } from 'consola';

/** A silent logger and the messages it received (`type: text`). */
export interface CapturedLogger {
  readonly logger: ConsolaInstance;
  readonly messages: string[];
}

/** Creates a capturing logger. */
export function captureLogger(): CapturedLogger {
  const messages: string[] = [];
  const logger = createConsola({
    level: 5,
    reporters: [{ log: (entry) => messages.push(`${entry.type}: ${entry.args.map(String).join(' ')}`) }],
  });
  return { logger, messages };
}
