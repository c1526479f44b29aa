import { createMemoryRelationStore, parseManifest } from '@gatehousejs/directory';
import type { Value } from '@gatehousejs/rego';
import { type BuiltinContext, type BuiltinDefinition, BuiltinError } from '@gatehousejs/rego';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryBuiltins } from './index.ts';

const model = parseManifest(
  `model: {version: 3}
types:
  user: {}
  group:
    relations:
      member: user
  folder:
    relations:
      viewer: user | group#member
    permissions:
      can_read: viewer
  document:
    relations:
      parent: folder
      owner: user
    permissions:
      can_read: owner | parent->can_read
`,
);

const ctx: BuiltinContext = { nowNs: 0n, strict: true, memo: new Map(), print: () => {} };
const T0 = Date.UTC(2025, 0, 2, 3, 4, 5);
let builtins: Map<string, BuiltinDefinition>;

function call(name: string, arg: Value | undefined): Value | undefined {
  const builtin = builtins.get(name);
  if (builtin?.kind !== 'function') throw new Error(`no function ${name}`);
  return builtin.call(arg === undefined ? [] : [arg], ctx);
}

function failure(name: string, arg: Value | undefined): BuiltinError {
  try {
    call(name, arg);
  } catch (error) {
    expect(error).toBeInstanceOf(BuiltinError);
    return error as BuiltinError;
  }
  throw new Error(`${name} did not fail`);
}

beforeAll(async () => {
  const store = createMemoryRelationStore({ manifest: model, clock: { now: () => T0 } });
  await store.setObject({
    type: 'user',
    id: 'ann',
    displayName: 'Ann',
    properties: { email: 'ann@example.com' },
  });
  await store.setObject({ type: 'document', id: 'd1', displayName: 'Plan' });
  const base = { objectType: 'document', objectId: 'd1' };
  await store.setRelation({ ...base, relation: 'owner', subjectType: 'user', subjectId: 'ann' });
  await store.setRelation({ ...base, relation: 'parent', subjectType: 'folder', subjectId: 'f1' });
  await store.setRelation({
    objectType: 'folder',
    objectId: 'f1',
    relation: 'viewer',
    subjectType: 'group',
    subjectId: 'eng',
    subjectRelation: 'member',
  });
  await store.setRelation({
    objectType: 'group',
    objectId: 'eng',
    relation: 'member',
    subjectType: 'user',
    subjectId: 'bob',
  });
  builtins = new Map(createDirectoryBuiltins(store).map((b) => [b.name, b]));
});

const check = (relation: string, subjectId: string) => ({
  object_type: 'document',
  object_id: 'd1',
  relation,
  subject_type: 'user',
  subject_id: subjectId,
});

describe('directory built-ins', () => {
  it('registers the six ds built-ins as one-argument functions', () => {
    expect([...builtins.keys()]).toEqual([
      'ds.check',
      'ds.checks',
      'ds.object',
      'ds.relation',
      'ds.relations',
      'ds.graph',
    ]);
    for (const b of builtins.values()) expect([b.kind, b.arity]).toEqual(['function', 1]);
  });

  it('ds.check answers a boolean', () => {
    expect(call('ds.check', check('can_read', 'bob'))).toBe(true);
    expect(call('ds.check', check('can_read', 'cat'))).toBe(false);
    expect(call('ds.check', { ...check('owner', 'ann'), trace: false })).toBe(true);
  });

  it('ds.check refuses missing, mistyped and empty arguments', () => {
    const { subject_id: _, ...partial } = check('can_read', 'ann');
    expect(failure('ds.check', partial)).toMatchObject({
      code: 'eval_builtin_error',
      message: 'ds.check: missing required field "subject_id"',
    });
    expect(failure('ds.check', { ...check('can_read', 'ann'), object_id: 42 })).toMatchObject({
      code: 'eval_type_error',
      message: 'ds.check: field "object_id" must be string but got number',
    });
    expect(failure('ds.check', 'document:d1').message).toBe(
      'ds.check: operand 1 must be object but got string',
    );
    expect(failure('ds.check', undefined).message).toBe('ds.check: operand 1 must be object but got nothing');
    expect(failure('ds.check', {}).code).toBe('eval_builtin_error');
  });

  it('ds.checks fills each check from the defaults and answers in order, as Topaz does', () => {
    const result = call('ds.checks', {
      default: { object_type: 'document', object_id: 'd1', subject_type: 'user', subject_id: 'ann' },
      checks: [
        { relation: 'can_read' },
        { relation: 'can_read', subject_id: 'cat' },
        { relation: 'can_fly' },
        {},
      ],
    });
    expect(result).toEqual([
      { check: true, context: {}, trace: [] },
      { check: false, context: { reason: 'E20025 object not found: subject user:cat' }, trace: [] },
      { check: false, context: { reason: 'relation or permission not found: document#can_fly' }, trace: [] },
      { check: false, context: { reason: 'missing required field "relation"' }, trace: [] },
    ]);
    expect(call('ds.checks', { default: check('owner', 'ann') })).toEqual([]);
    expect(failure('ds.checks', { checks: 'all' }).message).toBe('ds.checks: field "checks" must be array');
    expect(failure('ds.checks', { checks: [5] }).message).toBe(
      'ds.checks: checks[0] must be object but got number',
    );
    expect(failure('ds.checks', {}).code).toBe('eval_builtin_error');
  });

  it('ds.object returns the object in Topaz form, with relations on request, or {} when absent', () => {
    const user = call('ds.object', { object_type: 'user', object_id: 'ann' });
    expect(user).toEqual({
      type: 'user',
      id: 'ann',
      display_name: 'Ann',
      properties: { email: 'ann@example.com' },
      created_at: '2025-01-02T03:04:05Z',
      updated_at: '2025-01-02T03:04:05Z',
      etag: expect.stringMatching(/^\d+$/),
      relations: [],
    });
    const doc = call('ds.object', { object_type: 'document', object_id: 'd1', with_relations: true }) as {
      relations: { relation: string }[];
    };
    expect(doc.relations.map((r) => r.relation)).toEqual(['owner', 'parent']);
    expect(call('ds.object', { object_type: 'user', object_id: 'nobody' })).toEqual({});
    expect(failure('ds.object', { object_type: 'user' }).message).toBe(
      'ds.object: missing required field "object_id"',
    );
    expect(failure('ds.object', { object_type: 'user', object_id: 'ann', with_relations: 'yes' }).code).toBe(
      'eval_type_error',
    );
  });

  it('ds.relation returns {result, objects} for one exact relation, or {} when absent', () => {
    const found = call('ds.relation', { ...check('owner', 'ann'), with_objects: true }) as {
      result: Record<string, Value>;
      objects: Record<string, { display_name?: string; type: string }>;
    };
    expect(found.result).toEqual({
      object_type: 'document',
      object_id: 'd1',
      relation: 'owner',
      subject_type: 'user',
      subject_id: 'ann',
      subject_relation: '',
      created_at: '2025-01-02T03:04:05Z',
      updated_at: '2025-01-02T03:04:05Z',
      etag: expect.stringMatching(/^\d+$/),
    });
    expect(Object.keys(found.objects).sort()).toEqual(['document:d1', 'user:ann']);
    expect(found.objects['document:d1']?.display_name).toBe('Plan');
    expect(call('ds.relation', check('owner', 'bob'))).toEqual({});
    expect(failure('ds.relation', { object_type: 'document' }).code).toBe('eval_builtin_error');
  });

  it('ds.relations filters by any fields and returns {results, objects}, or {} when nothing matches', () => {
    const all = call('ds.relations', { object_type: 'document', object_id: 'd1' }) as {
      results: { relation: string; subject_id: string }[];
      objects: object;
    };
    expect(all.results.map((r) => `${r.relation}@${r.subject_id}`)).toEqual(['owner@ann', 'parent@f1']);
    expect(all.objects).toEqual({});
    const sets = call('ds.relations', { subject_type: 'group', subject_relation: 'member' }) as {
      results: unknown[];
    };
    expect(sets.results).toHaveLength(1);
    expect(call('ds.relations', { object_type: 'folder', with_empty_subject_relation: true })).toEqual({});
    const withObjects = call('ds.relations', { subject_id: 'bob', with_objects: true }) as {
      objects: object;
    };
    expect(Object.keys(withObjects.objects).sort()).toEqual(['group:eng', 'user:bob']);
    expect(failure('ds.relations', {}).message).toMatch(
      /^ds\.relations: expects an object with "object_type"/,
    );
  });

  it('ds.graph finds the objects a subject reaches, or the subjects that reach an object', () => {
    expect(
      call('ds.graph', {
        object_type: 'document',
        relation: 'can_read',
        subject_type: 'user',
        subject_id: 'bob',
      }),
    ).toEqual({ results: [{ object_type: 'document', object_id: 'd1' }], trace: [] });
    expect(
      call('ds.graph', {
        object_type: 'document',
        object_id: 'd1',
        relation: 'can_read',
        subject_type: 'user',
      }),
    ).toEqual({
      results: [
        { object_type: 'user', object_id: 'ann' },
        { object_type: 'user', object_id: 'bob' },
      ],
      trace: [],
    });
    expect(
      call('ds.graph', {
        object_type: 'document',
        relation: 'can_read',
        subject_type: 'user',
        subject_id: 'cat',
      }),
    ).toBeUndefined();
    expect(
      failure('ds.graph', { object_type: 'report', relation: 'x', subject_type: 'user', subject_id: 'a' })
        .message,
    ).toBe('ds.graph: object type not found: report');
    expect(
      failure('ds.graph', { object_type: 'document', relation: 'can_read', subject_type: 'user' }).message,
    ).toBe('ds.graph: object_id or subject_id must be specified');
    expect(
      failure('ds.graph', {
        object_type: 'document',
        object_id: 'd1',
        relation: 'can_read',
        subject_type: 'group',
        subject_relation: 'member',
      }).message,
    ).toMatch(/subject_relation" is not supported/);
  });
});
