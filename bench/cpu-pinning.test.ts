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
    expect(pinningPlan([2, 3, 5], true, 0.4)).toEqual({ pinned: true, serverCpu: 5, clientCpu: 2 });
  });

  it('leaves a busy machine unpinned unless forced', () => {
    const busy = pinningPlan([0, 1], true, 2.5);
    expect(busy).toMatchObject({ pinned: false });
    expect(pinningLine(busy)).toMatch(/busy machine: load average 2\.5 for 2 processors/);
    expect(pinningPlan([0, 1], true, 2.5, true)).toEqual({ pinned: true, serverCpu: 1, clientCpu: 0 });
  });

  it('falls back to no pinning, saying why, without taskset or with one processor', () => {
    const noTool = pinningPlan([0, 1], false, 0);
    expect(noTool).toEqual({ pinned: false, reason: '`taskset` not found' });
    expect(pinningLine(noTool)).toMatch(/^Not pinned \(`taskset` not found\)/);
    expect(pinningPlan([0], true, 0)).toMatchObject({ pinned: false, reason: 'only 1 processor allowed' });
  });
});
