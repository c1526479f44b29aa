import { describe, expect, it } from 'vitest';
import { idWindow } from './readable-listing.ts';

describe('idWindow', () => {
  it('takes the first ids of a page above the id given, in runs, whatever their order', () => {
    expect(idWindow([8, 1, 2, 3, 4, 5, 6, 7], 2, 4)).toEqual({
      starts: [3],
      ends: [6],
      count: 4,
      last: 6,
      more: true,
    });
    expect(idWindow([12, 10, 11, 1, 2, 3, 4, 5, 6, 7], 0, 100)).toEqual({
      starts: [1, 10],
      ends: [7, 12],
      count: 10,
      last: 12,
      more: false,
    });
  });

  it('leaves scattered ids, and a page with no id, to one probe per id', () => {
    expect(idWindow([1, 3, 5, 7, 9, 11, 13, 15], 0, 100)).toBeUndefined();
    expect(idWindow([1, 2, 3], 3, 10)).toBeUndefined();
    expect(idWindow([], 0, 10)).toBeUndefined();
  });

  it('counts an id given twice once', () => {
    expect(idWindow([1, 2, 2, 3, 4, 4, 5], 0, 4)).toEqual({
      starts: [1],
      ends: [4],
      count: 4,
      last: 4,
      more: true,
    });
    expect(idWindow([1, 2, 3, 4, 4], 0, 4)).toMatchObject({ count: 4, more: false });
  });

  it('orders ids as numbers, not as text', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => String(i + 1))
      .sort()
      .map(Number);
    expect(idWindow(ids, 0, 1000)).toMatchObject({ starts: [1], ends: [1000], count: 1000, last: 1000 });
  });
});
