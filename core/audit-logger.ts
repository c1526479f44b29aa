/**
 * The audit logger: one JSON record per authorization decision, written to an {@link AuditSink}
 * (by default JSON lines through `console.log`).
 */
import { type OptionInput, optionObject, predicate } from './option-schema.ts';
import { parseOptions } from './options.ts';
import type { AuditRecord, AuditSink } from './ports/audit-sink.ts';

/** A writable text stream (e.g. Node's `process.stdout` or a file stream). */
export interface LineStream {
  write(chunk: string): unknown;
}

/**
 * The default sink: each record as one JSON line (every record, identical ones included), written
 * to `stream`, or by `console.log` when none is given (stdout on Node, Deno and Bun; the log stream
 * on Cloudflare Workers).
 *
 * @param options - `stream` (default: `console.log`)
 * @example
 * new AuditLogger({ sink: jsonLinesAuditSink({ stream: { write: (line) => socket.send(line) } }) });
 */
export function jsonLinesAuditSink(options: { stream?: LineStream } = {}): AuditSink {
  const { stream } = options;
  if (!stream) return { write: (record) => console.log(JSON.stringify(record)) };
  return { write: (record) => stream.write(`${JSON.stringify(record)}\n`) };
}

const isSink = (value: unknown): value is AuditSink =>
  typeof value === 'object' && value !== null && typeof (value as AuditSink).write === 'function';

/** Options of {@link AuditLogger}; no parameter is required. */
export const AuditLoggerOptionsSchema = optionObject({
  /** Where records go (default {@link jsonLinesAuditSink} on stdout). */
  sink: predicate<AuditSink>(isSink, 'must be an AuditSink (an object with write())').optional(),
});
/** Options accepted by {@link AuditLogger}. */
export type AuditLoggerOptions = OptionInput<typeof AuditLoggerOptionsSchema>;

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
    this.#sink = parseOptions(AuditLoggerOptionsSchema, options, 'auditLogger').sink ?? jsonLinesAuditSink();
  }

  /** Writes `record` to the sink. */
  log(record: AuditRecord): void {
    this.#sink.write(record);
  }
}
