/**
 * The circuit breaker: holds the current state of the pure {@link createBreakerMachine} machine,
 * admits calls to the decision service, and names the fallback used while it cannot be asked.
 */
import {
  type BreakerEvent,
  type BreakerMachine,
  type BreakerState,
  type BreakerStateName,
  createBreakerMachine,
} from './breaker-machine.ts';
import { FALLBACK_STRATEGIES, type FallbackFunction, type FallbackStrategy } from './fallback.ts';
import {
  numberField,
  type OptionInput,
  type OptionOutput,
  optionObject,
  predicate,
} from './option-schema.ts';
import { parseOptions } from './options.ts';
import { type Clock, systemClock } from './ports/clock.ts';

const isFunction = (value: unknown): value is FallbackFunction => typeof value === 'function';

const strategyNames = new Set<unknown>(FALLBACK_STRATEGIES);

/** Options of {@link CircuitBreaker}; the schema holds the defaults. */
export const CircuitBreakerOptionsSchema = optionObject({
  /** Consecutive transient failures that open the circuit (default 5). */
  failureThreshold: numberField({ integer: true, min: 1 }).default(5),
  /** Seconds the circuit stays open before trial calls (default 30). */
  recoveryTimeout: numberField({ positive: true }).default(30),
  /** Trial successes that close a half-open circuit (default 2). */
  successThreshold: numberField({ integer: true, min: 1 }).default(2),
  /** Trial calls in flight at once while half-open (default: `successThreshold`). */
  halfOpenMaxTrials: numberField({ integer: true, min: 1 }).optional(),
  /** Who decides while the service cannot be asked (default `cache_then_deny`). */
  fallback: predicate<FallbackStrategy | FallbackFunction>(
    (value) => strategyNames.has(value) || isFunction(value),
    `must be a strategy name (${FALLBACK_STRATEGIES.join(', ')}) or a function`,
  ).default('cache_then_deny'),
});
/** Options accepted by {@link CircuitBreaker}. */
export type CircuitBreakerOptions = OptionInput<typeof CircuitBreakerOptionsSchema>;
/** Resolved options of {@link CircuitBreaker}. */
export type CircuitBreakerConfig = OptionOutput<typeof CircuitBreakerOptionsSchema>;

/** Leave to call the decision service, tied to the state that granted it. */
export interface BreakerPermit {
  readonly epoch: number;
}

/** A snapshot for health checks. */
export interface BreakerStatus {
  readonly state: BreakerStateName;
  /** Consecutive failures counted while closed. */
  readonly failures: number;
  /** When the circuit opened (ms since the epoch), while open. */
  readonly openedAt?: number;
}

/** Called on every change of state. */
export type BreakerTransitionListener = (from: BreakerStateName, to: BreakerStateName) => void;

const TICK: BreakerEvent = Object.freeze({ type: 'tick' });

/**
 * A circuit breaker in front of the decision service. Only transient failures (unreachable,
 * deadline exceeded) are recorded as failures; a denial is a success.
 *
 * @example
 * const breaker = new CircuitBreaker({ failureThreshold: 5, recoveryTimeout: 30, successThreshold: 2 });
 * const permit = breaker.acquire();
 * if (permit) { try { await call(); breaker.recordSuccess(permit); } catch { breaker.recordFailure(permit); } }
 */
export class CircuitBreaker {
  /** The resolved options. */
  readonly options: CircuitBreakerConfig;
  readonly #machine: BreakerMachine;
  readonly #clock: Clock;
  readonly #listeners = new Set<BreakerTransitionListener>();
  #state: BreakerState;

  /**
   * @param options - `{ failureThreshold = 5, recoveryTimeout = 30, successThreshold = 2, halfOpenMaxTrials = successThreshold, fallback = 'cache_then_deny' }`
   * @param deps - `clock` (default the system clock)
   * @throws {AuthzConfigError} naming the field when an option is invalid
   */
  constructor(options: CircuitBreakerOptions = {}, deps: { clock?: Clock } = {}) {
    this.options = parseOptions(CircuitBreakerOptionsSchema, options, 'circuitBreaker');
    this.#clock = deps.clock ?? systemClock;
    this.#machine = createBreakerMachine({
      failureThreshold: this.options.failureThreshold,
      successThreshold: this.options.successThreshold,
      recoveryTimeoutMs: this.options.recoveryTimeout * 1000,
      halfOpenMaxTrials: this.options.halfOpenMaxTrials ?? this.options.successThreshold,
    });
    this.#state = this.#machine.initial;
  }

  /** The pure transition function of this breaker's thresholds (does not change the breaker). */
  nextState(state: BreakerState, event: BreakerEvent, now: number): BreakerState {
    return this.#machine.nextState(state, event, now);
  }

  /** The current state, after letting time pass. */
  get state(): BreakerStateName {
    this.#tick();
    return this.#state.name;
  }

  /** A snapshot for health checks. */
  status(): BreakerStatus {
    this.#tick();
    const s = this.#state;
    return {
      state: s.name,
      failures: s.name === 'closed' ? s.failures : 0,
      ...(s.name === 'open' ? { openedAt: s.openedAt } : {}),
    };
  }

  /** Leave to call the service, or `undefined` when the fallback must decide. */
  acquire(): BreakerPermit | undefined {
    this.#tick();
    if (!this.#machine.admits(this.#state)) return undefined;
    this.#apply({ type: 'attempt' });
    return { epoch: this.#state.epoch };
  }

  /** Records that a permitted call reached the service (whatever it decided). */
  recordSuccess(permit: BreakerPermit): void {
    this.#apply({ type: 'success', epoch: permit.epoch });
  }

  /** Records that a permitted call failed transiently. */
  recordFailure(permit: BreakerPermit): void {
    this.#apply({ type: 'failure', epoch: permit.epoch });
  }

  /**
   * Records that a permitted call ended without telling anything about the service (the caller
   * gave up, or the same request already counted a failure): a half-open trial slot is freed.
   */
  release(permit: BreakerPermit): void {
    this.#apply({ type: 'release', epoch: permit.epoch });
  }

  /** Subscribes to changes of state; returns the unsubscribe function. */
  onTransition(listener: BreakerTransitionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Returns to Closed and drops listeners (the breaker keeps no timers: time is read on use). */
  close(): void {
    this.#state = { name: 'closed', epoch: this.#state.epoch + 1, failures: 0 };
    this.#listeners.clear();
  }

  // Time moves only an open breaker (to half-open): a closed or half-open one reads no clock. (The
  // audit record of every decision of a list asks for the state.)
  #tick(): void {
    if (this.#state.name === 'open') this.#apply(TICK);
  }

  #apply(event: BreakerEvent): void {
    const before = this.#state;
    this.#state = this.#machine.nextState(before, event, this.#clock.now());
    if (this.#state.name !== before.name) {
      for (const listener of this.#listeners) listener(before.name, this.#state.name);
    }
  }
}
