import { describe, expect, it } from 'vitest';
import { type CpuProfile, functionShares } from './cpu-profile-summary.ts';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

/** root → handle → (decide → hash), handle → write; decide → decide (recursion). */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), hitCount: 0, children: [2, 6] },
    { id: 2, callFrame: frame('handle', 'file:///x/server.ts', 9), hitCount: 1, children: [3, 5] },
    {
      id: 3,
      callFrame: frame('decide', 'file:///x/node_modules/core/a.js', 4),
      hitCount: 2,
      children: [4, 7],
    },
    { id: 4, callFrame: frame('hash', 'file:///x/node_modules/core/a.js', 20), hitCount: 3 },
    { id: 5, callFrame: frame('write'), hitCount: 2 },
    { id: 6, callFrame: frame('(idle)'), hitCount: 1 },
    { id: 7, callFrame: frame('decide', 'file:///x/node_modules/core/a.js', 4), hitCount: 1 },
  ],
  startTime: 0,
  endTime: 10,
  samples: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
};

describe('functionShares', () => {
  const shares = new Map(functionShares(profile, '/x').map((s) => [s.name, s]));

  it('gives each function its own samples and those of what it called, in percent of all samples', () => {
    expect(shares.get('handle server.ts:10')).toEqual({
      name: 'handle server.ts:10',
      selfPercent: 10,
      totalPercent: 90,
    });
    expect(shares.get('hash core/a.js:21')).toMatchObject({ selfPercent: 30, totalPercent: 30 });
    expect(shares.get('write')).toMatchObject({ selfPercent: 20, totalPercent: 20 });
    expect(shares.get('(idle)')).toMatchObject({ selfPercent: 10, totalPercent: 10 });
  });

  it('counts a recursive function once in its own total', () => {
    expect(shares.get('decide core/a.js:5')).toMatchObject({ selfPercent: 30, totalPercent: 60 });
  });

  it('lists the largest total first', () => {
    const totals = functionShares(profile).map((s) => s.totalPercent);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });
});
