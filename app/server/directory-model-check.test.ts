import { readFile } from 'node:fs/promises';
import { parseManifest } from '@gatehousejs/engine';
import { describe, expect, it } from 'vitest';
import { AuthorizationStartError } from './authorization-error.ts';
import { checkDirectoryModel, missingFromModel } from './directory-model-check.ts';

const manifestFile = new URL('../../policies/manifest.yaml', import.meta.url);
const shipped = await readFile(manifestFile, 'utf8');

const model = (text: string) => parseManifest(text, 'manifest.yaml');

function refusal(run: () => void): AuthorizationStartError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthorizationStartError);
    return error as AuthorizationStartError;
  }
  throw new Error('the start was not refused');
}

describe('the directory model the application needs', () => {
  it('is all in the shipped manifest', () => {
    expect(missingFromModel(model(shipped), { user: {} })).toEqual([]);
    expect(() => checkDirectoryModel(model(shipped), 'policies/manifest.yaml')).not.toThrow();
  });

  it('names a missing object type, a relation, a subject a relation does not admit and a permission', () => {
    const lacking = [
      'model:',
      '  version: 3',
      'types:',
      '  user:',
      '    relations:',
      '      identifier: identity',
      '  identity: {}',
      '  folder:',
      '    relations:',
      '      owner: user',
      '      writer: user',
      '      reader: user',
      '      parent: folder',
      '    permissions:',
      '      can_read: owner | writer | reader | parent->can_read',
      '      can_write: owner | writer | parent->can_write',
      '      can_delete: owner',
      '  document:',
      '    relations:',
      '      owner: user',
      '      writer: user',
      '      reader: user',
      '    permissions:',
      '      can_read: owner | writer | reader',
      '      can_write: owner | writer',
      '      can_delete: owner',
      '      can_share: owner',
      '',
    ].join('\n');
    const error = refusal(() => checkDirectoryModel(model(lacking), 'Topaz at 127.0.0.1:9292'));
    expect(error.code).toBe('directory_model_incomplete');
    expect(error.message).toBe(
      'Topaz at 127.0.0.1:9292 lacks what the application writes and asks: object type group, ' +
        'relation folder#writer (group#member), relation folder#reader (group#member), ' +
        'permission folder#can_share, relation document#writer (group#member), ' +
        'relation document#reader (group#member | user:*), relation document#parent (folder)',
    );
  });

  it('refuses a directory without any model in one line saying what to set', () => {
    const error = refusal(() => checkDirectoryModel(undefined, "Topaz's directory at 127.0.0.1:9292"));
    expect(error.message).toBe(
      "Topaz's directory at 127.0.0.1:9292 has no directory model (no manifest set): set the application's policies/manifest.yaml",
    );
  });

  it('names the identity relation Topaz resolves signed-in users through', () => {
    const text = 'model:\n  version: 3\ntypes:\n  user: {}\n  identity: {}\n';
    expect(
      missingFromModel(model(text), { user: { relations: { identifier: ['identity'] } }, identity: {} }),
    ).toEqual(['relation user#identifier (identity)']);
  });
});
