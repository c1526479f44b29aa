import type { AuditRecord } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../db/index.ts';
import { createAccessLogSink, type SinkTimers } from './access-log-sink.ts';

const record = (objectId: string, outcome: AuditRecord['outcome'] = 'allow'): AuditRecord => ({
  time: '2026-11-28T10:00:00.000Z',
  identityType: 'IDENTITY_TYPE_SUB',
  identityValue: 'ann',
  policyPath: 'webapp.check',
  decision: 'can_read',
  objectType: 'document',
  objectId,
  relation: 'can_read',
  outcome,
  source: 'service',
  latencyMs: 1,
});

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: SinkTimers = {
    setTimeout: (callback) => {
      pending.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  };
  const fire = () => {
    const callbacks = [...pending.values()];
    pending.clear();
    for (const callback of callbacks) callback();
  };
  return {
    timers,
    fire,
    get count() {
      return pending.size;
    },
  };
}

describe('the access log sink', () => {
  it('writes decisions about documents in batches, off the caller', async () => {
    const batches: AccessLogEntry[][] = [];
    const clock = manualTimers();
    const sink = createAccessLogSink({
      store: { append: async (entries) => void batches.push([...entries]) },
      logger: { warn: () => {} },
      batchSize: 3,
      timers: clock.timers,
    });
    for (const id of ['1', '2', '3', '4']) sink.write(record(id));
    sink.write({ ...record('5'), objectType: 'folder' });
    expect(batches).toEqual([]);
    clock.fire();
    await sink.flush();
    expect(batches.map((b) => b.map((e) => e.documentId))).toEqual([[1, 2, 3], [4]]);
    expect(sink.stats).toEqual({ queued: 0, dropped: 0 });
  });

  it('writes the entries of a 1,000-document list in one statement by default', async () => {
    const batches: AccessLogEntry[][] = [];
    const clock = manualTimers();
    const sink = createAccessLogSink({
      store: { append: async (entries) => void batches.push([...entries]) },
      logger: { warn: () => {} },
      timers: clock.timers,
    });
    for (let i = 1; i <= 1001; i++) sink.write(record(String(i)));
    clock.fire();
    await sink.flush();
    expect(batches.map((b) => b.length)).toEqual([1000, 1]);
  });

  it('sets one timer for a list past a full batch, and writes every entry once it fires', async () => {
    const batches: AccessLogEntry[][] = [];
    let set = 0;
    const clock = manualTimers();
    const sink = createAccessLogSink({
      store: { append: async (entries) => void batches.push([...entries]) },
      logger: { warn: () => {} },
      batchSize: 10,
      timers: {
        setTimeout: (callback, ms) => {
          set++;
          return clock.timers.setTimeout(callback, ms);
        },
        clearTimeout: clock.timers.clearTimeout,
      },
    });
    for (let i = 1; i <= 1000; i++) sink.write(record(String(i)));
    // One timer for the interval, replaced once by the one for the full batch.
    expect(set).toBe(2);
    expect(clock.count).toBe(1);
    clock.fire();
    await sink.flush();
    expect(batches.flat().map((e) => e.documentId)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(batches.every((b) => b.length === 10)).toBe(true);
  });

  it('never throws or waits when the store fails, and writes the entries once it works again', async () => {
    const warnings: string[] = [];
    let broken = true;
    const written: number[] = [];
    const clock = manualTimers();
    const sink = createAccessLogSink({
      store: {
        append: async (entries) => {
          if (broken) throw new Error('relation "access_log" does not exist');
          written.push(...entries.map((e) => e.documentId));
        },
      },
      logger: { warn: (message) => warnings.push(message) },
      timers: clock.timers,
    });
    expect(() => sink.write(record('7', 'deny'))).not.toThrow();
    clock.fire();
    await sink.flush();
    await sink.flush();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/access log: writing 1 entries failed, retrying: .*does not exist/);
    expect(sink.stats.queued).toBe(1);
    // The failed attempt scheduled its retry.
    expect(clock.count).toBe(1);
    broken = false;
    clock.fire();
    await sink.flush();
    expect(written).toEqual([7]);
    expect(warnings.at(-1)).toBe('access log: writing works again');
  });

  it('keeps at most maxQueued entries while the store hangs, dropping the oldest with a warning', async () => {
    const warnings: string[] = [];
    const sink = createAccessLogSink({
      store: { append: () => new Promise<void>(() => {}) },
      logger: { warn: (message) => warnings.push(message) },
      maxQueued: 100,
      batchSize: 10,
      timers: manualTimers().timers,
    });
    void sink.flush();
    const started = performance.now();
    for (let i = 1; i <= 5000; i++) sink.write(record(String(i)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(sink.stats).toEqual({ queued: 100, dropped: 4900 });
    expect(warnings[0]).toMatch(/entries dropped so far/);
    expect(warnings.length).toBeLessThan(10);
  });
});
