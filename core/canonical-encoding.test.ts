import { describe, expect, it } from 'vitest';
import { canonicalEncoding } from './canonical-encoding.ts';
import { AuthzError } from './errors.ts';

/** Strings that look like the encoding's own syntax, lone surrogates, lengths around 128. */
const TRICKY = [
  '',
  's',
  's\u0001a',
  'z',
  'n1;',
  '{',
  '}]',
  '\\',
  '\u0000',
  '\ud800',
  '\udc00',
  '\ud800\udc00',
  '\ufffd',
  'x'.repeat(127),
  'x'.repeat(128),
];

describe('canonicalEncoding', () => {
  it('does not depend on key order at any depth', () => {
    expect(canonicalEncoding({ b: [1, { d: 1, c: 2 }], a: 'x' })).toBe(
      canonicalEncoding({ a: 'x', b: [1, { c: 2, d: 1 }] }),
    );
  });

  it('keeps strings apart that look like its syntax, have lone surrogates or straddle 128', () => {
    const encodings = TRICKY.map((s) => canonicalEncoding([s, s]));
    expect(new Set(encodings).size).toBe(TRICKY.length);
    expect(canonicalEncoding(['\ud800', '\udc00'])).not.toBe(canonicalEncoding(['\ud800\udc00']));
    expect(canonicalEncoding({ a: 's\u0001b' })).not.toBe(canonicalEncoding({ a: 's', b: null }));
  });

  it('follows JSON for values without a JSON form and for toJSON', () => {
    expect(canonicalEncoding({ a: undefined, f: () => 1, n: Number.NaN })).toBe(
      canonicalEncoding({ n: null }),
    );
    expect(canonicalEncoding([undefined, Symbol('s')])).toBe(canonicalEncoding([null, null]));
    expect(canonicalEncoding({ at: new Date(0) })).toBe(
      canonicalEncoding({ at: '1970-01-01T00:00:00.000Z' }),
    );
    expect(canonicalEncoding(undefined)).toBe(canonicalEncoding(null));
  });

  it('refuses BigInt and cycles, shallow or deep, but not a shared object', () => {
    const shallow: Record<string, unknown> = {};
    shallow.self = shallow;
    let deep: Record<string, unknown> = {};
    const bottom = deep;
    for (let i = 0; i < 50; i++) deep = { next: deep };
    bottom.loop = deep;
    for (const bad of [1n, { n: [1n] }, shallow, [shallow], deep]) {
      expect(() => canonicalEncoding(bad)).toThrow(AuthzError);
    }
    const leaf = { leaf: true };
    let shared: unknown = [leaf, leaf];
    for (let i = 0; i < 50; i++) shared = [shared];
    expect(canonicalEncoding({ shared })).toContain('leaf');
  });
});
