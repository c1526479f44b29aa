/**
 * The set rule `webapp.check.allowed_object_ids` (what a list may show, decided at once) against
 * `webapp.check.allowed` asked object by object, on the embedded engine with the application's
 * policies and manifest — with Gatehouse's input and with Topaz's (the real Topaz runs the same
 * comparison in allowed-object-ids.topaz.test.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryRelationStore } from '@gatehousejs/engine';
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { describe, expect, it } from 'vitest';
import {
  BOB_READS,
  compareSetWithOneByOne,
  SET_FIXTURE_OBJECTS,
  SET_FIXTURE_RELATIONS,
} from '../test/support/set-decision-fixture.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe.each(['gatehouse', 'topaz'] as const)(
  'allowed_object_ids on the embedded engine (%s input)',
  (input) => {
    it('holds for exactly the objects `allowed` holds for, whoever asks, from wherever, about whatever', async () => {
      const store = createMemoryRelationStore({
        manifest: await loadManifestFile(path.join(here, 'manifest.yaml')),
      });
      for (const object of SET_FIXTURE_OBJECTS) await store.setObject(object);
      for (const relation of SET_FIXTURE_RELATIONS) await store.setRelation(relation);
      const engine = await createEmbeddedDecisionService({
        policiesDir: here,
        store,
        input,
        setDecisions: true,
      });
      try {
        const comparisons = await compareSetWithOneByOne(engine);
        for (const { label, set, oneByOne } of comparisons) expect(set, label).toEqual(oneByOne);
        const find = (label: string) => comparisons.find((c) => c.label === label)?.set;
        expect(find('bob at GB: document can_read')).toEqual(BOB_READS);
        expect(find('cy at GB: document can_write')).toEqual(['team_w']);
        expect(find('cy at GB: folder can_write')).toEqual(['other']);
        expect(find('bob at GB: folder can_read')).toEqual(['sub', 'top']);
        expect(find('nobody at GB: document can_read')).toEqual(['public']);
        expect(find('anonymous at absent: document can_read')).toEqual(['public']);
        expect(find('anonymous at GB: document can_write')).toEqual([]);
        expect(find('rick at CN: document can_read')).toEqual([]);
        expect(find('rick at GB: document can_read')).toEqual(['public', 'ricks']);
        expect(find('bob at unknown: document can_read')).toEqual([]);
      } finally {
        await engine.close();
      }
    });
  },
);
