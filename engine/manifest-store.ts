/**
 * The model API (`GetManifest`, `SetManifest`, `DeleteManifest`) over a store whose model is
 * fixed: the embedded relation stores take their manifest when they are created and cannot
 * change it while running. `GetManifest` returns the model as manifest YAML; `SetManifest`
 * accepts a manifest that describes the same model (so re-applying the deployed file succeeds)
 * and refuses any other change, as does `DeleteManifest`.
 */
import { createHash } from 'node:crypto';
import { type DirectoryModel, parseManifest } from './directory/index.ts';
import { EngineError } from './engine-error.ts';
import { renderManifest } from './manifest-text.ts';
import type { ManifestStore, StoredManifest } from './server/index.ts';

const READ_ONLY =
  'the embedded directory model is fixed when its relation store is created: change the manifest file and restart';

/**
 * A {@link ManifestStore} showing `model`.
 *
 * @param model the store's model
 * @param updatedAt when the model was loaded
 * @example
 * const manifests = createFixedManifestStore(store.model, new Date());
 * (await manifests.getManifest())?.body; // 'model:\n  version: 3\ntypes: …'
 */
export function createFixedManifestStore(model: DirectoryModel, updatedAt: Date): ManifestStore {
  const body = renderManifest(model);
  const manifest: StoredManifest = {
    body,
    etag: createHash('sha256').update(body).digest('hex').slice(0, 16),
    updatedAt,
  };
  return {
    async getManifest() {
      return manifest;
    },
    async setManifest(text: string) {
      const proposed = renderManifest(parseManifest(text, 'manifest'));
      if (proposed !== body)
        throw new EngineError('invalid_request', `cannot change the manifest: ${READ_ONLY}`);
    },
    async deleteManifest() {
      throw new EngineError('invalid_request', `cannot delete the manifest: ${READ_ONLY}`);
    },
  };
}
