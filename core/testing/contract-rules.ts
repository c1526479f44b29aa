/**
 * The contract fixture's policies written as rules of the in-memory double, so that the contract
 * suite itself is proven to run (the real services evaluate the Rego).
 */
import type { DecisionServiceFixture } from './decision-service.fixture.ts';
import type { DecisionRule } from './in-memory-decision-service.ts';

/** Permissions of the fixture manifest: `can_read = reader | owner` on documents. */
const PERMISSIONS: Readonly<Record<string, readonly string[]>> = { can_read: ['reader', 'owner'] };

/** The rules equivalent to the fixture's Rego packages, reading its relations. */
export function contractRules(fixture: DecisionServiceFixture): Record<string, DecisionRule> {
  const holds = (
    objectType: unknown,
    objectId: unknown,
    relation: unknown,
    subjectType: unknown,
    subjectId: unknown,
  ) => {
    const relations = PERMISSIONS[String(relation)] ?? [String(relation)];
    return fixture.relations.some(
      (r) =>
        r.objectType === objectType &&
        r.objectId === objectId &&
        relations.includes(r.relation) &&
        r.subjectType === subjectType &&
        r.subjectId === subjectId,
    );
  };
  return {
    'contract.GET.items': (q) => q.identity.type === 'IDENTITY_TYPE_SUB',
    'contract.GET.items.__id': (q) =>
      q.identity.type === 'IDENTITY_TYPE_SUB' && q.resourceContext.owner === q.identity.value,
    'contract.POST.items': (q) => ({
      allowed: q.identity.value === 'alice',
      visible: q.identity.type === 'IDENTITY_TYPE_SUB',
    }),
    'contract.DELETE.items.__id': () => ({}),
    'contract.check': (q) => {
      const r = q.resourceContext;
      return holds(r.object_type, r.object_id, r.relation, r.subject_type, q.identity.value);
    },
  };
}
