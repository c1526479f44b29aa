/**
 * A list decides each row as a read of that one document would: the application's list path
 * (request access → core's filter → batches on the embedded engine, with the access log) against
 * one `decide` per document, on a generated directory (owners, shares to people and groups, public
 * documents, folders) and callers in permitted, restricted and unknown locations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuditRecord } from '@gatehousejs/core';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationClient } from '../location/index.ts';
import { createAppAuthz } from './authorization.ts';
import { requestAccess } from './request-access.ts';

const POLICIES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'policies');
const DOCUMENTS = 600;
const USERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
const COUNTRIES: Record<string, string | null> = {
  u0: 'FR',
  u1: 'CN',
  u2: null,
  u3: 'DE',
  u4: 'IR',
  u5: 'FR',
};

/** A small deterministic generator (mulberry32), so a failure names a reproducible directory. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function generate(store: RelationStore, seed: number): Promise<void> {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  const relate = (objectType: string, objectId: string, relation: string, subject: string) => {
    const [subjectType, subjectId, subjectRelation] = subject.split(/[:#]/) as [string, string, string?];
    return store.setRelation({
      objectType,
      objectId,
      relation,
      subjectType,
      subjectId,
      ...(subjectRelation ? { subjectRelation } : {}),
    });
  };
  // Users 0–4 have their identity; u5 signed in but is not in the directory as a user yet.
  for (const user of USERS.slice(0, 5)) {
    await store.setObject({ type: 'user', id: user, displayName: user, properties: {} });
    await store.setObject({ type: 'identity', id: user, displayName: '', properties: {} });
    await relate('user', user, 'identifier', `identity:${user}`);
  }
  for (const group of ['g1', 'g2']) {
    await relate('group', group, 'owner', `user:${pick(USERS)}`);
    await relate('group', group, 'member', `user:${pick(USERS)}`);
  }
  for (let f = 1; f <= 20; f++) {
    await relate('folder', `${f}`, 'owner', `user:${pick(USERS)}`);
    if (next() < 0.3) await relate('folder', `${f}`, 'reader', `group:${pick(['g1', 'g2'])}#member`);
    if (f > 1 && next() < 0.5)
      await relate('folder', `${f}`, 'parent', `folder:${Math.ceil(next() * (f - 1))}`);
  }
  for (let d = 1; d <= DOCUMENTS; d++) {
    const id = `${d}`;
    if (next() < 0.9) await relate('document', id, 'owner', `user:${pick(USERS)}`);
    if (next() < 0.2) await relate('document', id, 'reader', `user:${pick(USERS)}`);
    if (next() < 0.1) await relate('document', id, 'writer', `group:${pick(['g1', 'g2'])}#member`);
    if (next() < 0.1) await relate('document', id, 'reader', 'user:*');
    if (next() < 0.3) await relate('document', id, 'parent', `folder:${Math.ceil(next() * 20)}`);
  }
}

const location: LocationClient = {
  locate: async (sub: string) => ({ countryCode: COUNTRIES[sub] ?? null }),
} as LocationClient;

describe('the decisions of a list', () => {
  let store: RelationStore;
  let engine: Awaited<ReturnType<typeof createEmbeddedDecisionService>>;
  beforeAll(async () => {
    store = createMemoryRelationStore({
      manifest: await loadManifestFile(path.join(POLICIES, 'manifest.yaml')),
    });
    await generate(store, 2026);
    engine = await createEmbeddedDecisionService({ policiesDir: POLICIES, store, input: 'topaz' });
  });
  afterAll(() => engine.close());

  it.each(USERS.map((user) => [user, COUNTRIES[user]]))(
    'are, row by row, those of one decision per document (%s in %s), each in the access log',
    async (user) => {
      const records: AuditRecord[] = [];
      const errors: string[] = [];
      const authz = createAppAuthz({
        decisionService: engine,
        location,
        logger: { warn: () => {}, error: (message: string) => void errors.push(message) },
        auditSink: { write: (record) => records.push(record) },
      });
      const rows = Array.from({ length: DOCUMENTS + 5 }, (_, i) => ({ id: i + 1 }));
      const app = new Hono();
      app.get('/api/documents', async (c) => {
        c.set('user' as never, { sub: user } as never);
        const kept = await requestAccess(c, authz).filter('document', rows, 'can_read');
        return c.json(kept.map((row) => row.id));
      });
      const response = await app.request('/api/documents');
      const listed = response.status === 200 ? ((await response.json()) as number[]) : undefined;

      const one = async (id: number) => {
        try {
          const answer = await engine.decide({
            identity: { type: 'IDENTITY_TYPE_SUB', value: user },
            policyPath: 'webapp.check',
            decisions: ['allowed'],
            resourceContext: {
              location: { country_code: COUNTRIES[user] ?? null },
              object_type: 'document',
              object_id: String(id),
              relation: 'can_read',
              subject_type: 'user',
            },
          });
          return answer.allowed === true;
        } catch {
          return undefined;
        }
      };
      const alone = await Promise.all(rows.map((row) => one(row.id)));
      if (alone.some((allowed) => allowed === undefined)) {
        // A caller the directory does not know: every row is an error, denied (and reported).
        expect(alone.every((allowed) => allowed === undefined)).toBe(true);
        expect(listed).toEqual([]);
        expect(records.filter((r) => r.objectType === 'document').every((r) => r.outcome === 'error')).toBe(
          true,
        );
        expect(errors.length).toBeGreaterThan(0);
        return;
      }
      expect(listed).toEqual(rows.filter((_, i) => alone[i]).map((row) => row.id));
      // The restricted and unknown locations see nothing; the others some but not all.
      if (COUNTRIES[user] === 'FR' || COUNTRIES[user] === 'DE') {
        expect(listed!.length).toBeGreaterThan(0);
        expect(listed!.length).toBeLessThan(rows.length);
      } else {
        expect(listed).toEqual([]);
      }
      const rowRecords = records.filter((r) => r.objectType === 'document');
      expect(rowRecords.map((r) => Number(r.objectId))).toEqual(rows.map((row) => row.id));
      expect(rowRecords.map((r) => r.outcome === 'allow')).toEqual(alone);
      expect(new Set(rowRecords.map((r) => `${r.identityValue} ${r.method} ${r.path}`))).toEqual(
        new Set([`${user} GET /api/documents`]),
      );
    },
  );
});
