import { describe, expect, it } from 'vitest';
import { type HttpRoundsOptions, plannedSeconds, secondProcess } from './http-rounds.ts';

const options: HttpRoundsOptions = {
  path: '/',
  headers: {},
  connections: 8,
  blocks: 12,
  windows: 6,
  windowSeconds: 0.5,
  warmupSeconds: 0.1,
  processWarmupSeconds: 2,
};

describe('plannedSeconds', () => {
  it('counts a window per server when the servers are loaded in turns', () => {
    // 12 blocks × (2 s of warm-up, together, + 6 windows × 5 servers × 0.6 s)
    expect(plannedSeconds(options, 5)).toBeCloseTo(12 * (2 + 6 * 5 * 0.6));
  });

  it('counts one window for all servers when they are loaded at once', () => {
    expect(plannedSeconds({ ...options, together: true }, 5)).toBeCloseTo(12 * (2 + 6 * 0.6));
  });
});

describe('secondProcess', () => {
  it('labels a second process of the same variant', () => {
    expect(secondProcess('hono')).toBe('hono (second process)');
  });
});
