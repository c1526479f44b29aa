import { describe, expect, it } from 'vitest';
import { startOrder } from './start-order.ts';

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

  it('draws the same order for the same set and seed, and others for another seed', () => {
    expect(startOrder(6, 2, 11)).toEqual(startOrder(6, 2, 11));
    const orders = (seed: number) => Array.from({ length: 8 }, (_, set) => startOrder(6, set, seed).join(''));
    expect(orders(1)).not.toEqual(orders(2));
  });
});
