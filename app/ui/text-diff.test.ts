import { describe, expect, it } from 'vitest';
import { compareTexts } from './text-diff.ts';

describe('compareTexts', () => {
  it('pairs the lines one side replaced with the lines the other put in their place', () => {
    const { rows, identical } = compareTexts('intro\nold line\nend\n', 'intro\nnew line\nmore\nend\n');
    expect(identical).toBe(false);
    expect(rows).toEqual([
      { kind: 'same', left: ['intro'], right: ['intro'] },
      { kind: 'changed', left: ['old line'], right: ['new line', 'more'] },
      { kind: 'same', left: ['end'], right: ['end'] },
    ]);
  });

  it('shows lines only one side has with nothing beside them', () => {
    expect(compareTexts('a\nb', 'a').rows).toEqual([
      { kind: 'same', left: ['a'], right: ['a'] },
      { kind: 'changed', left: ['b'], right: [] },
    ]);
    expect(compareTexts('', 'new').rows).toEqual([{ kind: 'changed', left: [], right: ['new'] }]);
  });

  it('says when the texts are the same', () => {
    expect(compareTexts('same\n', 'same\n')).toEqual({
      identical: true,
      rows: [{ kind: 'same', left: ['same'], right: ['same'] }],
    });
  });

  it('gives up within its budget on two large unrelated texts instead of holding the request', () => {
    const random = (seed: number) =>
      Array.from({ length: 40_000 }, (_, i) => `line ${(i * 7919 + seed) % 100_003} ${seed}`).join('\n');
    expect(compareTexts(random(1), random(2)).rows).toBeUndefined();
  });
});
