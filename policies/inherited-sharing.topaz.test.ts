/**
 * The sharing model on a real Topaz (`npm run test:topaz`): the application's manifest and policies
 * loaded into topazd decide folder inheritance at depth, group shares, a move out of a folder and a
 * removed member exactly as the embedded engine does (policies/inherited-sharing.test.ts), and
 * Topaz's GetGraph explains who reaches a document through what.
 */
import type { DirectoryObject, Identity } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relationOf } from '../test/support/relation-text.ts';
import { startTestTopaz, type TestTopaz } from '../test/support/topaz.ts';

const PERMISSIONS = ['can_read', 'can_write', 'can_share', 'can_delete'] as const;
const NONE = [false, false, false, false];
const READ = [true, false, false, false];
const WRITE = [true, true, false, false];

describe('folder and group sharing on topazd', () => {
  let topaz: TestTopaz;
  const users = ['ann', 'ben', 'cy'];

  async function permissions(subject: string, objectType: string, id: string) {
    const identity: Identity = { type: 'IDENTITY_TYPE_SUB', value: subject };
    const decisions = await topaz.decisionService().decide({
      identity,
      policyPath: 'webapp.check',
      decisions: [...PERMISSIONS],
      resourceContext: {
        location: { country_code: 'GB' },
        object_type: objectType,
        object_id: id,
        subject_type: 'user',
      },
    });
    return PERMISSIONS.map((p) => decisions[p]);
  }

  beforeAll(async () => {
    topaz = await startTestTopaz();
    const objects: DirectoryObject[] = [
      ...users.flatMap((id) => [
        { type: 'user', id },
        { type: 'identity', id },
      ]),
      { type: 'group', id: 'team' },
      ...['top', 'l1', 'l2', 'l3'].map((id) => ({ type: 'folder', id })),
      { type: 'document', id: 'deep' },
      { type: 'document', id: 'memo' },
    ];
    const relations = [
      ...users.map((id) => relationOf(`user:${id}`, 'identifier', `identity:${id}`)),
      relationOf('group:team', 'owner', 'user:ann'),
      relationOf('group:team', 'member', 'user:cy'),
      relationOf('folder:top', 'owner', 'user:ann'),
      relationOf('folder:l1', 'parent', 'folder:top'),
      relationOf('folder:l2', 'parent', 'folder:l1'),
      relationOf('folder:l3', 'parent', 'folder:l2'),
      relationOf('document:deep', 'owner', 'user:ann'),
      relationOf('document:deep', 'parent', 'folder:l3'),
      relationOf('folder:top', 'reader', 'user:ben'),
      relationOf('document:memo', 'owner', 'user:ann'),
      relationOf('document:memo', 'writer', 'group:team', 'member'),
    ];
    await topaz.load(objects, relations);
  });
  afterAll(async () => {
    await topaz?.stop();
  });

  it('lets a folder share reach a document four levels down, and a group share every member', async () => {
    expect(await permissions('ben', 'document', 'deep')).toEqual(READ);
    expect(await permissions('ben', 'folder', 'l2')).toEqual(READ);
    expect(await permissions('cy', 'document', 'memo')).toEqual(WRITE);
    expect(await permissions('cy', 'document', 'deep')).toEqual(NONE);
    expect(await permissions('cy', 'group', 'team')).toEqual(READ);
    expect(await permissions('ann', 'group', 'team')).toEqual([true, true, true, true]);
  });

  it('explains who reaches a document through what (GetGraph)', async () => {
    const readers = await topaz.directory().findSubjects({
      objectType: 'document',
      objectId: 'deep',
      relation: 'can_read',
      subjectType: 'user',
    });
    expect(readers.map((r) => r.id)).toEqual(['ann', 'ben']);
    const ben = readers.find((r) => r.id === 'ben')!;
    expect(
      ben.paths.some((path) => path.some((step) => step.objectId === 'top' && step.relation === 'reader')),
    ).toBe(true);
  });

  it('ends what a move out of the folder, a revoked share and a removed member gave', async () => {
    const directory = topaz.directory();
    await directory.deleteRelation(relationOf('document:deep', 'parent', 'folder:l3'));
    expect(await permissions('ben', 'document', 'deep')).toEqual(NONE);
    await directory.setRelation(relationOf('document:deep', 'parent', 'folder:l3'));
    expect(await permissions('ben', 'document', 'deep')).toEqual(READ);
    await directory.deleteRelation(relationOf('folder:top', 'reader', 'user:ben'));
    expect(await permissions('ben', 'folder', 'l1')).toEqual(NONE);
    expect(await permissions('ben', 'document', 'deep')).toEqual(NONE);
    await directory.deleteRelation(relationOf('group:team', 'member', 'user:cy'));
    expect(await permissions('cy', 'document', 'memo')).toEqual(NONE);
  });
});
