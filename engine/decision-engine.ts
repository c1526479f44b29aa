/**
 * The embedded engine as core's `DecisionService` port: the Rego engine over one generation of
 * policies at a time and a relation store, in-process. Beyond the port it lists its policy modules
 * and answers ad-hoc Rego queries (`authz-tool eval`). Runtime-neutral: where the policies come from
 * is the caller's (a directory in `./node`, text in the main entry).
 */
import type {
  DecideOptions,
  DecisionQuery,
  DecisionService,
  Decisions,
  SetDecisionQuery,
} from '@gatehousejs/core';
import { DecisionServiceError } from '@gatehousejs/core';
import type { RelationStore } from '@gatehousejs/directory';
import type { EvalOptions, PlainObject, PolicyBatch, Value } from '@gatehousejs/rego';
import {
  DecisionRefs,
  decisionInput,
  identityInput,
  type SharedInputParts,
  sharedInputParts,
} from './decision-input.ts';
import type { EngineSettings } from './embedded-service-options.ts';
import type {
  PolicyCatalog,
  PolicyModule,
  RegoQuery,
  RegoQueryEvaluator,
  RegoQueryResult,
} from './engine-capabilities.ts';
import type { LoadedPolicies } from './loaded-policies.ts';
import { runRegoQuery } from './rego-query.ts';
import { setMembers } from './set-decision.ts';
import { type CallerInputs, callerInputs, topazDecisionInput } from './topaz-input.ts';

/**
 * The embedded engine as a decision service. Besides the port it is a `PolicyCatalog` and a
 * `RegoQueryEvaluator`.
 */
export interface EmbeddedDecisionService extends DecisionService, PolicyCatalog, RegoQueryEvaluator {
  /** The loaded policy packages (dotted, without `data.`), sorted. */
  readonly packages: readonly string[];
  /** The relation store (core's `RelationDirectory`); the service does not close it. */
  readonly directory: RelationStore;
  decideBatch(queries: readonly DecisionQuery[], options?: DecideOptions): Promise<Decisions[]>;
  /** Present with the option `setDecisions` (see the options). */
  readonly decideSet?: (
    query: SetDecisionQuery,
    options?: DecideOptions,
  ) => Promise<readonly string[] | undefined>;
  /**
   * Reads and compiles the policies again and swaps them in at once. On failure the loaded
   * policies stay in force and the promise rejects (`RegoError` naming file and line). Policies
   * given as text never change: their service has nothing to read again and resolves at once.
   */
  reload(): Promise<void>;
  /** Stops any watcher; later decisions fail with `service_unavailable`. The store stays open. */
  close(): Promise<void>;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Where the policies come from, kept current: a watched directory, or text compiled once. */
export interface PolicyGenerations {
  /** The generation in force. */
  readonly current: LoadedPolicies;
  /** Where the policies come from, for messages (e.g. `policies from policies/`). */
  readonly origin: string;
  /** Loads the built-ins a query (Rego text) may call, when built-in families load on demand. */
  prepareBuiltins?(sources: readonly string[]): Promise<void>;
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** The engine's behaviour once options are resolved. */
export type EngineConfig = Pick<
  EngineSettings,
  'store' | 'strictBuiltinErrors' | 'clock' | 'input' | 'setDecisions'
>;

/**
 * The service over `policies` and `config.store`.
 *
 * @param config the resolved options
 * @param policies the policies and how they are kept current
 * @param onClose also run by `close()` (e.g. stopping the outbound transport of the Node entry)
 */
export function createEngine(
  config: EngineConfig,
  policies: PolicyGenerations,
  onClose?: () => Promise<void>,
): EmbeddedDecisionService {
  return new Engine(config, policies, onClose);
}

class Engine implements EmbeddedDecisionService {
  readonly directory: RelationStore;
  readonly decideSet?: EmbeddedDecisionService['decideSet'];
  readonly #config: EngineConfig;
  readonly #policies: PolicyGenerations;
  readonly #onClose: (() => Promise<void>) | undefined;
  readonly #refs = new DecisionRefs();
  #closed = false;

  constructor(config: EngineConfig, policies: PolicyGenerations, onClose: (() => Promise<void>) | undefined) {
    this.#config = config;
    this.#policies = policies;
    this.#onClose = onClose;
    this.directory = config.store;
    if (config.setDecisions) this.decideSet = (query, options) => this.#decideSet(query, options);
  }

  get packages(): readonly string[] {
    return this.#policies.current.packages;
  }

  // Through the store's `readThrough`: a store that loads on demand runs the evaluation again
  // once what it missed is in memory (one load for every decision of a batch).
  async decide(query: DecisionQuery, options?: DecideOptions): Promise<Decisions> {
    return this.#config.store.readThrough(() => this.#decide(query, options));
  }

  async decideBatch(queries: readonly DecisionQuery[], options?: DecideOptions): Promise<Decisions[]> {
    if (!Array.isArray(queries))
      throw new DecisionServiceError('invalid_request', 'queries must be an array');
    return this.#config.store.readThrough(() => {
      // What depends only on the caller (Topaz's identity resolution) is worked out once per batch.
      const callers = callerInputs();
      // The rules that read only what is the same in every query (the caller, its location) are
      // evaluated once for the batch.
      const loaded = this.#policies.current;
      const batch = {
        loaded,
        evaluations: loaded.set.batch(this.#evalOptions()),
        shared: sharedInputParts(),
      };
      return queries.map((query) => this.#decide(query, options, callers, batch));
    });
  }

  // A package or rule no policy defines is `undefined`: the caller asks item by item.
  async #decideSet(query: SetDecisionQuery, options?: DecideOptions): Promise<readonly string[] | undefined> {
    return this.#config.store.readThrough(() => {
      this.#ensureAvailable(options?.signal);
      const {
        policyPath,
        refs,
        input: checked,
      } = decisionInput({ ...query, decisions: [query.decision] }, this.#refs);
      const input = this.#config.input === 'topaz' ? this.#topazInput(checked, undefined) : checked;
      const loaded = this.#policies.current;
      const ref = refs[0] as string;
      if (!loaded.documents.has(policyPath)) return undefined;
      let value: Value | undefined;
      try {
        value = loaded.set.evaluate(ref, input, this.#evalOptions());
      } catch (e) {
        throw new DecisionServiceError('evaluation_failed', `evaluating ${ref} failed: ${message(e)}`, {
          cause: e,
        });
      }
      return value === undefined ? undefined : setMembers(value, ref);
    });
  }

  #decide(
    query: DecisionQuery,
    options: DecideOptions | undefined,
    callers?: CallerInputs,
    batch?: { loaded: LoadedPolicies; evaluations: PolicyBatch; shared: SharedInputParts },
  ): Decisions {
    this.#ensureAvailable(options?.signal);
    const { policyPath, decisions, refs, input: checked } = decisionInput(query, this.#refs, batch?.shared);
    const input = this.#config.input === 'topaz' ? this.#topazInput(checked, callers) : checked;
    const loaded = batch?.loaded ?? this.#policies.current;
    if (!loaded.documents.has(policyPath)) {
      throw new DecisionServiceError(
        'policy_not_found',
        `no policy defines ${policyPath} (${this.#policies.origin})`,
      );
    }
    const evalOptions = this.#evalOptions();
    const result: Record<string, boolean> = {};
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i] as string;
      try {
        // The input is made of checked values (`decisionInput`, the directory's JSON): the batch
        // need not walk it again.
        const value = batch
          ? batch.evaluations.evaluateValue(ref, input)
          : loaded.set.evaluate(ref, input, evalOptions);
        result[decisions[i] as string] = value === true;
      } catch (e) {
        throw new DecisionServiceError('evaluation_failed', `evaluating ${ref} failed: ${message(e)}`, {
          cause: e,
        });
      }
    }
    return result;
  }

  #topazInput(input: PlainObject, callers: CallerInputs | undefined): PlainObject {
    return topazDecisionInput(input, this.#config.store, callers);
  }

  async query(query: RegoQuery): Promise<readonly RegoQueryResult[]> {
    this.#ensureAvailable(query.signal);
    const input = { ...query.input, identity: identityInput(query.identity) };
    await this.#policies.prepareBuiltins?.([query.query]);
    const policies = this.#policies.current.set;
    return this.#config.store.readThrough(() =>
      runRegoQuery(policies, query.query, input, this.#evalOptions() ?? {}),
    );
  }

  async listPolicies(): Promise<readonly PolicyModule[]> {
    return this.#policies.current.modules;
  }

  reload(): Promise<void> {
    return this.#policies.reload();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#policies.close();
    await this.#onClose?.();
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
