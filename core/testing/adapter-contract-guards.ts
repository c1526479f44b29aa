/**
 * The adapter contract's cases for the guards: a derived or explicit policy path, a relation on
 * the route parameter's object, a hierarchy of relations, fetch-then-authorize, list filtering, and
 * relations reported without raising.
 */
import { expect, it } from 'vitest';
import { type ContractStarter, denied } from './adapter-contract-app.ts';
import { CONTRACT_DOCUMENTS } from './adapter-contract-decisions.ts';

/** Registers the cases (inside the suite's `describe`). */
export function guardCases(start: ContractStarter): void {
  it('guards a route by its derived or an explicit policy path', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/guarded/auto/7', 'alice')).toMatchObject({
      status: 200,
      body: { policyPath: 'webapp.GET.guarded.auto.__doc_id' },
    });
    expect(await app.request('GET', '/guarded/auto/7', 'bob')).toMatchObject({
      status: 403,
      body: denied('webapp.GET.guarded.auto.__doc_id'),
    });
    expect(await app.request('GET', '/guarded/reports', 'alice')).toMatchObject({
      status: 200,
      body: 'reports',
    });
    expect(await app.request('GET', '/guarded/reports', 'bob')).toMatchObject({
      status: 403,
      body: denied('webapp.reports.read'),
    });
  });

  it('guards a route by a relation on the object of its parameter', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/guarded/docs/doc-1', 'bob')).toMatchObject({
      status: 200,
      body: 'doc',
    });
    expect(await app.request('GET', '/guarded/docs/doc-2', 'alice')).toMatchObject({
      status: 403,
      body: denied('webapp.check'),
    });
  });

  it('guards a route by a hierarchy of relations, reporting the first level that matched', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/guarded/orgs/o1/docs/doc-3', 'alice')).toMatchObject({
      status: 200,
      body: { matched: 'organization' },
    });
    expect(await app.request('GET', '/guarded/orgs/o1/docs/doc-1', 'bob')).toMatchObject({
      status: 200,
      body: { matched: 'document' },
    });
    expect(await app.request('GET', '/guarded/orgs/o1/docs/doc-1', 'carol')).toMatchObject({
      status: 403,
      body: denied('webapp.check'),
    });
  });

  it('fetches then authorizes a resource: 200 with it, 404 when absent, 403 when the relation does not hold', async () => {
    const { app } = await start();
    expect(await app.request('GET', '/guarded/resources/doc-2', 'bob')).toMatchObject({
      status: 200,
      body: CONTRACT_DOCUMENTS[1],
    });
    expect(await app.request('GET', '/guarded/resources/doc-99', 'bob')).toMatchObject({
      status: 404,
      body: { detail: 'document not found' },
    });
    expect(await app.request('GET', '/guarded/resources/doc-2', 'alice')).toMatchObject({
      status: 403,
      body: denied('webapp.check'),
    });
  });

  it('filters a list to the readable resources, in order', async () => {
    const { app } = await start();
    expect((await app.request('GET', '/guarded/docs', 'alice')).body).toEqual([CONTRACT_DOCUMENTS[0]]);
    expect((await app.request('GET', '/guarded/docs', 'bob')).body).toEqual(CONTRACT_DOCUMENTS.slice(0, 2));
    expect((await app.request('GET', '/guarded/docs', 'carol')).body).toEqual([]);
  });

  it('reports relations without raising', async () => {
    const { app } = await start();
    expect((await app.request('GET', '/guarded/docs/doc-1/permissions', 'bob')).body).toEqual({
      can_read: true,
      can_write: false,
    });
    expect((await app.request('GET', '/guarded/docs/doc-1/permissions', 'alice')).body).toEqual({
      can_read: true,
      can_write: true,
    });
  });
}
