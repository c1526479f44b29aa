import { describe, expect, it } from 'vitest';
import { isPagePath, returnPath, signInPath } from './page-paths.ts';

describe('returnPath: where a sign-in returns to', () => {
  it('returns to the address itself for a GET, with its query', () => {
    expect(returnPath('GET', '/search', '?q=budget')).toBe('/search?q=budget');
  });

  it('returns to the page that shows a form posting to an action address below it', () => {
    expect(returnPath('POST', '/documents/7/shares/revoke', '')).toBe('/documents/7/shares');
    expect(returnPath('POST', '/documents/7/versions/3/restore', '')).toBe('/documents/7/versions/3');
    expect(returnPath('POST', '/documents/7/edit', '')).toBe('/documents/7/edit');
  });

  it('returns to the trash page from its restore buttons (there is no page per trashed document)', () => {
    expect(returnPath('POST', '/trash/7/restore', '')).toBe('/trash');
    expect(returnPath('POST', '/trash/7/delete', '')).toBe('/trash/7/delete');
  });
});

describe('page paths', () => {
  it('tells pages from the JSON API and the sign-in endpoints', () => {
    expect(isPagePath('/documents/7')).toBe(true);
    expect(isPagePath('/api/documents/7')).toBe(false);
    expect(isPagePath('/login')).toBe(false);
  });

  it('signs in returning to a local path, plainly for the start page', () => {
    expect(signInPath('/')).toBe('/login');
    expect(signInPath('/trash')).toBe('/login?return_to=%2Ftrash');
  });
});
