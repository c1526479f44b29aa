/**
 * The embedded decision service: core's `DecisionService` port over the Rego engine and a
 * relation store, in-process. It also offers what the Topaz-compatible server asks of an engine
 * beyond the port (`ListPolicies`, `Query`, the model API), so one object can be served as is.
 */
import type { DecideOptions, DecisionQuery, DecisionService, Decisions } from '../core/index.ts';
import { DecisionServiceError } from '../core/index.ts';
import { DecisionRefs, decisionInput, identityInput } from './decision-input.ts';
import { createDirectoryBuiltins, type RelationStore } from './directory/index.ts';
import {
  type EmbeddedDecisionServiceConfig,
  type EmbeddedDecisionServiceOptions,
  embeddedDecisionServiceSchema,
  parseEngineOptions,
} from './embedded-service-options.ts';
import { LivePolicies } from './live-policies.ts';
import type { PolicyLoadSettings } from './loaded-policies.ts';
import { createFixedManifestStore } from './manifest-store.ts';
import { standardBuiltins } from './rego/builtins/index.ts';
import type { BuiltinDefinition, EvalOptions } from './rego/index.ts';
import { runRegoQuery } from './rego-query.ts';
import type {
  ManifestStore,
  PolicyCatalog,
  PolicyModule,
  RegoQuery,
  RegoQueryEvaluator,
  RegoQueryResult,
  StoredManifest,
} from './server/index.ts';

/**
 * The embedded engine as a decision service. Besides the port it is a `PolicyCatalog`, a
 * `RegoQueryEvaluator` and a `ManifestStore` for the Topaz-compatible server.
 */
export interface EmbeddedDecisionService
  extends DecisionService,
    PolicyCatalog,
    RegoQueryEvaluator,
    ManifestStore {
  /** The loaded policy packages (dotted, without `data.`), sorted. */
  readonly packages: readonly string[];
  /** The relation store (core's `RelationDirectory`); the service does not close it. */
  readonly directory: RelationStore;
  decideBatch(queries: readonly DecisionQuery[], options?: DecideOptions): Promise<Decisions[]>;
  /**
   * Reads and compiles the policies again and swaps them in at once. On failure the loaded
   * policies stay in force and the promise rejects (`RegoError` naming file and line).
   */
  reload(): Promise<void>;
  /** Stops the watcher; later decisions fail with `service_unavailable`. The store stays open. */
  close(): Promise<void>;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

class Engine implements EmbeddedDecisionService {
  readonly directory: RelationStore;
  readonly #config: EmbeddedDecisionServiceConfig;
  readonly #policies: LivePolicies;
  readonly #manifests: ManifestStore;
  readonly #refs = new DecisionRefs();
  #closed = false;

  constructor(config: EmbeddedDecisionServiceConfig, policies: LivePolicies) {
    this.#config = config;
    this.#policies = policies;
    this.directory = config.store;
    this.#manifests = createFixedManifestStore(
      config.store.model,
      new Date(config.clock?.now() ?? Date.now()),
    );
  }

  get packages(): readonly string[] {
    return this.#policies.current.packages;
  }

  async decide(query: DecisionQuery, options?: DecideOptions): Promise<Decisions> {
    return this.#decide(query, options);
  }

  async decideBatch(queries: readonly DecisionQuery[], options?: DecideOptions): Promise<Decisions[]> {
    if (!Array.isArray(queries))
      throw new DecisionServiceError('invalid_request', 'queries must be an array');
    return queries.map((query) => this.#decide(query, options));
  }

  #decide(query: DecisionQuery, options: DecideOptions | undefined): Decisions {
    this.#ensureAvailable(options?.signal);
    const { policyPath, decisions, refs, input } = decisionInput(query, this.#refs);
    const loaded = this.#policies.current;
    if (!loaded.documents.has(policyPath)) {
      throw new DecisionServiceError(
        'policy_not_found',
        `no policy defines ${policyPath} (policies from ${this.#config.policiesDir})`,
      );
    }
    const evalOptions = this.#evalOptions();
    const result: Record<string, boolean> = {};
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i] as string;
      try {
        result[decisions[i] as string] = loaded.set.evaluate(ref, input, evalOptions) === true;
      } catch (e) {
        throw new DecisionServiceError('evaluation_failed', `evaluating ${ref} failed: ${message(e)}`, {
          cause: e,
        });
      }
    }
    return result;
  }

  async query(query: RegoQuery): Promise<readonly RegoQueryResult[]> {
    this.#ensureAvailable(query.signal);
    const input = { ...query.input, identity: identityInput(query.identity) };
    return runRegoQuery(this.#policies.current.set, query.query, input, this.#evalOptions() ?? {});
  }

  async listPolicies(): Promise<readonly PolicyModule[]> {
    return this.#policies.current.modules;
  }

  getManifest(): Promise<StoredManifest | undefined> {
    return this.#manifests.getManifest();
  }

  setManifest(body: string): Promise<void> {
    return this.#manifests.setManifest(body);
  }

  deleteManifest(): Promise<void> {
    return this.#manifests.deleteManifest();
  }

  reload(): Promise<void> {
    return this.#policies.reload();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#policies.close();
  }

  #ensureAvailable(signal: AbortSignal | undefined): void {
    if (this.#closed) {
      throw new DecisionServiceError('service_unavailable', 'the embedded decision service is closed');
    }
    if (signal?.aborted) {
      throw new DecisionServiceError('deadline_exceeded', 'the call was aborted before evaluation', {
        cause: signal.reason,
      });
    }
  }

  #evalOptions(): EvalOptions | undefined {
    const { strictBuiltinErrors, clock } = this.#config;
    if (!strictBuiltinErrors && !clock) return undefined;
    return {
      strict: strictBuiltinErrors,
      nowNs: clock ? BigInt(Math.round(clock.now())) * 1_000_000n : undefined,
    };
  }
}

/**
 * Loads and compiles every policy below `policiesDir` and returns the decision service. A
 * policy the engine cannot evaluate fails start-up with a `RegoError` naming file, line and
 * column; options are checked first (`EngineError` `invalid_options`).
 *
 * `decide` evaluates `data.<policyPath>.<decision>` with
 * `input = { identity: { type, value }, policy: { path, decisions }, resource }`; a decision is
 * `true` only when the rule's value is exactly `true`. A path no policy defines is
 * `policy_not_found`; an evaluation error (conflict, limits, strict built-in error) is
 * `evaluation_failed`; a malformed query is `invalid_request`.
 *
 * @param options.policiesDir every `*.rego` below it; `*_test.rego` only for `runPolicyTests`
 * @param options.store the relation store behind `ds.*` (memory or Postgres); its manifest is the model
 * @param options.watch reload on file change (default false); `watchDebounceMs` default 100
 * @param options.limits `maxSteps` (default 1,000,000) and `maxMillis` (default 1,000) per decision
 * @param options.data base document (default `{}`); `regoVersion` default `v0`
 * @param options.onReload called after every reload attempt; failures also go to `logger.warn`
 * @example
 * const store = createMemoryRelationStore({ manifest: await loadManifestFile('policies/manifest.yaml') });
 * const service = await createEmbeddedDecisionService({ policiesDir: 'policies', store, watch: true });
 * const { allowed } = await service.decide({
 *   identity: { type: 'IDENTITY_TYPE_SUB', value: 'alice' },
 *   policyPath: 'webapp.GET.api.documents.__id',
 *   decisions: ['allowed'],
 *   resourceContext: { id: '1' },
 * });
 * await service.close();
 */
export async function createEmbeddedDecisionService(
  options: EmbeddedDecisionServiceOptions,
): Promise<EmbeddedDecisionService> {
  const config = parseEngineOptions(embeddedDecisionServiceSchema, options, 'embedded decision service');
  const directoryBuiltins = createDirectoryBuiltins(config.store).map((b): [string, BuiltinDefinition] => [
    b.name,
    b,
  ]);
  const settings: PolicyLoadSettings = {
    builtins: new Map([...standardBuiltins, ...directoryBuiltins]),
    data: config.data,
    version: config.regoVersion,
    limits: config.limits,
  };
  const policies = await LivePolicies.load(config.policiesDir, settings, config);
  if (config.watch) policies.watch(config.watchDebounceMs);
  return new Engine(config, policies);
}
