import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import { compilePolicies } from '@gatehousejs/rego';
import { describe, expect, it } from 'vitest';
import { createDirectoryBuiltins } from './index.ts';

const manifest = parseManifest(`
model: {version: 3}
types:
  user: {}
  folder:
    relations:
      viewer: user
    permissions:
      can_read: viewer
  document:
    relations:
      parent: folder
      owner: user
    permissions:
      can_read: owner | parent->can_read
`);

const POLICY = `package webapp.check

import rego.v1

default allowed := false

allowed if {
  ds.check({
    "object_type": input.resource.object_type,
    "object_id": input.resource.object_id,
    "relation": input.resource.relation,
    "subject_type": "user",
    "subject_id": input.identity.value,
  })
}
`;

describe('ds.check inside a Rego policy', () => {
  it('decides from the relation store, following arrows, as a Topaz policy would', async () => {
    const store = createMemoryRelationStore({ manifest });
    await store.setRelation({
      objectType: 'folder',
      objectId: 'f1',
      relation: 'viewer',
      subjectType: 'user',
      subjectId: 'ann',
    });
    await store.setRelation({
      objectType: 'document',
      objectId: 'd1',
      relation: 'parent',
      subjectType: 'folder',
      subjectId: 'f1',
    });
    const builtins = new Map(createDirectoryBuiltins(store).map((b) => [b.name, b]));
    const policies = compilePolicies([{ file: 'check.rego', source: POLICY }], { builtins });
    const decide = (user: string) =>
      policies.evaluate('webapp.check.allowed', {
        identity: { type: 'IDENTITY_TYPE_SUB', value: user },
        resource: { object_type: 'document', object_id: 'd1', relation: 'can_read' },
      });
    expect(decide('ann')).toBe(true);
    expect(decide('bob')).toBe(false);
    await store.deleteRelation({
      objectType: 'folder',
      objectId: 'f1',
      relation: 'viewer',
      subjectType: 'user',
      subjectId: 'ann',
    });
    expect(decide('ann')).toBe(false);
  });
});
