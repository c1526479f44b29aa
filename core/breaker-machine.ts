/**
 * The circuit breaker as a pure state machine (the specification's table): Closed → Open when
 * consecutive failures reach the threshold; Open → HalfOpen once the recovery timeout has passed;
 * HalfOpen → Closed after enough trial successes; any HalfOpen failure → Open, timer restarted.
 */

/** Name of a breaker state. */
export type BreakerStateName = 'closed' | 'open' | 'half_open';

/**
 * A breaker state. `epoch` grows on every change of state, so that the outcome of a call admitted
 * in an earlier state (e.g. a slow call from before the circuit opened) is ignored.
 */
export type BreakerState =
  | { readonly name: 'closed'; readonly epoch: number; readonly failures: number }
  | { readonly name: 'open'; readonly epoch: number; readonly openedAt: number }
  | {
      readonly name: 'half_open';
      readonly epoch: number;
      readonly successes: number;
      readonly inFlight: number;
    };

/**
 * What moves the machine: `tick` (time passing), `attempt` (a call admitted), and the outcome of
 * a call admitted in state `epoch`.
 */
export type BreakerEvent =
  | { readonly type: 'tick' }
  | { readonly type: 'attempt' }
  | { readonly type: 'success'; readonly epoch: number }
  | { readonly type: 'failure'; readonly epoch: number }
  /** A call admitted in state `epoch` ended without an outcome (the caller gave up). */
  | { readonly type: 'release'; readonly epoch: number };

/** The machine's thresholds. */
export interface BreakerThresholds {
  readonly failureThreshold: number;
  readonly successThreshold: number;
  /** Milliseconds the circuit stays open before trial calls are let through. */
  readonly recoveryTimeoutMs: number;
  /** Trial calls allowed in flight at once while half-open. */
  readonly halfOpenMaxTrials: number;
}

/** A pure breaker machine for fixed thresholds. */
export interface BreakerMachine {
  readonly initial: BreakerState;
  /** The state after `event` at time `now` (milliseconds); never mutates `state`. */
  nextState(state: BreakerState, event: BreakerEvent, now: number): BreakerState;
  /** Whether a call may go to the decision service in `state` (after a `tick`). */
  admits(state: BreakerState): boolean;
}

/**
 * Builds the machine for `thresholds`.
 *
 * @example
 * const m = createBreakerMachine({ failureThreshold: 2, successThreshold: 1, recoveryTimeoutMs: 30_000, halfOpenMaxTrials: 1 });
 * let s = m.nextState(m.initial, { type: 'failure', epoch: 0 }, 0); // closed, 1 failure
 * s = m.nextState(s, { type: 'failure', epoch: 0 }, 0); // open
 */
export function createBreakerMachine(thresholds: BreakerThresholds): BreakerMachine {
  const closed = (epoch: number): BreakerState => ({ name: 'closed', epoch, failures: 0 });
  const open = (epoch: number, now: number): BreakerState => ({ name: 'open', epoch, openedAt: now });

  function nextState(state: BreakerState, event: BreakerEvent, now: number): BreakerState {
    if (event.type === 'tick') {
      if (state.name === 'open' && now - state.openedAt >= thresholds.recoveryTimeoutMs) {
        return { name: 'half_open', epoch: state.epoch + 1, successes: 0, inFlight: 0 };
      }
      return state;
    }
    if (event.type === 'attempt') {
      if (state.name === 'half_open' && state.inFlight < thresholds.halfOpenMaxTrials) {
        return { ...state, inFlight: state.inFlight + 1 };
      }
      return state;
    }
    if (event.epoch !== state.epoch) return state;
    if (event.type === 'release') {
      return state.name === 'half_open' ? { ...state, inFlight: Math.max(0, state.inFlight - 1) } : state;
    }
    switch (state.name) {
      case 'closed':
        if (event.type === 'success') return state.failures === 0 ? state : closed(state.epoch);
        return state.failures + 1 >= thresholds.failureThreshold
          ? open(state.epoch + 1, now)
          : { ...state, failures: state.failures + 1 };
      case 'half_open':
        if (event.type === 'failure') return open(state.epoch + 1, now);
        return state.successes + 1 >= thresholds.successThreshold
          ? closed(state.epoch + 1)
          : { ...state, successes: state.successes + 1, inFlight: Math.max(0, state.inFlight - 1) };
      default:
        return state;
    }
  }

  function admits(state: BreakerState): boolean {
    if (state.name === 'closed') return true;
    if (state.name === 'half_open') return state.inFlight < thresholds.halfOpenMaxTrials;
    return false;
  }

  return { initial: closed(0), nextState, admits };
}
