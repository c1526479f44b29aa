import { describe, expect, it } from 'vitest';
import { policyPath } from './policy-path.ts';
import { policyPathMemo } from './policy-path-memo.ts';

describe('policyPathMemo', () => {
  it('derives the path of each request method and route pattern, HEAD as GET', () => {
    const pathOf = policyPathMemo('webapp');
    for (let round = 0; round < 2; round++) {
      expect(pathOf('GET', '/api/documents/:id')).toBe('webapp.GET.api.documents.__id');
      expect(pathOf('HEAD', '/api/documents/:id')).toBe('webapp.GET.api.documents.__id');
      expect(pathOf('DELETE', '/api/documents/:id')).toBe('webapp.DELETE.api.documents.__id');
      expect(pathOf('patch', '/api/documents/:id')).toBe('webapp.PATCH.api.documents.__id');
      expect(pathOf('GET', '/api/documents')).toBe('webapp.GET.api.documents');
    }
  });

  it('stays right past the number of pairs it remembers', () => {
    const pathOf = policyPathMemo('webapp');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 1_500; i++) {
        const method = i % 2 === 0 ? 'GET' : 'PUT';
        expect(pathOf(method, `/r${i}/:id`)).toBe(policyPath('webapp', method, `/r${i}/:id`));
      }
    }
  });
});
