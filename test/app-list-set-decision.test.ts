/**
 * The application's lists decide their rows with one set decision: over HTTP on the real stack
 * (embedded engine, PostgreSQL), bob's document list and the folder page put each page's candidates
 * to `webapp.check.allowed_object_ids` in one `decideSet` call — no decision per row — and show
 * exactly what he may read (a read share, a folder share, a public document; nothing private).
 */
import type { DecisionService } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** The calls the application made, per kind, for `webapp.check`. */
const calls = { set: 0, items: 0 };

/** `service`, counting its relationship decisions. */
function counting(service: DecisionService): DecisionService {
  const isCheck = (path: string) => path === 'webapp.check';
  return {
    decide: (query, options) => {
      if (isCheck(query.policyPath)) calls.items++;
      return service.decide(query, options);
    },
    decideBatch: (queries, options) => {
      calls.items += queries.filter((q) => isCheck(q.policyPath)).length;
      return service.decideBatch!(queries, options);
    },
    decideSet: (query, options) => {
      calls.set++;
      return service.decideSet!(query, options);
    },
  };
}

describe('lists through one set decision', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  const readable: number[] = [];
  let folderId: number;

  const create = async (body: object) => {
    const res = await alice('POST', '/api/documents', { content: 'text', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    app = await startTestApp({ decisionService: counting });
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
    const folder = await alice('POST', '/api/folders', { name: 'Shared folder' });
    folderId = folder.body.id;
    expect(
      (
        await alice('POST', `/api/folders/${folderId}/shares`, {
          email: 'bob@example.com',
          permission: 'read',
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 3; i++) readable.push(await create({ name: `In folder ${i}`, folder_id: folderId }));
    for (let i = 0; i < 3; i++) {
      const id = await create({ name: `Shared ${i}` });
      const shared = await alice('POST', '/api/shares', {
        document_id: id,
        email: 'bob@example.com',
        permission: 'read',
      });
      expect(shared.status, shared.text).toBe(201);
      readable.push(id);
    }
    readable.push(await create({ name: 'Public', is_public: true }));
    for (let i = 0; i < 4; i++) await create({ name: `Private ${i}` });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('lists exactly the readable documents, deciding the page in one call', async () => {
    const before = { ...calls };
    const page = await bob('GET', '/api/documents?limit=100');
    expect(page.status, page.text).toBe(200);
    expect(page.body.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b)).toEqual(
      [...readable].sort((a, b) => a - b),
    );
    expect(calls.set - before.set).toBe(1);
    expect(calls.items - before.items).toBe(0);
  });

  it('shows the folder page’s documents through set decisions too', async () => {
    const before = { ...calls };
    const page = await bob('GET', `/api/folders/${folderId}/contents`);
    expect(page.status, page.text).toBe(200);
    expect(
      page.body.documents.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b),
    ).toEqual(readable.slice(0, 3).sort((a, b) => a - b));
    expect(calls.set - before.set).toBeGreaterThan(0);
    expect(calls.items - before.items).toBeLessThanOrEqual(1);
  });
});
