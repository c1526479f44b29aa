/**
 * The embedded engine as `eval` runs it: the policies of a directory, a memory
 * relation store over the directory manifest (`--manifest`, else `<policies>/manifest.yaml` when
 * present, else an empty model), optionally filled from a relations file.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@gatehousejs/core';
import {
  createMemoryRelationStore,
  type OpaVersion,
  parseManifest,
  type RegoVersion,
  type RelationStore,
} from '@gatehousejs/engine';
import {
  createEmbeddedDecisionService,
  type EmbeddedDecisionService,
  loadManifestFile,
  type ReloadEvent,
} from '@gatehousejs/engine/node';
import { loadDirectoryContents, readRelationsFile } from './relations-file.ts';

/** What to load. */
export interface EngineSessionOptions {
  readonly policiesDir: string;
  /** The directory manifest (default `<policiesDir>/manifest.yaml` when it exists). */
  readonly manifestFile?: string | undefined;
  /** Objects and relations to load into the store (see `relations-file.ts`). */
  readonly relationsFile?: string | undefined;
  readonly regoVersion: RegoVersion;
  /** The OPA release whose language and built-ins the policies get (default `v1.15.2`). */
  readonly opaVersion?: OpaVersion;
  /** How a file is named in messages (default: as given). */
  readonly shown?: (file: string) => string;
  /** Reload the policies when a file changes (default false). */
  readonly watch?: boolean;
  readonly onReload?: (event: ReloadEvent) => void;
  readonly logger: Logger;
}

/** A running engine and its store. */
export interface EngineSession {
  readonly service: EmbeddedDecisionService;
  readonly store: RelationStore;
  /** The manifest file used, or `undefined` for the empty model. */
  readonly manifestFile: string | undefined;
  /** Closes the service, then the store. */
  close(): Promise<void>;
}

async function defaultManifest(policiesDir: string): Promise<string | undefined> {
  const candidate = path.join(policiesDir, 'manifest.yaml');
  return (await stat(candidate).then(
    (s) => s.isFile(),
    () => false,
  ))
    ? candidate
    : undefined;
}

/**
 * Opens the engine.
 *
 * @throws {RegoError} for a policy the engine refuses (file:line:column), {@link ManifestError}
 *   for a bad manifest, `AuthzToolError` for a bad relations file, `EngineError` for an unreadable directory
 * @example
 * const session = await openEngineSession({ policiesDir: 'policies', regoVersion: 'v0', logger });
 */
export async function openEngineSession(options: EngineSessionOptions): Promise<EngineSession> {
  const manifestFile = options.manifestFile ?? (await defaultManifest(options.policiesDir));
  const manifest = manifestFile
    ? await loadManifestFile(manifestFile)
    : parseManifest('model:\n  version: 3\n', '(no manifest)');
  const store = createMemoryRelationStore({ manifest });
  try {
    const file = options.relationsFile;
    if (file) {
      const name = options.shown?.(file) ?? file;
      await loadDirectoryContents(store, await readRelationsFile(file, name), name);
    }
    const service = await createEmbeddedDecisionService({
      policiesDir: options.policiesDir,
      store,
      regoVersion: options.regoVersion,
      ...(options.opaVersion ? { opaVersion: options.opaVersion } : {}),
      watch: options.watch ?? false,
      onReload: options.onReload,
      logger: options.logger,
    });
    return {
      service,
      store,
      manifestFile,
      close: async () => {
        await service.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
