import {
  createAuthzConfig,
  type DecisionQuery,
  type DecisionService,
  type SetDecisionQuery,
} from '@gatehousejs/core';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestAccess } from './request-access.ts';

/** A service whose set rule and per-item rule both allow even ids, counting the calls of each kind. */
function countingService() {
  const calls = { sets: 0, items: 0 };
  const even = (id: unknown) => Number(id) % 2 === 0;
  const service: DecisionService = {
    async decide(query: DecisionQuery) {
      calls.items++;
      return { allowed: even(query.resourceContext.object_id) };
    },
    async decideSet(query: SetDecisionQuery) {
      calls.sets++;
      return (query.resourceContext.object_ids as string[]).filter(even);
    },
  };
  return { service, calls };
}

/** Filters `rows` documents for a caller reaching `reach` of them, through the app's request access. */
async function filterRows(rows: number, reach: number | undefined) {
  const { service, calls } = countingService();
  const config = createAuthzConfig({
    policyPathRoot: 'webapp',
    decisionService: service,
    identityProvider: () => ({ type: 'IDENTITY_TYPE_SUB', value: 'alice' }),
  });
  const app = new Hono();
  const items = Array.from({ length: rows }, (_, i) => ({ id: i + 1 }));
  app.get('/', async (c) => {
    const kept = await requestAccess(c, config).filter('document', items, 'can_read', reach);
    return c.json(kept.map((item) => item.id));
  });
  const kept = (await (await app.request('/')).json()) as number[];
  return { kept, calls };
}

describe('the request access of a list', () => {
  it('asks one set question while the caller reaches at most four times the rows', async () => {
    const { kept, calls } = await filterRows(100, 400);
    expect(kept).toHaveLength(50);
    expect(calls).toEqual({ sets: 1, items: 0 });
  });

  it('decides row by row for a caller reaching far more, or when the reach is unknown', async () => {
    for (const reach of [401, undefined]) {
      const { kept, calls } = await filterRows(100, reach);
      expect(kept).toHaveLength(50);
      expect(calls).toEqual({ sets: 0, items: 100 });
    }
  });
});
