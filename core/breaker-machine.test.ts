import { describe, expect, it } from 'vitest';
import { type BreakerState, createBreakerMachine } from './breaker-machine.ts';

const machine = createBreakerMachine({
  failureThreshold: 3,
  successThreshold: 2,
  recoveryTimeoutMs: 30_000,
  halfOpenMaxTrials: 2,
});
const { nextState, admits } = machine;
const fail = (s: BreakerState, now = 0) => nextState(s, { type: 'failure', epoch: s.epoch }, now);
const succeed = (s: BreakerState, now = 0) => nextState(s, { type: 'success', epoch: s.epoch }, now);
const tick = (s: BreakerState, now: number) => nextState(s, { type: 'tick' }, now);
const attempt = (s: BreakerState) => nextState(s, { type: 'attempt' }, 0);

function openAt(now: number): BreakerState {
  let s = machine.initial;
  for (let i = 0; i < 3; i++) s = fail(s, now);
  return s;
}

describe('breaker machine (the specification table)', () => {
  it('Closed: counts failures and opens when they reach the threshold', () => {
    let s = fail(fail(machine.initial));
    expect(s).toMatchObject({ name: 'closed', failures: 2 });
    expect(admits(s)).toBe(true);
    s = fail(s, 1_000);
    expect(s).toMatchObject({ name: 'open', openedAt: 1_000 });
    expect(admits(s)).toBe(false);
  });

  it('Closed: a success resets the count of consecutive failures', () => {
    const s = fail(succeed(fail(fail(machine.initial))));
    expect(s).toMatchObject({ name: 'closed', failures: 1 });
  });

  it('Open: moves to HalfOpen only once recoveryTimeout has elapsed', () => {
    const open = openAt(1_000);
    expect(tick(open, 30_999).name).toBe('open');
    const half = tick(open, 31_000);
    expect(half).toMatchObject({ name: 'half_open', successes: 0, inFlight: 0 });
    expect(admits(half)).toBe(true);
  });

  it('HalfOpen: admits a bounded number of trial calls', () => {
    let s = tick(openAt(0), 30_000);
    s = attempt(s);
    expect(admits(s)).toBe(true);
    s = attempt(s);
    expect(admits(s)).toBe(false);
    expect(attempt(s)).toBe(s);
  });

  it('HalfOpen: closes once successThreshold trials succeed', () => {
    let s = attempt(attempt(tick(openAt(0), 30_000)));
    s = succeed(s);
    expect(s).toMatchObject({ name: 'half_open', successes: 1, inFlight: 1 });
    expect(admits(s)).toBe(true);
    s = succeed(s);
    expect(s).toMatchObject({ name: 'closed', failures: 0 });
  });

  it('HalfOpen: any failure reopens and restarts the timer', () => {
    let s = attempt(tick(openAt(0), 30_000));
    s = succeed(s);
    s = fail(s, 45_000);
    expect(s).toMatchObject({ name: 'open', openedAt: 45_000 });
    expect(tick(s, 74_999).name).toBe('open');
    expect(tick(s, 75_000).name).toBe('half_open');
  });

  it('ignores the outcome of a call admitted in an earlier state', () => {
    const closedEpoch = machine.initial.epoch;
    const half = attempt(tick(openAt(0), 30_000));
    expect(nextState(half, { type: 'failure', epoch: closedEpoch }, 1)).toBe(half);
    expect(nextState(half, { type: 'success', epoch: closedEpoch }, 1)).toBe(half);
  });

  it('is pure: the given state is never changed', () => {
    const s = machine.initial;
    const frozen = JSON.stringify(s);
    fail(s);
    expect(JSON.stringify(s)).toBe(frozen);
  });
});
