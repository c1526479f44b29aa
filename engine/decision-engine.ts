/**
 * The embedded engine as core's `DecisionService` port: the Rego engine over one generation of
 * policies at a time and a relation store, in-process. Beyond the port it lists its policy modules
 * and answers ad-hoc Rego queries (`authz-tool eval`). Runtime-neutral: where the policies come from
 * is the caller's (a directory in `./node`, text in the main entry).
 */
import type { DecideOptions, DecisionQuery, DecisionService, Decisions } from '@gatehousejs/core';
import { DecisionServiceError } from '@gatehousejs/core';
import type { RelationStore } from '@gatehousejs/directory';
import type { BuiltinDefinition, EvalOptions, PlainObject, PolicyBatch, Value } from '@gatehousejs/rego';
import { createStandardBuiltins, type OutboundCalls } from '@gatehousejs/rego';
import { DecisionRefs, decisionInput, identityInput } from './decision-input.ts';
import { createDirectoryBuiltins } from './directory-builtins/index.ts';
import type { EngineSettings } from './embedded-service-options.ts';
import type {
  PolicyCatalog,
  PolicyModule,
  RegoQuery,
  RegoQueryEvaluator,
  RegoQueryResult,
} from './engine-capabilities.ts';
import type { LoadedPolicies, PolicyLoadSettings } from './loaded-policies.ts';
import { runRegoQuery } from './rego-query.ts';
import { topazCallerInput } from './topaz-input.ts';

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
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** The engine's behaviour once options are resolved. */
export type EngineConfig = Pick<EngineSettings, 'store' | 'strictBuiltinErrors' | 'clock' | 'input'>;

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

/**
 * What the policies are compiled with: the standard built-ins (with `outbound`, the calls that
 * `http.send` and `net.lookup_ip_addr` make; without, those are off), `ds.*` over the store, the
 * base document, the syntax version and the limits.
 */
export function policyLoadSettings(config: EngineSettings, outbound?: OutboundCalls): PolicyLoadSettings {
  const reported = new Set<string>();
  const onUnknownName = (reason: string) => {
    if (reported.has(reason)) return;
    reported.add(reason);
    config.logger.warn(
      `a directory check names what the manifest ${config.store.model.file} does not have (${reason}): such checks are always false`,
    );
  };
  const directoryBuiltins = createDirectoryBuiltins(config.store, { onUnknownName }).map(
    (b): [string, BuiltinDefinition] => [b.name, b],
  );
  return {
    builtins: new Map([
      ...createStandardBuiltins({ opaVersion: config.opaVersion, ...(outbound ? { outbound } : {}) }),
      ...directoryBuiltins,
    ]),
    data: config.data,
    version: config.regoVersion,
    opaVersion: config.opaVersion,
    limits: config.limits,
  };
}

type CallerInput = ReturnType<typeof topazCallerInput>;

/**
 * Topaz's caller fields within one batch: the last caller's (core puts the same caller in every
 * query of a request: two string comparisons, no key built and no map read), and others' by
 * `type NUL value`.
 */
interface CallerInputs {
  lastType: string | undefined;
  lastValue: string | undefined;
  last: CallerInput | undefined;
  readonly byValue: Map<string, CallerInput>;
}

class Engine implements EmbeddedDecisionService {
  readonly directory: RelationStore;
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
      const callers: CallerInputs = {
        lastType: undefined,
        lastValue: undefined,
        last: undefined,
        byValue: new Map(),
      };
      // The rules that read only what is the same in every query (the caller, its location) are
      // evaluated once for the batch.
      const loaded = this.#policies.current;
      const batch = { loaded, evaluations: loaded.set.batch(this.#evalOptions()) };
      return queries.map((query) => this.#decide(query, options, callers, batch));
    });
  }

  #decide(
    query: DecisionQuery,
    options: DecideOptions | undefined,
    callers?: CallerInputs,
    batch?: { loaded: LoadedPolicies; evaluations: PolicyBatch },
  ): Decisions {
    this.#ensureAvailable(options?.signal);
    const { policyPath, decisions, refs, input: checked } = decisionInput(query, this.#refs);
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
        const value = batch
          ? batch.evaluations.evaluate(ref, input)
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
    const identity = input.identity as { type: string; value?: string };
    let caller: CallerInput | undefined;
    if (callers?.last && identity.type === callers.lastType && identity.value === callers.lastValue) {
      caller = callers.last;
    } else {
      const key = `${identity.type}\u0000${identity.value ?? ''}`;
      caller = callers?.byValue.get(key);
      if (!caller) {
        const store = this.#config.store;
        caller = topazCallerInput(identity as PlainObject, store.reader, store.model);
        callers?.byValue.set(key, caller);
      }
      if (callers) {
        callers.lastType = identity.type;
        callers.lastValue = identity.value;
        callers.last = caller;
      }
    }
    // Built field by field: an object rest (`{ identity, ...rest }`) costs more than the evaluation.
    const topaz: { [key: string]: Value } = {
      policy: input.policy as Value,
      resource: input.resource as Value,
    };
    if (caller.identity) topaz.identity = caller.identity;
    if (caller.user !== undefined) topaz.user = caller.user;
    return topaz;
  }

  async query(query: RegoQuery): Promise<readonly RegoQueryResult[]> {
    this.#ensureAvailable(query.signal);
    const input = { ...query.input, identity: identityInput(query.identity) };
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
