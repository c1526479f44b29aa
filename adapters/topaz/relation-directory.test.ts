import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Relation } from '../../core/index.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import { createMemoryRelationStore, parseManifest } from '../../engine/directory/index.ts';
import {
  MemoryRelationDirectory,
  startTestTopazServer,
  type TestTopazServer,
} from '../../engine/server/testing/index.ts';
import { createTopazRelationDirectory, TopazDirectoryError, type TopazRelationDirectory } from './index.ts';

const store = new MemoryRelationDirectory({ document: { can_read: ['reader', 'owner'] } });
let topaz: TestTopazServer;
let directory: TopazRelationDirectory;

const owner: Relation = {
  objectType: 'document',
  objectId: 'd1',
  relation: 'owner',
  subjectType: 'user',
  subjectId: 'alice',
};
const canRead = (subjectId: string, objectId = 'd1') =>
  directory.check({ objectType: 'document', objectId, relation: 'can_read', subjectType: 'user', subjectId });

async function failure(call: Promise<unknown>): Promise<TopazDirectoryError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TopazDirectoryError);
  return error as TopazDirectoryError;
}

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService: new InMemoryDecisionService(),
    relationDirectory: store,
  });
  // A generous deadline: these tests are about results, not timing, and CI machines can be slow.
  directory = createTopazRelationDirectory({
    url: topaz.server.directoryUrl,
    caFile: topaz.caFile,
    timeoutMs: 10_000,
  });
});

afterAll(async () => {
  await directory?.close();
  await topaz?.close();
});

describe('relationship writes and checks through Topaz directory v3', () => {
  it('sets objects and relations, and checks permissions built from them', async () => {
    await directory.setObject({
      type: 'user',
      id: 'alice',
      displayName: 'Alice',
      properties: { email: 'a@x' },
    });
    await directory.setRelation(owner);
    await directory.setRelation(owner);
    expect(store.objects.get('user:alice')).toMatchObject({
      displayName: 'Alice',
      properties: { email: 'a@x' },
    });
    expect(await canRead('alice')).toBe(true);
    expect(await canRead('bob')).toBe(false);
  });

  it('keeps subject relations (sets of subjects) and deletes relations idempotently', async () => {
    const groupReaders: Relation = {
      ...owner,
      relation: 'reader',
      subjectType: 'group',
      subjectId: 'eng',
      subjectRelation: 'member',
    };
    await directory.setRelation(groupReaders);
    expect(await directory.getRelations({ objectType: 'document', subjectType: 'group' })).toEqual([
      groupReaders,
    ]);
    await directory.deleteRelation(groupReaders);
    await directory.deleteRelation(groupReaders);
    expect(await directory.getRelations({ objectType: 'document', subjectType: 'group' })).toEqual([]);
  });

  it('reads every page of a large relation listing', async () => {
    const relations = Array.from(
      { length: 150 },
      (_, i): Relation => ({ ...owner, objectType: 'folder', objectId: `f${i}` }),
    );
    for (let i = 0; i < relations.length; i += 10) {
      await Promise.all(relations.slice(i, i + 10).map((r) => directory.setRelation(r)));
    }
    const listed = await directory.getRelations({ objectType: 'folder' });
    expect(listed).toHaveLength(150);
    expect(new Set(listed.map((r) => r.objectId))).toEqual(new Set(relations.map((r) => r.objectId)));
  });

  it('deletes an object together with the relations it takes part in', async () => {
    await directory.setRelation({ ...owner, objectId: 'd2', subjectId: 'carol' });
    await directory.deleteObject('user', 'carol');
    expect(await canRead('carol', 'd2')).toBe(false);
    expect(await directory.getRelations({ subjectType: 'user', subjectId: 'carol' })).toEqual([]);
  });
});

describe('failures', () => {
  it('reports a request Topaz rejects as invalid_request, which is not transient', async () => {
    const error = await failure(directory.setRelation({ ...owner, objectType: 'Bad Type' }));
    expect([error.code, error.transient]).toEqual(['invalid_request', false]);
    expect(error.message).toContain('E20050');
  });

  it('reports a directory that is down as service_unavailable, which is transient', async () => {
    const gone = await startTestTopazServer({
      decisionService: new InMemoryDecisionService(),
      relationDirectory: store,
    });
    const client = createTopazRelationDirectory({ url: gone.server.directoryUrl, caFile: gone.caFile });
    try {
      await gone.close();
      const error = await failure(client.setRelation(owner));
      expect([error.code, error.transient]).toEqual(['service_unavailable', true]);
    } finally {
      await client.close();
    }
  });
});

describe("against the engine's relation store", () => {
  it('writes and checks through the model, and reports a relation the model lacks as invalid_request', async () => {
    const manifest = parseManifest(
      [
        'model:',
        '  version: 3',
        'types:',
        '  user: {}',
        '  document:',
        '    relations:',
        '      owner: user',
        '      reader: user',
        '    permissions:',
        '      can_read: reader | owner',
        '',
      ].join('\n'),
    );
    const engineStore = createMemoryRelationStore({ manifest });
    const served = await startTestTopazServer({
      decisionService: new InMemoryDecisionService(),
      relationDirectory: engineStore,
    });
    const client = createTopazRelationDirectory({ url: served.server.directoryUrl, caFile: served.caFile });
    try {
      await client.setObject({ type: 'user', id: 'alice' });
      await client.setObject({ type: 'document', id: 'd1' });
      await client.setRelation({ ...owner, relation: 'reader' });
      const check = (relation: string) =>
        client.check({
          objectType: 'document',
          objectId: 'd1',
          relation,
          subjectType: 'user',
          subjectId: 'alice',
        });
      expect([await check('can_read'), await check('owner')]).toEqual([true, false]);
      const error = await failure(client.setRelation({ ...owner, relation: 'editor' }));
      expect([error.code, error.transient]).toEqual(['invalid_request', false]);
    } finally {
      await client.close();
      await served.close();
      await engineStore.close();
    }
  });
});
