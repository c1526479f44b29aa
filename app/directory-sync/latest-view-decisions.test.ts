import { createChangeNotifier, type DecisionQuery, DecisionServiceError } from '@gatehousejs/core';
import { InMemoryDecisionService } from '@gatehousejs/core/testing';
import { describe, expect, it } from 'vitest';
import type { DirectoryReplica } from './index.ts';
import { decidingOnLatestView } from './latest-view-decisions.ts';

const query = (id: string): DecisionQuery => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' },
  policyPath: 'webapp.check',
  decisions: ['allowed'],
  resourceContext: { object_id: id },
});

/** A replica view whose catch-up brings in what `granted` holds by then. */
function setup(batch = false) {
  const service = new InMemoryDecisionService({ batch });
  const seen = new Set<string>();
  const granted = new Set<string>();
  let position = 0;
  const replica: DirectoryReplica = {
    changes: createChangeNotifier(),
    position: () => position,
    async catchUp() {
      catchUps++;
      for (const id of granted) {
        if (!seen.has(id)) {
          seen.add(id);
          position++;
        }
      }
    },
    delivered: () => {},
    close: async () => {},
  };
  let catchUps = 0;
  service.setRule('webapp.check', (q) => seen.has(String(q.resourceContext.object_id)));
  return { service, replica, granted, seen, catchUps: () => catchUps };
}

describe('decisions on the latest view of the directory', () => {
  it('asks again after a denial when the view advanced, and only then', async () => {
    const t = setup();
    const decisions = decidingOnLatestView(t.service, t.replica);
    // Granted on another replica: this view does not hold it until it catches up.
    t.granted.add('1');
    expect(await decisions.decide(query('1'))).toEqual({ allowed: true });
    expect([t.catchUps(), t.service.calls]).toEqual([1, 2]);
    // A real denial: one catch-up, the view does not move, the first answer stands.
    expect(await decisions.decide(query('2'))).toEqual({ allowed: false });
    expect([t.catchUps(), t.service.calls]).toEqual([2, 3]);
    // An allow is answered at once.
    expect(await decisions.decide(query('1'))).toEqual({ allowed: true });
    expect([t.catchUps(), t.service.calls]).toEqual([2, 4]);
  });

  it('asks again when a notice brought the grant in while the service was deciding', async () => {
    const t = setup();
    const decisions = decidingOnLatestView(
      {
        // Decides on the view as it was, then the change notice takes the grant in.
        decide: async (q) => {
          const answer = await t.service.decide(q);
          t.granted.add('5');
          await t.replica.catchUp();
          return answer;
        },
      },
      t.replica,
    );
    expect(await decisions.decide(query('5'))).toEqual({ allowed: true });
  });

  it('asks again when the identity was unknown to the view, and only then; other errors stand', async () => {
    const t = setup();
    const unknown = new DecisionServiceError('invalid_request', 'E30007 no user has identity:bob');
    const decisions = decidingOnLatestView(
      {
        decide: async (q) => {
          if (!t.seen.has('bob')) throw unknown;
          return t.service.decide(q);
        },
      },
      t.replica,
    );
    t.seen.add('1');
    await expect(decisions.decide(query('1'))).rejects.toBe(unknown);
    // Signed in on another replica: the view takes the identity in when it catches up.
    t.granted.add('bob');
    expect(await decisions.decide(query('1'))).toEqual({ allowed: true });
  });

  it('asks again in a batch only the queries that were denied, keeping the order', async () => {
    const t = setup(true);
    const decisions = decidingOnLatestView(t.service, t.replica);
    t.seen.add('1');
    t.granted.add('3');
    const answers = await decisions.decideBatch!([query('1'), query('2'), query('3')]);
    expect(answers).toEqual([{ allowed: true }, { allowed: false }, { allowed: true }]);
    expect(t.service.queries.map((q) => q.resourceContext.object_id)).toEqual(['1', '2', '3', '2', '3']);
  });

  it('asks a set decision again when it left an id out and the view advanced, and only then', async () => {
    const t = setup();
    let asked = 0;
    const decisions = decidingOnLatestView(
      {
        decide: (q) => t.service.decide(q),
        decideSet: async (q) => {
          asked++;
          return (q.resourceContext.object_ids as string[]).filter((id) => t.seen.has(id));
        },
      },
      t.replica,
    );
    const set = (...ids: string[]) => ({
      identity: { type: 'IDENTITY_TYPE_SUB' as const, value: 'bob' },
      policyPath: 'webapp.check',
      decision: 'allowed_object_ids',
      resourceContext: { object_ids: ids },
    });
    t.seen.add('1');
    t.granted.add('3');
    expect(await decisions.decideSet!(set('1', '2', '3'))).toEqual(['1', '3']);
    expect([t.catchUps(), asked]).toEqual([1, 2]);
    // Every id held: answered at once; one left out with the view not moving: the answer stands.
    expect(await decisions.decideSet!(set('1', '3'))).toEqual(['1', '3']);
    expect(await decisions.decideSet!(set('2'))).toEqual([]);
    expect([t.catchUps(), asked]).toEqual([2, 4]);
  });
});
