import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, callJson, failure } from '../test-support.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pkcs1 = rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }) as string;
const sec1 = ec.privateKey.export({ format: 'pem', type: 'sec1' }) as string;

describe('crypto.x509.parse_rsa_private_key', () => {
  it('returns the first key as a JWK, from PEM or base64 of PEM', () => {
    const want = rsa.privateKey.export({ format: 'jwk' });
    expect(callJson('crypto.x509.parse_rsa_private_key', pkcs1)).toEqual(want);
    expect(callJson('crypto.x509.parse_rsa_private_key', btoa(pkcs1))).toEqual(want);
    expect(callJson('crypto.x509.parse_rsa_private_key', sec1)).toEqual(
      ec.privateKey.export({ format: 'jwk' }),
    );
  });

  it('refuses empty and non-base64 input, and is null without a key block', () => {
    expect(failure('crypto.x509.parse_rsa_private_key', '').message).toBe(
      'crypto.x509.parse_rsa_private_key: input PEM data was empty',
    );
    expect(failure('crypto.x509.parse_rsa_private_key', 'invalid').message).toContain('illegal base64 data');
    expect(call('crypto.x509.parse_rsa_private_key', btoa('no pem here'))).toBeNull();
  });
});

describe('crypto.parse_private_keys', () => {
  it("lists every key block in Go's JSON shape of its key structs", () => {
    const keys = callJson('crypto.parse_private_keys', `${pkcs1}\n${sec1}`) as Record<string, unknown>[];
    expect(keys.map((k) => Object.keys(k).sort())).toEqual([
      ['D', 'E', 'N', 'Precomputed', 'Primes'],
      ['Curve', 'D', 'X', 'Y'],
    ]);
    expect([callJson('crypto.parse_private_keys', 'nope'), call('crypto.parse_private_keys', '')]).toEqual([
      [],
      null,
    ]);
  });
});
