import { runRelationGraphContract } from '@gatehousejs/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ARROW_THROUGH_SETS_EXPECTED,
  ARROW_THROUGH_SETS_MANIFEST,
  ARROW_THROUGH_SETS_RELATIONS,
  arrowThroughSetsAnswers,
} from './arrow-through-sets.fixture.ts';
import { createMemoryRelationStore, DirectoryError, parseManifest } from './index.ts';
import { runRelationStoreContract } from './relation-store.contract.ts';

runRelationStoreContract('memory', async (options) => createMemoryRelationStore(options), {
  describe,
  it,
  expect,
  afterEach,
});

runRelationGraphContract('memory store', async (fixture) => {
  const store = createMemoryRelationStore({ manifest: parseManifest(fixture.manifest) });
  for (const relation of fixture.relations) await store.setRelation(relation);
  return { graph: store, close: () => store.close() };
});

describe('createMemoryRelationStore', () => {
  it('searches the graph through an arrow whose base holds a subject set, both ways', async () => {
    const store = createMemoryRelationStore({ manifest: parseManifest(ARROW_THROUGH_SETS_MANIFEST) });
    for (const relation of ARROW_THROUGH_SETS_RELATIONS) await store.setRelation(relation);
    expect(await arrowThroughSetsAnswers(store)).toEqual(ARROW_THROUGH_SETS_EXPECTED);
  });

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
