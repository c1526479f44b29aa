import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRelationStore, DirectoryError, parseManifest } from './index.ts';
import { runRelationStoreContract } from './relation-store.contract.ts';

runRelationStoreContract('memory', async (options) => createMemoryRelationStore(options), {
  describe,
  it,
  expect,
  afterEach,
});

describe('createMemoryRelationStore', () => {
  it('refuses options without a parsed manifest, naming the field', () => {
    expect(() => createMemoryRelationStore({ manifest: 'model: {version: 3}' as never })).toThrow(
      /invalid memory relation store options: manifest: must be a model returned by parseManifest/,
    );
    const manifest = parseManifest('model: {version: 3}\ntypes: {}\n');
    const error = (() => {
      try {
        createMemoryRelationStore({ manifest, limits: { maxDepth: 0 } });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DirectoryError);
    expect((error as DirectoryError).code).toBe('invalid_options');
    expect((error as DirectoryError).message).toMatch(/limits\.maxDepth/);
  });
});
