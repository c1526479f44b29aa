/**
 * The `store` option of the embedded service when it is a promise: the policies compile against a
 * view whose `reader` and `model` are the store's once it has loaded. No decision runs before the
 * service is returned, and the service is returned only after the load, so the view is never read
 * early; reading it early is a bug, reported as one.
 */
import type { RelationStore } from '@gatehousejs/directory';
import { loadedStoreSchema, parseEngineOptions } from './embedded-service-options.ts';

/** A relation store given now or still loading. */
export interface LoadingStore {
  /** What `ds.*` read: the store's `reader` and `model`, once loaded. */
  readonly view: Pick<RelationStore, 'reader' | 'model'>;
  /** The store, checked (`invalid_options` when the promise resolved to something else). */
  readonly loaded: Promise<RelationStore>;
}

function isRelationStore(store: RelationStore | PromiseLike<RelationStore>): store is RelationStore {
  return typeof (store as PromiseLike<RelationStore>).then !== 'function';
}

/**
 * Wraps the `store` option.
 *
 * @example
 * const { view, loaded } = loadingStore(createPostgresRelationStore({ sql, manifest }));
 * // compile with `view`, then: const store = await loaded;
 */
export function loadingStore(store: RelationStore | PromiseLike<RelationStore>): LoadingStore {
  if (isRelationStore(store)) return { view: store, loaded: Promise.resolve(store) };
  let resolved: RelationStore | undefined;
  const loaded = Promise.resolve(store).then((value) => {
    resolved = parseEngineOptions(loadedStoreSchema, { store: value }, 'embedded decision service').store;
    return resolved;
  });
  // Awaited by the caller after compiling; a failure meanwhile is not unhandled.
  loaded.catch(() => {});
  const current = (): RelationStore => {
    if (!resolved) throw new Error('the relation store was read before it had loaded');
    return resolved;
  };
  return {
    view: {
      get reader() {
        return current().reader;
      },
      get model() {
        return current().model;
      },
    },
    loaded,
  };
}
