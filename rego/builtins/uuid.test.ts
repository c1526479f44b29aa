import { describe, expect, it } from 'vitest';
import { call, callJson, failure } from './test-support.ts';

describe('uuid.parse', () => {
  it('reports the time, node and clock of a version-1 UUID', () => {
    // The time (ns since the Unix epoch) needs more than a double's 53 bits, so it stays exact.
    expect(call('uuid.parse', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toEqual({
      version: 1,
      variant: 'RFC4122',
      time: 886630433151182400n,
      nodeid: '00-c0-4f-d4-30-c8',
      macvariables: 'global:unicast',
      clocksequence: 180,
    });
  });

  it('accepts the braced, URN and undashed forms, and only the version and variant of a v4', () => {
    const want = { version: 4, variant: 'RFC4122' };
    for (const s of [
      '{f47ac10b-58cc-4372-a567-0e02b2c3d479}',
      'URN:uuid:f47ac10b-58cc-4372-a567-0e02b2c3d479',
      'f47ac10b58cc4372a5670e02b2c3d479',
    ])
      expect(callJson('uuid.parse', s)).toEqual(want);
  });

  it('is undefined for text that is not a UUID, and a type error for a non-string', () => {
    expect(callJson('uuid.parse', 'f47ac10b-58cc-4372-a567-0e02b2c3d47')).toBeUndefined();
    expect(callJson('uuid.parse', 'f47ac10b+58cc-4372-a567-0e02b2c3d479')).toBeUndefined();
    expect(failure('uuid.parse', 1).code).toBe('eval_type_error');
  });
});
