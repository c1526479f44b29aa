/**
 * The set rule `webapp.check.allowed_object_ids` against `webapp.check.allowed` asked object by
 * object on a real Topaz (`npm run test:topaz`): the application's policies and manifest in
 * topazd, the same data and questions as on the embedded engine (allowed-object-ids.test.ts) —
 * the set decision goes out as one authorizer `Query` through the adapter's `decideSet`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOB_READS,
  compareSetWithOneByOne,
  SET_FIXTURE_OBJECTS,
  SET_FIXTURE_RELATIONS,
} from '../test/support/set-decision-fixture.ts';
import { startTestTopaz, type TestTopaz } from '../test/support/topaz.ts';

describe('allowed_object_ids on topazd', () => {
  let topaz: TestTopaz;

  beforeAll(async () => {
    topaz = await startTestTopaz();
    await topaz.load(SET_FIXTURE_OBJECTS, SET_FIXTURE_RELATIONS);
  });
  afterAll(async () => {
    await topaz?.stop();
  });

  it('holds for exactly the objects `allowed` holds for, whoever asks, from wherever, about whatever', async () => {
    const comparisons = await compareSetWithOneByOne(topaz.decisionService());
    for (const { label, set, oneByOne } of comparisons) expect(set, label).toEqual(oneByOne);
    const find = (label: string) => comparisons.find((c) => c.label === label)?.set;
    expect(find('bob at GB: document can_read')).toEqual(BOB_READS);
    expect(find('cy at GB: document can_write')).toEqual(['team_w']);
    expect(find('nobody at GB: document can_read')).toEqual(['public']);
    expect(find('anonymous at absent: document can_read')).toEqual(['public']);
    expect(find('rick at CN: document can_read')).toEqual([]);
  });

  it('answers undefined for a rule no policy defines, so that the caller asks item by item', async () => {
    const service = topaz.decisionService();
    const query = {
      identity: { type: 'IDENTITY_TYPE_SUB' as const, value: 'bob' },
      resourceContext: { object_ids: ['own'] },
    };
    expect(
      await service.decideSet({ ...query, policyPath: 'webapp.check', decision: 'no_such_rule' }),
    ).toBeUndefined();
    expect(
      await service.decideSet({ ...query, policyPath: 'webapp.nowhere', decision: 'ids' }),
    ).toBeUndefined();
  });
});
