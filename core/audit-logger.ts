/**
 * The audit logger: one JSON record per authorization decision, written to an {@link AuditSink}
 * (by default JSON lines on stdout through consola, throttling off so no record is folded).
 */
import { createConsola, LogLevels } from 'consola';
import { z } from 'zod';
import { parseOptions } from './options.ts';
import type { AuditRecord, AuditSink } from './ports/audit-sink.ts';

/** A writable text stream (`process.stdout`, a file stream). */
export interface LineStream {
  write(chunk: string): unknown;
}

/**
 * The default sink: each record as one JSON line, written through a consola instance whose
 * throttling (folding of repeated identical lines) is off unless `throttleMs` is given.
 *
 * @param options - `stream` (default `process.stdout`), `throttleMs` (default 0: off)
 */
export function consolaAuditSink(options: { stream?: LineStream; throttleMs?: number } = {}): AuditSink {
  const stream = options.stream ?? process.stdout;
  const logger = createConsola({
    // Explicit level: consola lowers its default under test and CI, and audit must never be muted.
    level: LogLevels.info,
    throttle: options.throttleMs ?? 0,
    reporters: [{ log: (entry) => stream.write(`${String(entry.args[0])}\n`) }],
  });
  return { write: (record) => logger.info(JSON.stringify(record)) };
}

const isSink = (value: unknown): value is AuditSink =>
  typeof value === 'object' && value !== null && typeof (value as AuditSink).write === 'function';

/** Options of {@link AuditLogger}; no parameter is required. */
export const AuditLoggerOptionsSchema = z.object({
  /** Where records go (default {@link consolaAuditSink} on stdout). */
  sink: z.custom<AuditSink>(isSink, { message: 'must be an AuditSink (an object with write())' }).optional(),
});
/** Options accepted by {@link AuditLogger}. */
export type AuditLoggerOptions = z.input<typeof AuditLoggerOptionsSchema>;

/**
 * Writes one structured record per decision.
 *
 * @example
 * const auditLogger = new AuditLogger(); // JSON lines on stdout
 * const records: AuditRecord[] = [];
 * const inMemory = new AuditLogger({ sink: { write: (r) => records.push(r) } });
 */
export class AuditLogger {
  readonly #sink: AuditSink;

  /** @param options - `sink` (default JSON lines on stdout) */
  constructor(options: AuditLoggerOptions = {}) {
    this.#sink = parseOptions(AuditLoggerOptionsSchema, options, 'auditLogger').sink ?? consolaAuditSink();
  }

  /** Writes `record` to the sink. */
  log(record: AuditRecord): void {
    this.#sink.write(record);
  }
}
