/**
 * The decision service unavailable (every call failing as if frozen past its deadline): every
 * operation that needs a decision answers 503 — never a 403 that reads as "you may not", never an
 * empty list that reads as "you have nothing" — and nothing is written. Once the service answers
 * again (after the breaker's recovery timeout), service is back.
 */

import { DecisionServiceError } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the decision service unavailable', () => {
  let app: TestApp;
  let alice: ApiCall;
  let bob: ApiCall;
  let frozen = false;
  let skew = 0;
  const clock = { now: () => Date.now() + skew };

  beforeAll(async () => {
    app = await startTestApp({
      clock,
      decisionService: (service) => ({
        ...service,
        decide: (query) =>
          frozen
            ? Promise.reject(new DecisionServiceError('deadline_exceeded', 'no answer within 2000 ms'))
            : service.decide(query),
        decideBatch: service.decideBatch
          ? (queries) =>
              frozen
                ? Promise.reject(new DecisionServiceError('deadline_exceeded', 'no answer within 2000 ms'))
                : service.decideBatch!(queries)
          : undefined,
      }),
    });
    alice = apiClient(await app.signIn('alice'));
    bob = apiClient(await app.signIn('bob'));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers 503 to reads, writes, shares and revocations, and writes nothing', async () => {
    const doc = (await alice('POST', '/api/documents', { name: 'Plan', content: 'v1' })).body;
    await alice('POST', '/api/shares', { document_id: doc.id, email: 'bob@example.com', permission: 'read' });
    const before = await app.sql`SELECT (SELECT count(*)::int FROM shares) AS shares,
      (SELECT count(*)::int FROM documents) AS documents, (SELECT count(*)::int FROM directory_outbox) AS outbox`;

    frozen = true;
    const unavailable = {
      status: 503,
      body: { detail: 'Authorization service unavailable: try again later' },
    };
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/shares', { document_id: doc.id, email: 'carol@example.com', permission: 'read' }],
      ['DELETE', `/api/shares/${doc.id}/bob@example.com`],
      ['GET', `/api/documents/${doc.id}`],
      ['PUT', `/api/documents/${doc.id}`, { content: 'v2' }],
      ['DELETE', `/api/documents/${doc.id}`],
      ['GET', '/api/documents'],
      ['POST', '/api/documents', { name: 'New' }],
    ];
    for (const [method, path, body] of calls) {
      expect(await alice(method, path, body), `${method} ${path}`).toMatchObject(unavailable);
    }
    expect(await bob('GET', `/api/documents/${doc.id}`)).toMatchObject(unavailable);
    const after = await app.sql`SELECT (SELECT count(*)::int FROM shares) AS shares,
      (SELECT count(*)::int FROM documents) AS documents, (SELECT count(*)::int FROM directory_outbox) AS outbox`;
    expect(after).toEqual(before);

    frozen = false;
    skew += 31_000; // past the breaker's recovery timeout (30 s): it lets a trial call through
    expect((await alice('GET', `/api/documents/${doc.id}`)).status).toBe(200);
    expect((await alice('DELETE', `/api/shares/${doc.id}/bob@example.com`)).status).toBe(204);
    // A real denial is still a denial.
    expect((await bob('GET', `/api/documents/${doc.id}`)).status).toBe(403);
  });
});
