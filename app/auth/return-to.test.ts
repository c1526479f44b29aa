import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './index.ts';

describe('safeReturnTo', () => {
  it('keeps local paths with query and fragment', () => {
    expect(safeReturnTo('/documents/7?tab=shares#top')).toBe('/documents/7?tab=shares#top');
    expect(safeReturnTo('/')).toBe('/');
  });

  it('sends everything that could leave the application to /', () => {
    for (const value of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'documents/7',
      '/\tevil',
      '/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n'),
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnTo(value)).toBe('/');
    }
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/././/evil.example',
    '/a/%2e%2e//evil.example/x?y=1',
  ])('sends %s, which normalizes to a scheme-relative URL, to /', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnTo('/a/../../b')).toBe('/b');
    expect(safeReturnTo('/./evil.example')).toBe('/evil.example');
  });
});
