import type { AuditRecord } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { documentEntry } from './decision-entry.ts';

const base: AuditRecord = {
  time: '2026-11-28T10:00:00.000Z',
  identityType: 'IDENTITY_TYPE_SUB',
  identityValue: 'ann',
  policyPath: 'webapp.GET.api.documents.__id',
  decision: 'allowed',
  outcome: 'deny',
  source: 'service',
  latencyMs: 2,
  method: 'GET',
  path: '/api/documents/42',
};

describe('the access log entry of a decision', () => {
  it('keeps relationship checks on a document with the permission asked', () => {
    const entry = documentEntry({
      ...base,
      policyPath: 'webapp.check',
      decision: 'can_write',
      objectType: 'document',
      objectId: '7',
      relation: 'can_write',
      outcome: 'allow',
      source: 'cache',
    });
    expect(entry).toMatchObject({
      documentId: 7,
      userId: 'ann',
      action: 'can_write',
      allowed: true,
      reason: 'webapp.check.can_write, decided by a cached decision',
    });
    expect(entry?.decidedAt.toISOString()).toBe(base.time);
  });

  it('keeps route decisions of paths that name a document, with the error of a fallback', () => {
    expect(documentEntry(base)).toMatchObject({
      documentId: 42,
      action: 'GET /api/documents/42',
      allowed: false,
    });
    expect(documentEntry({ ...base, path: '/documents/9/edit' })?.documentId).toBe(9);
    expect(documentEntry({ ...base, path: '/api/shares/5/bob@example.com' })?.documentId).toBe(5);
    const fallback = documentEntry({ ...base, source: 'fallback', error: 'unavailable' });
    expect(fallback?.reason).toBe(
      'webapp.GET.api.documents.__id.allowed, decided by the fallback (decision service unavailable): unavailable',
    );
    expect(
      documentEntry({ ...base, identityType: 'IDENTITY_TYPE_NONE', identityValue: undefined })?.userId,
    ).toBe(null);
  });

  it('leaves out decisions about no document', () => {
    expect(documentEntry({ ...base, path: '/api/documents' })).toBeUndefined();
    expect(documentEntry({ ...base, path: '/api/documents/0' })).toBeUndefined();
    expect(documentEntry({ ...base, path: '/api/documents/99999999999' })).toBeUndefined();
    expect(documentEntry({ ...base, objectType: 'folder', objectId: '3' })).toBeUndefined();
    expect(documentEntry({ ...base, path: '/api/folders/3' })).toBeUndefined();
  });

  it('reads an object id as a document only when it is a row id (1 to 2147483647, no sign, no zero first)', () => {
    const check = (objectId: string) =>
      documentEntry({ ...base, objectType: 'document', objectId, relation: 'can_read' })?.documentId;
    expect(check('1')).toBe(1);
    expect(check('2147483647')).toBe(2147483647);
    for (const bad of [
      '',
      '0',
      '07',
      '2147483648',
      '99999999999',
      '1a',
      ' 1',
      '1 ',
      '+1',
      '-1',
      '1.0',
      '١',
    ]) {
      expect(check(bad), bad).toBeUndefined();
    }
  });
});
