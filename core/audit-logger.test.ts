import { describe, expect, it } from 'vitest';
import { AuditLogger, jsonLinesAuditSink } from './audit-logger.ts';
import type { AuditRecord } from './ports/audit-sink.ts';

const record: AuditRecord = {
  time: '2026-01-01T00:00:00.000Z',
  identityType: 'IDENTITY_TYPE_SUB',
  identityValue: 'alice',
  policyPath: 'webapp.GET.api.documents',
  decision: 'allowed',
  outcome: 'allow',
  source: 'service',
  latencyMs: 1,
  method: 'GET',
  path: '/api/documents',
};

describe('AuditLogger', () => {
  it('writes each record as one JSON line, identical records included', () => {
    const lines: string[] = [];
    const logger = new AuditLogger({ sink: jsonLinesAuditSink({ stream: { write: (s) => lines.push(s) } }) });
    for (let i = 0; i < 10; i++) logger.log(record);
    expect(lines).toHaveLength(10);
    for (const line of lines) {
      expect(line.endsWith('\n')).toBe(true);
      expect(JSON.parse(line)).toEqual(record);
    }
  });

  it('sends records to a custom sink', () => {
    const records: AuditRecord[] = [];
    new AuditLogger({ sink: { write: (r) => records.push(r) } }).log(record);
    expect(records).toEqual([record]);
  });

  it('rejects a sink without write()', () => {
    expect(() => new AuditLogger({ sink: {} as never })).toThrow(/auditLogger\.sink/);
  });
});
