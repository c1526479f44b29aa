import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';
import { ManualClock } from './testing/manual-clock.ts';

describe('CircuitBreaker', () => {
  it('opens after failureThreshold failures and recovers through HalfOpen', () => {
    const clock = new ManualClock();
    const breaker = new CircuitBreaker(
      { failureThreshold: 2, recoveryTimeout: 10, successThreshold: 1 },
      { clock },
    );
    const transitions: string[] = [];
    breaker.onTransition((from, to) => transitions.push(`${from}->${to}`));
    for (let i = 0; i < 2; i++) breaker.recordFailure(breaker.acquire()!);
    expect(breaker.state).toBe('open');
    expect(breaker.acquire()).toBeUndefined();
    expect(breaker.status()).toEqual({ state: 'open', failures: 0, openedAt: clock.now() });
    clock.advance(10_000);
    const trial = breaker.acquire();
    expect(trial).toBeDefined();
    expect(breaker.acquire()).toBeUndefined();
    breaker.recordSuccess(trial!);
    expect(breaker.state).toBe('closed');
    expect(transitions).toEqual(['closed->open', 'open->half_open', 'half_open->closed']);
  });

  it('lets halfOpenMaxTrials trials through at once', () => {
    const clock = new ManualClock();
    const breaker = new CircuitBreaker(
      { failureThreshold: 1, recoveryTimeout: 1, successThreshold: 3, halfOpenMaxTrials: 2 },
      { clock },
    );
    breaker.recordFailure(breaker.acquire()!);
    clock.advance(1_000);
    expect([breaker.acquire(), breaker.acquire(), breaker.acquire()].filter(Boolean)).toHaveLength(2);
  });

  it('defaults to cache_then_deny and validates its options', () => {
    expect(new CircuitBreaker().options).toMatchObject({
      failureThreshold: 5,
      recoveryTimeout: 30,
      successThreshold: 2,
      fallback: 'cache_then_deny',
    });
    expect(() => new CircuitBreaker({ failureThreshold: 0 })).toThrow(/circuitBreaker\.failureThreshold/);
    expect(() => new CircuitBreaker({ successThreshold: 0 })).toThrow(/circuitBreaker\.successThreshold/);
    expect(() => new CircuitBreaker({ recoveryTimeout: -1 })).toThrow(/circuitBreaker\.recoveryTimeout/);
    expect(() => new CircuitBreaker({ fallback: 'maybe' as never })).toThrow(/circuitBreaker\.fallback/);
  });

  it('returns to Closed on close()', () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1 });
    breaker.recordFailure(breaker.acquire()!);
    breaker.close();
    expect(breaker.state).toBe('closed');
  });
});
