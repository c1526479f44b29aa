import { describe, expect, it } from 'vitest';
import { parseCpuList, pinningLine, pinningPlan } from './cpu-pinning.ts';

describe('parseCpuList', () => {
  it('reads ranges and single processors', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('0-2,5,7-8\n')).toEqual([0, 1, 2, 5, 7, 8]);
    expect(parseCpuList('3')).toEqual([3]);
  });

  it('refuses what is not a CPU list', () => {
    expect(() => parseCpuList('a-b')).toThrow(/not a CPU list/);
  });
});

describe('pinningPlan', () => {
  it('puts the servers on the last allowed processor and the load generator on the first', () => {
    expect(pinningPlan([2, 3, 5], true)).toEqual({ pinned: true, serverCpu: 5, clientCpu: 2 });
    expect(pinningLine(pinningPlan([0, 1], true))).toBe(
      'Pinned with taskset: servers on CPU 1, load generator on CPU 0.',
    );
  });

  it('falls back to no pinning, saying why, without taskset or with one processor', () => {
    const noTool = pinningPlan([0, 1], false);
    expect(noTool).toEqual({ pinned: false, reason: '`taskset` not found' });
    expect(pinningLine(noTool)).toMatch(/^Not pinned \(`taskset` not found\)/);
    expect(pinningPlan([0], true)).toMatchObject({ pinned: false, reason: 'only 1 processor allowed' });
  });
});
