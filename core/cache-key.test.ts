import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/support/seeded-random.ts';
import { decisionCacheKey } from './cache-key.ts';
import { canonicalJson } from './canonical-json.ts';
import { AuthzError } from './errors.ts';
import type { Identity } from './identity.ts';

/** Strings chosen to collide with the encoding's own syntax, and lone surrogates. */
const NASTY = [
  '',
  'a',
  'b',
  's',
  's\u0001a',
  'z',
  'n1;',
  '{',
  '}]',
  '"',
  '\\',
  '\u0000',
  '\u007f',
  '\ud800',
  '\udc00',
  '\ud800\udc00',
  '\ufffd',
  'é',
  'x'.repeat(127),
  'x'.repeat(128),
];

/** A small random JSON-ish value: few distinct atoms, so that equal values come up often. */
function value(next: () => number, depth = 0): unknown {
  const pick = next();
  if (depth > 2 || pick < 0.55) {
    const atoms: unknown[] = [null, true, false, 0, 1, -1, 1.5, Number.NaN, undefined, ...NASTY];
    return atoms[Math.floor(next() * atoms.length)];
  }
  const size = Math.floor(next() * 3);
  if (pick < 0.75) return Array.from({ length: size }, () => value(next, depth + 1));
  const entries = Array.from({ length: size }, () => [
    NASTY[Math.floor(next() * 6)] ?? 'k',
    value(next, depth + 1),
  ]);
  return Object.fromEntries(entries);
}

const alice: Identity = { type: 'IDENTITY_TYPE_SUB', value: 'alice' };
const base = { identity: alice, policyPath: 'webapp.GET.api.documents.__id', decision: 'allowed' };
const key = (resourceContext: Record<string, unknown>, over: Partial<typeof base> = {}) =>
  decisionCacheKey({ ...base, ...over, resourceContext });

describe('canonicalJson', () => {
  it('sorts keys at every depth and follows JSON otherwise', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: [undefined], c: new Date(0) })).toBe(
      '{"b":[null],"c":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('refuses values that are not JSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(AuthzError);
    expect(() => canonicalJson({ n: 1n })).toThrow(AuthzError);
  });
});

describe('decisionCacheKey', () => {
  it('is 32 hex characters', () => {
    expect(key({ id: '1' })).toMatch(/^[0-9a-f]{32}$/);
  });

  it('does not depend on key order at any depth', () => {
    expect(key({ a: 1, b: { c: 2, d: 3 } })).toBe(key({ b: { d: 3, c: 2 }, a: 1 }));
  });

  it('changes with any different value', () => {
    const keys = [
      key({ id: '1' }),
      key({ id: 1 }),
      key({ id: '2' }),
      key({ id: ['1'] }),
      key({ id: '1', extra: null }),
      key({ nested: { id: '1' } }),
      key({ id: '1' }, { identity: { type: 'IDENTITY_TYPE_SUB', value: 'bob' } }),
      key({ id: '1' }, { identity: { type: 'IDENTITY_TYPE_JWT', value: 'alice' } }),
      key({ id: '1' }, { identity: { type: 'IDENTITY_TYPE_NONE' } }),
      key({ id: '1' }, { policyPath: 'webapp.PUT.api.documents.__id' }),
      key({ id: '1' }, { decision: 'visible' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps apart strings that UTF-8 would blur (lone surrogates)', () => {
    const keys = ['\ud800', '\udc00', '\ufffd', '\ud800\udc00', '\udc00\ud800'].map((id) => key({ id }));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('changes exactly when the canonical JSON of the context changes (random contexts)', () => {
    const next = seededRandom(20_240_601);
    const byJson = new Map<string, string>();
    const byEncoding = new Map<string, string>();
    for (let i = 0; i < 5_000; i++) {
      const context = { v: value(next) };
      const json = canonicalJson(context);
      const encoding = key(context);
      expect(byJson.get(json) ?? encoding).toBe(encoding);
      expect(byEncoding.get(encoding) ?? json).toBe(json);
      byJson.set(json, encoding);
      byEncoding.set(encoding, json);
    }
    expect(byJson.size).toBeGreaterThan(500);
  });

  it('cannot be forged by moving text between fields', () => {
    expect(key({}, { policyPath: 'a.b', decision: 'c' })).not.toBe(
      key({}, { policyPath: 'a', decision: 'b.c' }),
    );
  });
});

describe('canonicalJson strings', () => {
  it('quotes every string exactly as JSON does', () => {
    for (const text of [
      'plain',
      'quote " inside',
      'back\\slash',
      'line\nbreak',
      '\u0001',
      'é ü 中',
      '😀',
      '\ud800 lone',
    ]) {
      expect(canonicalJson({ [text]: text })).toBe(JSON.stringify({ [text]: text }));
    }
  });
});

describe('canonicalJson key order', () => {
  it('sorts many keys, and keys with any characters, like Array.prototype.sort', () => {
    const keys = [
      'b',
      'a',
      'B',
      '_',
      'é',
      'aa',
      '10',
      '9',
      'Z',
      'z',
      '😀',
      ' ',
      'a b',
      'k1',
      'k10',
      'k2',
      'x',
      'y',
    ];
    for (const count of [3, keys.length]) {
      const subset = keys.slice(0, count);
      const object = Object.fromEntries(subset.map((k) => [k, 1]));
      const sorted = Object.keys(object).sort();
      expect(canonicalJson(object)).toBe(`{${sorted.map((k) => `${JSON.stringify(k)}:1`).join(',')}}`);
    }
  });
});
