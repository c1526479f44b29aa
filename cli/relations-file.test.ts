import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createMemoryRelationStore } from '@gatehousejs/engine';
import { loadManifestFile } from '@gatehousejs/engine/node';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthzToolError } from './errors.ts';
import { temporaryDirectory } from './fixtures/run-cli.ts';
import { loadDirectoryContents, readRelationsFile } from './relations-file.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function fileWith(name: string, text: string): Promise<string> {
  const { dir, remove } = await temporaryDirectory();
  cleanups.push(remove);
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

async function storeOf() {
  return createMemoryRelationStore({ manifest: await loadManifestFile('cli/fixtures/rebac/manifest.yaml') });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthzToolError);
  return (error as Error).message;
}

describe('relations files', () => {
  it('loads objects and relations (YAML) into a store the ds.* built-ins read', async () => {
    const store = await storeOf();
    await loadDirectoryContents(
      store,
      await readRelationsFile('cli/fixtures/rebac/relations.yaml'),
      'relations.yaml',
    );
    const check = (subjectId: string, relation: string) =>
      store.checkNow({ objectType: 'document', objectId: 'd1', relation, subjectType: 'user', subjectId });
    expect(check('ann', 'can_write')).toBe(true);
    expect(check('bob', 'can_read')).toBe(true);
    expect(check('bob', 'can_write')).toBe(false);
    expect(store.reader.object('document', 'd1')?.displayName).toBe("Ann's plan");
  });

  it('accepts a bare JSON array of relations, with subject sets', async () => {
    const file = await fileWith(
      'relations.json',
      JSON.stringify([
        {
          object_type: 'document',
          object_id: 'd2',
          relation: 'reader',
          subject_type: 'user',
          subject_id: '*',
        },
        // zoe holds something, so Topaz's check pre-condition lets the wildcard reach her.
        {
          object_type: 'document',
          object_id: 'd3',
          relation: 'owner',
          subject_type: 'user',
          subject_id: 'zoe',
        },
      ]),
    );
    const contents = await readRelationsFile(file);
    expect(contents.objects).toEqual([]);
    const store = await storeOf();
    await loadDirectoryContents(store, contents, file);
    expect(
      store.checkNow({
        objectType: 'document',
        objectId: 'd2',
        relation: 'can_read',
        subjectType: 'user',
        subjectId: 'zoe',
      }),
    ).toBe(true);
  });

  it('names the line of a syntax error and the entry of a bad relation', async () => {
    const syntax = await fileWith('bad.yaml', 'relations:\n  - object_type: [document\n');
    expect(await refusal(readRelationsFile(syntax, 'bad.yaml'))).toMatch(
      /^bad\.yaml:\d+:\d+: not valid YAML or JSON: /,
    );
    const field = await fileWith('field.yaml', 'relations:\n  - object_type: document\n    object_id: d1\n');
    expect(await refusal(readRelationsFile(field, 'field.yaml'))).toBe(
      'field.yaml: relations[0].relation: Invalid input: expected string, received undefined',
    );
    const unknown = await fileWith(
      'unknown.yaml',
      'relations:\n  - { object_type: document, object_id: d1, relation: editor, subject_type: user, subject_id: ann }\n',
    );
    const store = await storeOf();
    const message = await refusal(
      loadDirectoryContents(store, await readRelationsFile(unknown), 'unknown.yaml'),
    );
    expect(message).toMatch(/^unknown\.yaml: relations\[0\] \(document:d1#editor@user:ann\): /);
    expect(await refusal(readRelationsFile('cli/fixtures/none.yaml'))).toMatch(
      /^cannot read cli\/fixtures\/none\.yaml: /,
    );
  });
});
