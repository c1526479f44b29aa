import { describe, expect, it } from 'vitest';
import { cacheKey, DemandCache } from './demand-cache.ts';
import { type CacheEntry, nodeOf, type ObjectEntry } from './demand-entries.ts';
import type { RelationRecord } from './relation-store.ts';

const record = (objectId: string, subjectId: string): RelationRecord => ({
  objectType: 'document',
  objectId,
  relation: 'owner',
  subjectType: 'user',
  subjectId,
  createdAt: 0,
});
const objectEntry = (id: string, records: RelationRecord[], loadedAt: number): ObjectEntry => ({
  kind: 'object',
  type: 'document',
  id,
  node: nodeOf(records),
  record: undefined,
  weight: records.length + 1,
  loadedAt,
  used: false,
});
const owners = (entry: CacheEntry | undefined) =>
  (entry as ObjectEntry | undefined)?.node?.values().flatMap((b) => b.records().map((r) => r.subjectId)) ??
  [];

describe('DemandCache', () => {
  it('brings an entry read before changes it missed up to date as it arrives', () => {
    const cache = new DemandCache(1_000, 100);
    cache.apply({ version: 1, change: { op: 'setRelation', relation: record('d1', 'ann') } });
    cache.apply({ version: 2, change: { op: 'deleteRelation', relation: record('d1', 'ann') } });
    cache.apply({ version: 3, change: { op: 'setRelation', relation: record('d1', 'bob') } });
    // Read at version 1 (ann), arriving after 2 and 3 were replayed.
    const key = cacheKey.object('document', 'd1');
    expect(cache.put(key, objectEntry('d1', [record('d1', 'ann')], 1))).toBe(true);
    expect(owners(cache.get(key))).toEqual(['bob']);
  });

  it('skips replayed changes an entry already reflects', () => {
    const cache = new DemandCache(1_000, 100);
    const key = cacheKey.object('document', 'd1');
    // Read at version 5: bob was set at 4 and ann deleted at 5.
    cache.put(key, objectEntry('d1', [record('d1', 'bob')], 5));
    cache.apply({ version: 4, change: { op: 'setRelation', relation: record('d1', 'ann') } });
    expect(owners(cache.get(key))).toEqual(['bob']);
    cache.apply({ version: 6, change: { op: 'deleteRelation', relation: record('d1', 'bob') } });
    expect(owners(cache.get(key))).toEqual([]);
  });

  it('refuses an entry older than the ring reaches, and a subject whose relation went since', () => {
    const cache = new DemandCache(1_000, 2);
    for (let v = 1; v <= 10; v++) {
      cache.apply({ version: v, change: { op: 'setRelation', relation: record(`d${v}`, 'ann') } });
    }
    expect(cache.put(cacheKey.object('document', 'd0'), objectEntry('d0', [], 1))).toBe(false);
    cache.apply({ version: 11, change: { op: 'deleteRelation', relation: record('d9', 'bob') } });
    const subject: CacheEntry = { kind: 'subject', exists: true, weight: 1, loadedAt: 10, used: false };
    expect(cache.put(cacheKey.subject('user', 'bob'), subject)).toBe(false);
  });

  it('stays within its budget, keeping entries used since they were last passed', () => {
    const cache = new DemandCache(10, 100);
    const records = (id: string) => [record(id, 'a'), record(id, 'b'), record(id, 'c')];
    cache.put(cacheKey.object('document', 'd1'), objectEntry('d1', records('d1'), 0));
    cache.put(cacheKey.object('document', 'd2'), objectEntry('d2', records('d2'), 0));
    cache.get(cacheKey.object('document', 'd1'));
    cache.put(cacheKey.object('document', 'd3'), objectEntry('d3', records('d3'), 0));
    expect(cache.weight).toBeLessThanOrEqual(10);
    expect(cache.get(cacheKey.object('document', 'd1'))).toBeDefined();
    expect(cache.get(cacheKey.object('document', 'd2'))).toBeUndefined();
    expect(cache.get(cacheKey.object('document', 'd3'))).toBeDefined();
  });
});
