/**
 * Graph searches of the Topaz relation directory over the wire, against a scripted gRPC
 * responder: the `GetGraph` requests sent for each direction, and Topaz's results and
 * explanation (in Topaz 0.33.16's shape) read back as the port's answer.
 */
import { Reader } from '@aserto/node-directory/src/gen/cjs/aserto/directory/reader/v3/reader_pb.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGrpcServer, startScriptedGrpcServer } from '../../test/support/scripted-grpc.ts';
import { parseRelationText } from './graph-explanation.ts';
import { createTopazRelationDirectory, type TopazRelationDirectory } from './index.ts';

let responder: ScriptedGrpcServer;
let directory: TopazRelationDirectory;

beforeAll(async () => {
  responder = await startScriptedGrpcServer();
  directory = createTopazRelationDirectory({
    url: responder.url,
    caFile: responder.caFile,
    timeoutMs: 5_000,
  });
});

afterAll(async () => {
  await directory?.close();
  await responder?.stop();
});

describe('graph searches through Topaz GetGraph', () => {
  it('asks for the objects a subject reaches and answers their ids, sorted and each once', async () => {
    responder.on(Reader.method.getGraph, () => ({
      message: {
        results: [
          { objectType: 'document', objectId: 'd2' },
          { objectType: 'document', objectId: 'd10' },
          { objectType: 'document', objectId: 'd2' },
        ],
      },
    }));
    const ids = await directory.findObjects({
      objectType: 'document',
      relation: 'can_read',
      subjectType: 'user',
      subjectId: 'ann',
    });
    expect(ids).toEqual(['d10', 'd2']);
    expect(responder.requests('GetGraph').at(-1)).toMatchObject({
      objectType: 'document',
      objectId: '',
      relation: 'can_read',
      subjectType: 'user',
      subjectId: 'ann',
      explain: false,
    });
  });

  it('asks for the subjects of an object with an explanation and reads its paths back', async () => {
    responder.on(Reader.method.getGraph, () => ({
      message: {
        results: [
          { objectType: 'user', objectId: 'bob' },
          { objectType: 'user', objectId: 'ann' },
        ],
        explanation: {
          'user:ann': [['folder:root#owner@user:ann']],
          'user:bob': [
            ['folder:sub#viewer@group:all#member', 'group:all#member@user:bob'],
            ['document:d1#reader@user:bob'],
          ],
        },
      },
    }));
    const found = await directory.findSubjects({
      objectType: 'document',
      objectId: 'd1',
      relation: 'can_read',
      subjectType: 'user',
    });
    expect(found).toEqual([
      {
        type: 'user',
        id: 'ann',
        paths: [
          [
            {
              objectType: 'folder',
              objectId: 'root',
              relation: 'owner',
              subjectType: 'user',
              subjectId: 'ann',
            },
          ],
        ],
      },
      {
        type: 'user',
        id: 'bob',
        paths: [
          [
            {
              objectType: 'document',
              objectId: 'd1',
              relation: 'reader',
              subjectType: 'user',
              subjectId: 'bob',
            },
          ],
          [
            {
              objectType: 'folder',
              objectId: 'sub',
              relation: 'viewer',
              subjectType: 'group',
              subjectId: 'all',
              subjectRelation: 'member',
            },
            {
              objectType: 'group',
              objectId: 'all',
              relation: 'member',
              subjectType: 'user',
              subjectId: 'bob',
            },
          ],
        ],
      },
    ]);
    expect(responder.requests('GetGraph').at(-1)).toMatchObject({
      objectId: 'd1',
      subjectId: '',
      subjectRelation: '',
      explain: true,
    });
  });

  it("rejects with Topaz's reason when the model does not know a name", async () => {
    responder.on(Reader.method.getGraph, () => ({ status: 5, text: 'E20026 object type not found: report' }));
    const error = await directory
      .findObjects({ objectType: 'report', relation: 'can_read', subjectType: 'user', subjectId: 'ann' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TopazDirectoryError', code: 'invalid_request' });
    expect(String((error as Error).message)).toMatch(/object type not found: report/);
  });
});

describe('parseRelationText', () => {
  it('reads ids that hold @, : or # where names cannot be', () => {
    expect(parseRelationText('user:ann@example.com#identifier@identity:ann@example.com')).toEqual({
      objectType: 'user',
      objectId: 'ann@example.com',
      relation: 'identifier',
      subjectType: 'identity',
      subjectId: 'ann@example.com',
    });
    expect(parseRelationText('document:a:b#reader@group:x:y#member')).toEqual({
      objectType: 'document',
      objectId: 'a:b',
      relation: 'reader',
      subjectType: 'group',
      subjectId: 'x:y',
      subjectRelation: 'member',
    });
    expect(parseRelationText('not a relation')).toBeUndefined();
  });
});
