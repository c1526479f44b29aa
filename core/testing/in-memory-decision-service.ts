/**
 * An in-memory {@link DecisionService} for tests: decisions programmed per policy path, failures
 * on demand, calls held until released (latency without waiting), and call counting.
 */
import {
  type DecideOptions,
  type DecisionQuery,
  type DecisionService,
  DecisionServiceError,
  type Decisions,
} from '../ports/decision-service.ts';

/** A programmed policy: the decisions for a query, or `true`/`false` for `{ allowed }`. */
export type DecisionRule = (query: DecisionQuery) => Decisions | boolean;

/** Options of {@link InMemoryDecisionService}. */
export interface InMemoryDecisionServiceOptions {
  /** Rules per policy path; an unknown path rejects with `policy_not_found`. */
  readonly rules?: Readonly<Record<string, DecisionRule>>;
  /** Offer `decideBatch` (default false). */
  readonly batch?: boolean;
}

/** A programmable decision service double. */
export class InMemoryDecisionService implements DecisionService {
  readonly rules = new Map<string, DecisionRule>();
  /** Every query answered or failed, in call order (batch queries included). */
  readonly queries: DecisionQuery[] = [];
  /** Calls made: `decide` and `decideBatch` each count one. */
  calls = 0;
  batchCalls = 0;
  inFlight = 0;
  /** The most calls ever in flight at once. */
  maxInFlight = 0;
  decideBatch?: (queries: readonly DecisionQuery[], options?: DecideOptions) => Promise<Decisions[]>;
  #failure: DecisionServiceError | Error | undefined;
  #gate: Promise<void> | undefined;
  #openGate: (() => void) | undefined;

  constructor(options: InMemoryDecisionServiceOptions = {}) {
    for (const [path, rule] of Object.entries(options.rules ?? {})) this.rules.set(path, rule);
    if (options.batch) {
      this.decideBatch = (queries) => this.#call(() => queries.map((q) => this.#answer(q)), true);
    }
  }

  /** Programs the rule of `policyPath`. */
  setRule(policyPath: string, rule: DecisionRule): void {
    this.rules.set(policyPath, rule);
  }

  /** Every call rejects with `error` from now on (`undefined` stops failing). */
  failWith(error: DecisionServiceError | Error | undefined): void {
    this.#failure = error;
  }

  /** Calls from now on wait until {@link InMemoryDecisionService.release}. */
  hold(): void {
    this.#gate ??= new Promise((resolve) => {
      this.#openGate = resolve;
    });
  }

  /** Lets held calls (and later ones) proceed. */
  release(): void {
    this.#openGate?.();
    this.#gate = undefined;
    this.#openGate = undefined;
  }

  decide(query: DecisionQuery): Promise<Decisions> {
    return this.#call(() => this.#answer(query), false);
  }

  async #call<T>(answer: () => T, batch: boolean): Promise<T> {
    this.calls++;
    if (batch) this.batchCalls++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.#gate) await this.#gate;
      else await Promise.resolve();
      if (this.#failure) throw this.#failure;
      return answer();
    } finally {
      this.inFlight--;
    }
  }

  #answer(query: DecisionQuery): Decisions {
    this.queries.push(query);
    const rule = this.rules.get(query.policyPath);
    if (!rule) throw new DecisionServiceError('policy_not_found', `no policy at ${query.policyPath}`);
    const result = rule(query);
    const decisions = typeof result === 'boolean' ? { allowed: result } : result;
    return Object.fromEntries(query.decisions.map((name) => [name, decisions[name] === true]));
  }
}
