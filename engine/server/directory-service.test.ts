import { DirectoryV3 } from '@aserto/aserto-node';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Relation } from '../../core/index.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import {
  MemoryManifestStore,
  MemoryRelationDirectory,
  connectRejection as rejection,
  startTestTopazServer,
  type TestTopazServer,
} from './testing/index.ts';

const directory = new MemoryRelationDirectory({ document: { can_read: ['reader', 'owner'] } });
const manifests = new MemoryManifestStore();
let topaz: TestTopazServer;
let sdk: DirectoryV3;

const owner: Relation = {
  objectType: 'document',
  objectId: 'd1',
  relation: 'owner',
  subjectType: 'user',
  subjectId: 'alice',
};
const check = (relation: string, subjectId: string, objectId = 'd1') =>
  sdk.check({ objectType: 'document', objectId, relation, subjectType: 'user', subjectId });

async function* chunks(parts: Uint8Array[]) {
  for (const data of parts) yield { msg: { case: 'body' as const, value: { data } } };
}

beforeAll(async () => {
  topaz = await startTestTopazServer({
    decisionService: new InMemoryDecisionService(),
    relationDirectory: directory,
    manifestStore: manifests,
    clock: { now: () => Date.UTC(2026, 4, 1) },
  });
  // The real SDK client.
  sdk = new DirectoryV3({ url: topaz.server.directoryUrl, caFile: topaz.caFile });
});

afterAll(async () => {
  await topaz?.close();
});

describe('writer and reader through the SDK', () => {
  it('writes a relation and checks relations and permissions', async () => {
    const written = await sdk.setRelation({ relation: owner });
    expect(written.result).toMatchObject({ ...owner, updatedAt: '2026-05-01T00:00:00Z' });
    expect((await check('owner', 'alice')).check).toBe(true);
    expect((await check('can_read', 'alice')).check).toBe(true);
    expect((await check('can_read', 'bob')).check).toBe(false);
  });

  it('sets objects and deletes them with every relation they take part in', async () => {
    await sdk.setObject({
      object: { type: 'user', id: 'carol', displayName: 'Carol', properties: { email: 'c@x' } },
    });
    expect(directory.objects.get('user:carol')).toEqual({
      type: 'user',
      id: 'carol',
      displayName: 'Carol',
      properties: { email: 'c@x' },
    });
    await sdk.setRelation({ relation: { ...owner, objectId: 'd9', subjectId: 'carol' } });
    await sdk.deleteObject({ objectType: 'user', objectId: 'carol', withRelations: true });
    expect(directory.objects.has('user:carol')).toBe(false);
    expect((await check('owner', 'carol', 'd9')).check).toBe(false);
  });

  it('deletes relations idempotently', async () => {
    const reader = { ...owner, relation: 'reader', subjectId: 'bob' };
    await sdk.setRelation({ relation: reader });
    await sdk.deleteRelation(reader);
    await sdk.deleteRelation(reader);
    expect((await check('reader', 'bob')).check).toBe(false);
  });

  it('reads one relation, and reports a missing one as E20035 relation not found', async () => {
    const found = await sdk.relation({ ...owner });
    expect(found.result).toMatchObject(owner);
    const missing = await rejection(sdk.ReaderClient.getRelation({ ...owner, subjectId: 'nobody' }));
    expect([missing.code, missing.rawMessage]).toEqual([Code.NotFound, 'E20035 relation not found']);
  });

  it('pages through relations with next_token', async () => {
    for (let i = 0; i < 5; i++) {
      await sdk.setRelation({ relation: { ...owner, objectType: 'folder', objectId: `f${i}` } });
    }
    const seen: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const page = await sdk.ReaderClient.getRelations({ objectType: 'folder', page: { size: 2, token } });
      seen.push(...page.results.map((r) => r.objectId));
      token = page.page?.nextToken ?? '';
      pages++;
    } while (token !== '');
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);
  });
});

describe('request validation as Topaz does it', () => {
  it('rejects a relation with a malformed type and id, naming every violation', async () => {
    const error = await rejection(
      sdk.WriterClient.setRelation({ relation: { ...owner, objectType: 'Document', objectId: 'd 1' } }),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe(
      'E20050 : validation error:\n' +
        ' - relation.object_type: must be all lowercase, start with a letter, can contain letters, digits, dots, underscores, and dashes, and must end with a letter or digit [relation.object_type]\n' +
        ' - relation.object_id: cannot contain any spaces or other whitespace characters [relation.object_id]',
    );
  });

  it('rejects missing required fields, and a page size out of bounds', async () => {
    const noRelation = await rejection(sdk.WriterClient.setRelation({}));
    const noSubject = await rejection(sdk.ReaderClient.check({ ...owner, subjectId: '' }));
    const bigPage = await rejection(sdk.ReaderClient.getRelations({ page: { size: 500, token: '' } }));
    expect(noRelation.rawMessage).toBe(
      'E20050 : validation error:\n - relation: value is required [required]',
    );
    expect(noSubject.rawMessage).toBe(
      'E20050 : validation error:\n - subject_id: value is required [required]',
    );
    expect(bigPage.rawMessage).toBe(
      'E20050 : validation error:\n - page.size: value must be greater than or equal to 1 and less than or equal to 100 [int32.gte_lte]',
    );
  });

  it('rejects an object id without its type in a relation filter', async () => {
    const error = await rejection(sdk.ReaderClient.getRelations({ objectId: 'd1' }));
    expect(error.rawMessage).toBe(
      'E20050 : validation error:\n - when an object_id is specified, the accompanying object_type must be provided [get_relations.object_id_with_type]',
    );
  });

  it('answers Unimplemented for object reads, which no port serves', async () => {
    const error = await rejection(sdk.ReaderClient.getObject({ objectType: 'user', objectId: 'alice' }));
    expect(error.code).toBe(Code.Unimplemented);
  });
});

describe('model service', () => {
  it('stores a manifest sent in chunks and streams it back in chunks of at most 64 KiB', async () => {
    const body = `model:\n  version: 3\ntypes:\n  user: {}\n# ${'x'.repeat(150_000)}\n`;
    const bytes = new TextEncoder().encode(body);
    await sdk.ModelClient.setManifest(
      chunks([bytes.subarray(0, 65_536), bytes.subarray(65_536, 131_072), bytes.subarray(131_072)]),
    );
    const messages = [];
    for await (const message of sdk.ModelClient.getManifest({})) messages.push(message.msg);
    expect(messages.map((m) => m.case)).toEqual(['metadata', 'body', 'body', 'body']);
    expect((await sdk.getManifest()).body).toBe(body);
    expect((await sdk.getManifest()).etag).toBe(manifests.manifest?.etag);
  });

  it('rejects a body chunk over 64 KiB and a manifest the store refuses', async () => {
    const oversized = await rejection(sdk.ModelClient.setManifest(chunks([new Uint8Array(70_000)])));
    expect(oversized.rawMessage).toBe(
      'E20050 : validation error:\n - data: value length must be at most 65536 bytes [bytes.max_len]',
    );
    const refused = await rejection(
      sdk.ModelClient.setManifest(chunks([new TextEncoder().encode('types: {}')])),
    );
    expect(refused.code).toBe(Code.InvalidArgument);
    expect(refused.rawMessage).toBe('E20015 invalid argument: manifest has no model section');
  });

  it('deletes the manifest', async () => {
    await sdk.deleteManifest();
    expect(manifests.manifest).toBeUndefined();
    expect((await sdk.getManifest()).body).toBe('');
  });
});
