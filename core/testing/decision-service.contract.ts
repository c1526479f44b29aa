/**
 * The decision-service contract: one suite every implementation of {@link DecisionService} runs
 * (the embedded engine, the Topaz adapter, the in-memory test double), on the shared fixture.
 *
 * @example
 * runDecisionServiceContract('embedded engine', async (fixture) => {
 *   const service = await createEmbeddedDecisionService({ policies: fixture.policies, ... });
 *   return { service, close: () => service.close() };
 * });
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../identity.ts';
import {
  type DecisionQuery,
  type DecisionService,
  DecisionServiceError,
  type ResourceContext,
} from '../ports/decision-service.ts';
import {
  type DecisionServiceFixture,
  decisionServiceFixture,
  CONTRACT_POLICY_ROOT as ROOT,
} from './decision-service.fixture.ts';

/** What `setup` returns: the service loaded with the fixture, and how to release it. */
export interface ContractSubject {
  readonly service: DecisionService;
  close?(): Promise<void>;
}

const sub = (value: string): Identity => ({ type: 'IDENTITY_TYPE_SUB', value });
const anonymous: Identity = { type: 'IDENTITY_TYPE_NONE' };

function query(
  identity: Identity,
  path: string,
  resourceContext: ResourceContext = {},
  decisions: string[] = ['allowed'],
): DecisionQuery {
  return { identity, policyPath: `${ROOT}.${path}`, decisions, resourceContext };
}

function relationQuery(subjectId: string, objectId: string, relation: string): DecisionQuery {
  return query(sub(subjectId), 'check', {
    object_type: 'document',
    object_id: objectId,
    relation,
    subject_type: 'user',
  });
}

/** Cases whose expected answer is known, shared by the batch and concurrency cases. */
const KNOWN: readonly [DecisionQuery, boolean][] = [
  [query(sub('alice'), 'GET.items'), true],
  [query(anonymous, 'GET.items'), false],
  [query(sub('alice'), 'GET.items.__id', { owner: 'alice' }), true],
  [query(sub('bob'), 'GET.items.__id', { owner: 'alice' }), false],
  [query(sub('bob'), 'POST.items'), false],
  [relationQuery('alice', 'doc-1', 'can_read'), true],
  [relationQuery('carol', 'doc-1', 'can_read'), false],
  [relationQuery('bob', 'doc-1', 'reader'), true],
  [relationQuery('alice', 'doc-2', 'can_read'), false],
];

/**
 * Registers the contract cases under `describe(name)`. `setup` receives the fixture (policies,
 * manifest, objects, relations) and returns the loaded service; it runs once for the suite.
 */
export function runDecisionServiceContract(
  name: string,
  setup: (fixture: DecisionServiceFixture) => Promise<ContractSubject>,
): void {
  describe(`DecisionService contract: ${name}`, () => {
    let subject: ContractSubject;
    const service = () => subject.service;
    const allowed = async (q: DecisionQuery) => (await service().decide(q)).allowed;

    beforeAll(async () => {
      subject = await setup(decisionServiceFixture);
    });
    afterAll(async () => {
      await subject?.close?.();
    });

    it('allows a subject identity and denies an anonymous one', async () => {
      expect(await allowed(query(sub('alice'), 'GET.items'))).toBe(true);
      expect(await allowed(query(anonymous, 'GET.items'))).toBe(false);
    });

    it('shows the resource context to the policy as input.resource', async () => {
      expect(await allowed(query(sub('alice'), 'GET.items.__id', { owner: 'alice' }))).toBe(true);
      expect(await allowed(query(sub('alice'), 'GET.items.__id', { owner: 'bob' }))).toBe(false);
      expect(await allowed(query(sub('alice'), 'GET.items.__id'))).toBe(false);
    });

    it('answers several decisions in one query', async () => {
      const alice = await service().decide(query(sub('alice'), 'POST.items', {}, ['allowed', 'visible']));
      const bob = await service().decide(query(sub('bob'), 'POST.items', {}, ['allowed', 'visible']));
      expect([alice.allowed, alice.visible]).toEqual([true, true]);
      expect([bob.allowed, bob.visible]).toEqual([false, true]);
    });

    it('answers false for a decision rule the package never defines', async () => {
      const result = await service().decide(query(sub('alice'), 'DELETE.items.__id', { id: '1' }));
      expect(result.allowed).toBe(false);
    });

    it('checks relations directly through ds.check', async () => {
      expect(await allowed(relationQuery('alice', 'doc-1', 'owner'))).toBe(true);
      expect(await allowed(relationQuery('alice', 'doc-1', 'reader'))).toBe(false);
      expect(await allowed(relationQuery('bob', 'doc-2', 'owner'))).toBe(true);
    });

    it('checks permissions through the manifest (can_read = reader | owner)', async () => {
      expect(await allowed(relationQuery('alice', 'doc-1', 'can_read'))).toBe(true);
      expect(await allowed(relationQuery('bob', 'doc-1', 'can_read'))).toBe(true);
      expect(await allowed(relationQuery('carol', 'doc-1', 'can_read'))).toBe(false);
      expect(await allowed(relationQuery('alice', 'doc-2', 'can_read'))).toBe(false);
    });

    it('rejects an unknown policy path with policy_not_found', async () => {
      const error = await service()
        .decide(query(sub('alice'), 'GET.nowhere'))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(DecisionServiceError);
      expect((error as DecisionServiceError).code).toBe('policy_not_found');
      expect((error as DecisionServiceError).transient).toBe(false);
    });

    it('keeps order in decideBatch and agrees with decide (when offered)', async () => {
      const batch = service().decideBatch;
      if (!batch) return;
      const queries = [...KNOWN.map(([q]) => q), ...KNOWN.map(([q]) => q).reverse()];
      const batched = await batch.call(service(), queries);
      const single = await Promise.all(queries.map((q) => service().decide(q)));
      expect(batched.map((d) => d.allowed)).toEqual(single.map((d) => d.allowed));
      expect(batched.slice(0, KNOWN.length).map((d) => d.allowed)).toEqual(KNOWN.map(([, a]) => a));
    });

    it('gives the same answers to concurrent calls', async () => {
      const rounds = Array.from({ length: 4 }, () => KNOWN).flat();
      const answers = await Promise.all(rounds.map(([q]) => allowed(q)));
      expect(answers).toEqual(rounds.map(([, expected]) => expected));
    });
  });
}
