import { describe, expect, it } from 'vitest';
import { InputReads } from './input-reads.ts';
import type { Value } from './value.ts';

let scopes = 0;
const scope = (input: Value | undefined) => ({ input, gen: ++scopes });

describe('reads of input paths', () => {
  it('reads the value at a path, undefined where a step is missing', () => {
    const reads = new InputReads();
    const s = scope({ resource: { id: 'doc-1', tags: ['a', 'b'] } });
    expect(reads.of(['resource', 'id']).read(s)).toBe('doc-1');
    expect(reads.of(['resource', 'tags', 1]).read(s)).toBe('b');
    expect(reads.of(['resource', 'owner', 'id']).read(s)).toBeUndefined();
    expect(reads.of([]).read(s)).toEqual({ resource: { id: 'doc-1', tags: ['a', 'b'] } });
    expect(reads.of(['resource']).read(scope(undefined))).toBeUndefined();
  });

  it('shares one read per path, and reads again in another scope', () => {
    const reads = new InputReads();
    expect(reads.of(['a', 'b'])).toBe(reads.of(['a', 'b']));
    expect(reads.of(['a', 1])).not.toBe(reads.of(['a', '1']));
    const input = { a: { b: 1 } };
    const first = scope(input);
    expect(reads.of(['a', 'b']).read(first)).toBe(1);
    expect(reads.of(['a', 'b']).read(scope({ a: { b: 2 } }))).toBe(2);
    // The same scope always has the same input: its value is read once.
    expect(reads.of(['a', 'b']).read(first)).toBe(1);
  });
});
