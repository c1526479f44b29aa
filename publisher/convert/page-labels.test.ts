import { describe, expect, it } from 'vitest';
import { pageLabels } from './page-labels.ts';

describe('pageLabels', () => {
  it('reads tags and labels, lists or single values, as Confluence labels without duplicates', () => {
    expect(pageLabels({ tags: ['Getting Started', 'API'], labels: 'api' })).toEqual([
      'getting-started',
      'api',
    ]);
    expect(pageLabels({ labels: ['a:b', 'C#', 2026] })).toEqual(['a-b', 'c', '2026']);
    expect(pageLabels({ title: 'No labels' })).toEqual([]);
  });
});
