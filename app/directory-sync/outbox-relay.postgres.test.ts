/**
 * The outbox relay delivering: in order, holding back what follows a failed change of the same
 * object, one batch per read for a directory that applies batches (entry by entry after a failed
 * one), and sweeping on its interval with a probe while the directory fails.
 */
import type { DirectoryWrite, RelationDirectory } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import {
  batching,
  failingFor,
  owner,
  reader,
  recordingTimers,
  relayDatabase,
} from '../../test/support/outbox-relay-fixture.ts';
import { createRepositories } from '../db/index.ts';
import { createOutboxRelay } from './index.ts';

describe('the outbox relay', () => {
  const db = relayDatabase();

  it('delivers pending changes in order, marks them, and reports the count', async () => {
    const { sql, store, enqueue, owners } = db;
    const reported: number[] = [];
    const relay = createOutboxRelay({
      sql,
      directory: store,
      onDelivered: (n) => reported.push(n),
      batchSize: 2,
    });
    await enqueue([
      owner('1', 'ann'),
      reader('1', 'ben'),
      owner('2', 'ben'),
      { op: 'deleteObject', type: 'document', id: '2' },
    ]);
    expect(await relay.flush()).toEqual({ delivered: 4, failed: 0, held: 0, skipped: false });
    expect(await owners('1')).toEqual(['owner@ann', 'reader@ben']);
    expect(await owners('2')).toEqual([]);
    expect(await createRepositories(sql).directoryOutbox.countPending()).toBe(0);
    expect(reported).toEqual([4]);
    expect(await relay.flush()).toEqual({ delivered: 0, failed: 0, held: 0, skipped: false });
  });

  it('holds back later changes to an object whose change failed, and delivers the others', async () => {
    const { sql, store, enqueue, owners } = db;
    const failing = new Set(['document:1']);
    const relay = createOutboxRelay({ sql, directory: failingFor(store, failing) });
    await enqueue([owner('1', 'ann'), owner('2', 'ben'), reader('1', 'cy')]);
    expect(await relay.flush()).toEqual({ delivered: 1, failed: 1, held: 1, skipped: false });
    expect(await owners('2')).toEqual(['owner@ben']);
    const [first, second] = await createRepositories(sql).directoryOutbox.listPending();
    expect(first).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('directory down for document:1'),
    });
    expect(second).toMatchObject({ attempts: 0, lastError: null });
    failing.clear();
    expect(await relay.flush()).toMatchObject({ delivered: 2, failed: 0 });
    expect(await owners('1')).toEqual(['owner@ann', 'reader@cy']);
  });

  it('gives a directory that applies batches one batch per read, in order', async () => {
    const { sql, store, enqueue, owners } = db;
    const { batched, batches, singles } = batching(store, new Set());
    const relay = createOutboxRelay({ sql, directory: batched, batchSize: 3 });
    const revoke = (doc: string, user: string): DirectoryWrite => ({
      op: 'deleteRelation',
      relation: {
        objectType: 'document',
        objectId: doc,
        relation: 'reader',
        subjectType: 'user',
        subjectId: user,
      },
    });
    // Granted, revoked, granted again, revoked again: the last word is the revocation.
    await enqueue([owner('1', 'ann'), reader('1', 'ben'), revoke('1', 'ben'), reader('1', 'ben')]);
    await enqueue([revoke('1', 'ben'), owner('2', 'cy')]);
    expect(await relay.flush()).toEqual({ delivered: 6, failed: 0, held: 0, skipped: false });
    expect(batches).toEqual([3, 3]);
    expect(singles).toEqual([]);
    expect(await owners('1')).toEqual(['owner@ann']);
    expect(await owners('2')).toEqual(['owner@cy']);
    expect(await createRepositories(sql).directoryOutbox.countPending()).toBe(0);
  });

  it('goes on entry by entry after a failed batch: the others are delivered, none out of order', async () => {
    const { sql, store, enqueue, owners } = db;
    const failing = new Set(['document:1']);
    const { batched, batches, singles } = batching(store, failing);
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m), error: () => {} };
    const relay = createOutboxRelay({ sql, directory: batched, batchSize: 2, log });
    await enqueue([owner('1', 'ann'), owner('2', 'ben'), reader('1', 'cy'), owner('3', 'dan')]);
    expect(await relay.flush()).toEqual({ delivered: 2, failed: 1, held: 1, skipped: false });
    expect(warnings).toContainEqual(
      expect.stringMatching(/batch of outbox entries .*directory down for document:1/),
    );
    // The first read's batch failed; that read and the next went one by one.
    expect(batches).toEqual([2]);
    expect(singles).toEqual(['1#owner', '2#owner', '3#owner']);
    expect(await owners('1')).toEqual([]);
    failing.clear();
    expect(await relay.flush()).toMatchObject({ delivered: 2, failed: 0 });
    expect(batches).toEqual([2, 2]);
    expect(await owners('1')).toEqual(['owner@ann', 'reader@cy']);
  });

  it('sweeps on its interval, probes with one change while nothing goes through, then delivers all', async () => {
    const { sql, store, enqueue, owners } = db;
    const failing = new Set(['document:1', 'document:2']);
    const calls: string[] = [];
    const counted = failingFor(store, failing);
    const directory: RelationDirectory = {
      ...counted,
      setRelation: (r) => {
        calls.push(`${r.objectId}#${r.relation}`);
        return counted.setRelation(r);
      },
    };
    const { timers, delays, fire } = recordingTimers();
    const relay = createOutboxRelay({ sql, directory, timers, sweepIntervalMs: 5000, probeIntervalMs: 1000 });
    await enqueue([owner('1', 'ann'), reader('1', 'cy'), owner('2', 'ben')]);
    expect(await relay.start()).toMatchObject({ delivered: 0, failed: 2, held: 1 });
    for (let i = 0; i < 3; i++) {
      calls.length = 0;
      expect(await fire()).toMatchObject({ delivered: 0, failed: 1, held: 0 });
      // Nothing goes through: the probe is the oldest change alone, one call to the directory.
      expect(calls).toEqual(['1#owner']);
    }
    expect(delays).toEqual([1000, 1000, 1000, 1000]);
    // A pass after a commit is never a probe: unrelated changes go ahead.
    await enqueue([owner('3', 'dan')]);
    expect(await relay.flush()).toMatchObject({ delivered: 1, failed: 2, held: 1 });
    // The directory answers (only some changes fail): sweeps try everything again.
    calls.length = 0;
    expect(await fire()).toMatchObject({ delivered: 0, failed: 2, held: 1 });
    expect(calls).toEqual(['1#owner', '2#owner']);
    failing.clear();
    expect(await fire()).toMatchObject({ delivered: 3, failed: 0 });
    expect(await owners('1')).toEqual(['owner@ann', 'reader@cy']);
    expect(delays.at(-1)).toBe(5000);
    expect(relay.status()).toMatchObject({ running: true, consecutiveFailures: 0 });
    await relay.stop();
    const before = delays.length;
    await relay.flush();
    expect(delays.length).toBe(before);
    expect(relay.status().running).toBe(false);
  });
});
