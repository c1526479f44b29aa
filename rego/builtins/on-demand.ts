/**
 * Standard built-ins whose large families (`on-demand-families.ts`) load only when Rego that may
 * call them is about to be compiled: the embedded engine starts without the X.509, JWT and
 * GraphQL libraries unless its policies use them.
 */
import type { BuiltinDefinition, BuiltinRegistry } from '../builtin.ts';
import { ON_DEMAND_FAMILIES, type OnDemandFamily } from './on-demand-families.ts';
import { register } from './registration.ts';
import {
  requestedRelease,
  residentBuiltins,
  residentOverlays,
  type StandardBuiltinsOptions,
} from './resident-builtins.ts';

/** Options of {@link createOnDemandBuiltins}. */
export interface OnDemandBuiltinsOptions extends StandardBuiltinsOptions {
  /** Further built-ins (e.g. `ds.*`), added after the standard ones; a family loaded later never replaces one of these. */
  additional?: readonly BuiltinDefinition[];
}

/** A registry of standard built-ins that grows by the families the Rego it is prepared for may call. */
export interface OnDemandBuiltins {
  /**
   * The registry to compile with: the resident families and `additional` from the start, each
   * on-demand family once loaded. The same map throughout (policy sets compiled with it see
   * families loaded later).
   */
  readonly registry: BuiltinRegistry;
  /** Loads the families `sources` (Rego modules or queries, as text) may call; resolves when they are in the registry. */
  prepareFor(sources: Iterable<string>): Promise<void>;
  /** Loads every family: the registry then holds what `createStandardBuiltins` returns. */
  loadAll(): Promise<void>;
}

/**
 * Standard built-ins (as `createStandardBuiltins` with the same options) whose X.509, JWT and
 * GraphQL families load on demand: before compiling Rego, `await prepareFor(texts)`.
 * @param options as `createStandardBuiltins`, and `additional` built-ins
 * @throws {RegoError} `invalid_options` for a release the engine does not follow
 * @example
 * const builtins = createOnDemandBuiltins();
 * await builtins.prepareFor([source]);
 * const set = compilePolicies([{ file: 'p.rego', source }], { builtins: builtins.registry });
 */
export function createOnDemandBuiltins(options: OnDemandBuiltinsOptions = {}): OnDemandBuiltins {
  const version = requestedRelease(options);
  const registry = register(new Map(), [...residentBuiltins(options), ...residentOverlays(version)], version);
  const additional = options.additional ?? [];
  // As given: the caller's own built-ins are not the standard ones' to adapt.
  for (const d of additional) registry.set(d.name, d);
  const reserved = new Set(additional.map((d) => d.name));
  const loading = new Map<OnDemandFamily, Promise<void>>();
  const load = (family: OnDemandFamily): Promise<void> => {
    let loaded = loading.get(family);
    if (!loaded) {
      loaded = family.load().then((definitionsOf) => {
        register(
          registry,
          definitionsOf(version).filter((d) => !reserved.has(d.name)),
          version,
        );
      });
      // A failed import may be retried by the next preparation.
      loaded.catch(() => loading.delete(family));
      loading.set(family, loaded);
    }
    return loaded;
  };
  return {
    registry,
    async prepareFor(sources) {
      const texts = [...sources];
      await Promise.all(ON_DEMAND_FAMILIES.filter((f) => texts.some((t) => f.mentionedIn(t))).map(load));
    },
    async loadAll() {
      await Promise.all(ON_DEMAND_FAMILIES.map(load));
    },
  };
}
