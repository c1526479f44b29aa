/**
 * The decision service and relation directory the application runs on. The composition root
 * chooses one; this module offers the embedded engine with its directory in the application's
 * PostgreSQL database (schema `directory`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DecisionService, RelationDirectory, RelationGraph } from '@gatehousejs/core';
import {
  createEmbeddedDecisionService,
  type EmbeddedDecisionService,
  loadManifestFile,
} from '@gatehousejs/engine/node';
import { createPostgresRelationStore } from '@gatehousejs/engine/postgres';
import type { Database } from '../db/index.ts';
import { type DirectoryReplica, directoryCopyReplica } from '../directory-sync/index.ts';
import { checkDirectoryModel } from './directory-model-check.ts';

/** A decision service with its directory. */
export interface AuthorizationBackend {
  /** One line for the start-up banner, e.g. `embedded engine (policies/, 16 packages)`. */
  readonly description: string;
  readonly decisionService: DecisionService;
  readonly directory: RelationDirectory;
  /** Graph searches on the same directory (who reaches what, and why). */
  readonly graph: RelationGraph;
  /**
   * This process's copy of the directory, when it keeps one (the embedded engine); absent for a
   * directory every replica reads directly (Topaz).
   */
  readonly replica?: DirectoryReplica;
  /** The packages of the policies the service evaluates (start-up validation). */
  readonly policyPackages: readonly string[];
  close(): Promise<void>;
}

/**
 * The engine without set questions, for a store loaded on demand: there the graph searches of a
 * set rule (`webapp.check.allowed_object_ids`) are statements of their own, while a store loaded
 * whole walks them in memory; lists are then decided item by item.
 */
function itemByItem(engine: EmbeddedDecisionService): DecisionService {
  return {
    decide: (query, options) => engine.decide(query, options),
    decideBatch: (queries, options) => engine.decideBatch(queries, options),
  };
}

/** The package's own `policies/` folder. */
export const DEFAULT_POLICIES_DIR = fileURLToPath(new URL('../../policies', import.meta.url));

/** Options of {@link startEmbeddedAuthorization}. */
export interface EmbeddedAuthorizationOptions {
  /**
   * The application's database (migrated); the directory lives in its schema `directory`. A
   * promise of it lets the policies compile while the database starts.
   */
  readonly sql: Database | PromiseLike<Database>;
  /** Rego policies and `manifest.yaml` (default: the package's `policies/`). */
  readonly policiesDir?: string;
  /** Let signed-in users whose location is unknown through (default false: denied). */
  readonly allowUnknownLocation?: boolean;
  /**
   * What the process holds of the directory (default `auto`): every relation (`snapshot`), a
   * bounded cache of what checks read (`on-demand`), or `snapshot` up to 200,000 relations.
   */
  readonly directoryLoading?: 'auto' | 'snapshot' | 'on-demand';
  /** Reload the policies when a file changes (default false). */
  readonly watch?: boolean;
}

/**
 * The embedded engine over a PostgreSQL relation store, loading `policiesDir` and its manifest.
 *
 * @throws {ManifestError} / {RegoError} naming file and line when a policy or the manifest is invalid
 * @throws {AuthorizationStartError} `directory_model_incomplete` when the manifest lacks what the application uses
 * @example
 * const backend = await startEmbeddedAuthorization({ sql });
 * backend.policyPackages; // ['webapp.DELETE.api.documents.__id', …]
 */
export async function startEmbeddedAuthorization(
  options: EmbeddedAuthorizationOptions,
): Promise<AuthorizationBackend> {
  const policiesDir = path.resolve(options.policiesDir ?? DEFAULT_POLICIES_DIR);
  const manifestFile = path.join(policiesDir, 'manifest.yaml');
  const manifest = await loadManifestFile(manifestFile);
  checkDirectoryModel(manifest, `The directory manifest ${manifestFile}`);
  const loadingStore = Promise.resolve(options.sql).then((sql) =>
    createPostgresRelationStore({ sql, manifest, loading: options.directoryLoading ?? 'auto' }),
  );
  let engine: EmbeddedDecisionService;
  try {
    // The policies compile while the database starts and the store loads.
    engine = await createEmbeddedDecisionService({
      policiesDir,
      store: loadingStore,
      watch: options.watch ?? false,
      // Decide exactly as Topaz would on the same policies and relations: Topaz's input shape and
      // identity resolution (a signed-in user is found through its `identifier` relation).
      input: 'topaz',
      // A list's page is decided with one set question (see `itemByItem` for a store loaded on demand).
      setDecisions: true,
      data: { gatehouse: { location: { allow_unknown: options.allowUnknownLocation ?? false } } },
    });
  } catch (error) {
    // A store that loaded (or loads) for an engine that failed is closed; one that failed to load
    // failed the engine with its own error.
    await loadingStore.then(
      (store) => store.close(),
      () => {},
    );
    throw error;
  }
  // Resolved: the engine returned only once its store had loaded.
  const store = await loadingStore;
  return {
    description: `embedded engine (${policiesDir}, ${engine.packages.length} packages, directory in PostgreSQL, ${store.loading === 'snapshot' ? 'loaded whole' : 'loaded on demand'})`,
    decisionService: store.loading === 'snapshot' ? engine : itemByItem(engine),
    directory: store,
    graph: store,
    replica: directoryCopyReplica(store),
    policyPackages: engine.packages,
    async close() {
      await engine.close();
      await store.close();
    },
  };
}
