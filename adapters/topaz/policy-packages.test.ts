import { DecisionServiceError } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { dottedPackagePath } from './policy-packages.ts';

describe('dottedPackagePath', () => {
  it('reads OPA package references as Topaz lists them', () => {
    expect(dottedPackagePath('data.webapp.GET.api.documents.__id')).toBe('webapp.GET.api.documents.__id');
    expect(dottedPackagePath('data.webapp.POST.api.hooks["in"]')).toBe('webapp.POST.api.hooks.in');
    expect(dottedPackagePath('data.webapp["GET"]["a b"].x')).toBe('webapp.GET.a b.x');
    expect(dottedPackagePath('webapp.check')).toBe('webapp.check');
  });

  it('refuses text that is not a package reference, naming it', () => {
    for (const text of ['data', 'data.', 'data.webapp..GET', 'data.webapp[1]', 'data.web app']) {
      expect(() => dottedPackagePath(text), text).toThrow(DecisionServiceError);
    }
    expect(() => dottedPackagePath('data.web app')).toThrow('"data.web app"');
  });
});
