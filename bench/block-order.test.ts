import { describe, expect, it } from 'vitest';
import { blockOrder, startOrder, williamsRow } from './block-order.ts';

/** How often each variant directly follows each other one within the blocks of one cycle. */
function followCounts(count: number, seed: number, cycle: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let block = cycle * count; block < (cycle + 1) * count; block++) {
    const order = blockOrder(count, block, seed);
    for (let p = 1; p < order.length; p++) {
      const pair = `${order[p - 1]}→${order[p]}`;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
  }
  return counts;
}

describe('williamsRow', () => {
  it('starts 0, 1, n−1, 2, n−2 … and shifts by one per row', () => {
    expect(williamsRow(5, 0)).toEqual([0, 1, 4, 2, 3]);
    expect(williamsRow(5, 1)).toEqual([1, 2, 0, 3, 4]);
    expect(williamsRow(4, 0)).toEqual([0, 1, 3, 2]);
  });
});

describe('blockOrder', () => {
  it('runs every variant twice, an order then its mirror, the same for the same block and seed', () => {
    for (const block of [0, 1, 7]) {
      const order = blockOrder(5, block, 11);
      expect(order.slice(5)).toEqual(order.slice(0, 5).reverse());
      expect([...order.slice(0, 5)].sort()).toEqual([0, 1, 2, 3, 4]);
      expect(blockOrder(5, block, 11)).toEqual(order);
    }
  });

  it('makes every variant follow every other one exactly twice in a cycle, odd or even count', () => {
    for (const count of [2, 3, 4, 5, 6, 7, 8]) {
      for (const [seed, cycle] of [
        [1, 0],
        [99, 3],
      ] as const) {
        const counts = followCounts(count, seed, cycle);
        for (let a = 0; a < count; a++) {
          for (let b = 0; b < count; b++) {
            if (a !== b) expect(counts.get(`${a}→${b}`), `${count} variants: ${a}→${b}`).toBe(2);
          }
        }
      }
    }
  });

  it('draws other orders for another seed and another cycle', () => {
    const cycleOf = (seed: number, cycle: number) =>
      Array.from({ length: 7 }, (_, row) => blockOrder(7, cycle * 7 + row, seed).join(''));
    expect(cycleOf(1, 0)).not.toEqual(cycleOf(2, 0));
    expect(cycleOf(1, 0)).not.toEqual(cycleOf(1, 1));
  });

  it('gives every variant the same mean position, so a linear drift cancels out of any ratio', () => {
    for (const block of [0, 1, 2, 3]) {
      const order = blockOrder(4, block, 5);
      // A machine slowing down linearly: the slot at position p costs 1 + p / 10.
      const cost = [0, 1, 2, 3].map((v) =>
        order.reduce((sum, w, p) => (w === v ? sum + 1 + p / 10 : sum), 0),
      );
      for (const c of cost) expect(c).toBeCloseTo(cost[0]!, 10);
    }
  });
});

describe('startOrder', () => {
  it('starts every process once, and not always the same one last', () => {
    const lasts = new Set<number>();
    for (let set = 0; set < 12; set++) {
      const order = startOrder(7, set, 3);
      expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      lasts.add(order.at(-1)!);
    }
    expect(lasts.size).toBeGreaterThan(2);
  });
});
