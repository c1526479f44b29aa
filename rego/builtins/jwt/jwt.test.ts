import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type JsonValue, makeObject, type Value } from '../../value/index.ts';
import { call, callJson, failure } from '../test-support.ts';

/** A JWK as an engine value (objects with string keys). */
function jwk(o: Record<string, unknown>): Value {
  return makeObject(Object.entries(o).map(([k, v]) => [k, v as Value]));
}

function keyPair(alg: string) {
  const pair =
    alg.startsWith('RS') || alg.startsWith('PS')
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : alg === 'EdDSA'
        ? generateKeyPairSync('ed25519')
        : generateKeyPairSync('ec', {
            namedCurve: { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' }[alg] as string,
          });
  return {
    privateJwk: pair.privateKey.export({ format: 'jwk' }) as Record<string, unknown>,
    publicJwk: pair.publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
    publicPem: pair.publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
}

const NOW_S = 1_700_000_000; // the test context's time.now_ns, in seconds

describe('io.jwt.* with HMAC', () => {
  const token = call(
    'io.jwt.encode_sign',
    { alg: 'HS256', typ: 'JWT' },
    { sub: 'alice', iss: 'idp', aud: 'app', exp: NOW_S + 60 },
    jwk({ kty: 'oct', k: 'c2VjcmV0' }),
  ) as string;

  it('signs deterministically, as OPA does for HS256', () => {
    expect(token.split('.')[0]).toBe('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9');
    expect(call('io.jwt.verify_hs256', token, 'secret')).toBe(true);
    expect(call('io.jwt.verify_hs256', token, 'other')).toBe(false);
    expect(call('io.jwt.verify_hs512', token, 'secret')).toBe(false);
  });

  it('decodes header, claims and the signature in hex', () => {
    const [header, claims, signature] = callJson('io.jwt.decode', token) as JsonValue[];
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims).toEqual({ aud: 'app', exp: NOW_S + 60, iss: 'idp', sub: 'alice' });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('checks signature, issuer, audience and expiry in decode_verify', () => {
    const verify = (constraints: Record<string, Value>) =>
      (callJson('io.jwt.decode_verify', token, jwk(constraints)) as JsonValue[])[0];
    expect(verify({ secret: 'secret', iss: 'idp', aud: 'app' })).toBe(true);
    expect(verify({ secret: 'wrong', aud: 'app' })).toBe(false);
    expect(verify({ secret: 'secret', iss: 'other', aud: 'app' })).toBe(false);
    expect(verify({ secret: 'secret' })).toBe(false); // the token has an audience the caller did not ask for
    expect(verify({ secret: 'secret', aud: 'app', time: (NOW_S + 61) * 1e9 })).toBe(false);
    expect(verify({ secret: 'secret', aud: 'app', alg: 'RS256' })).toBe(false);
  });

  it("refuses malformed tokens and constraints with OPA's messages", () => {
    expect(failure('io.jwt.decode', 'abc').message).toBe(
      'io.jwt.decode: encoded JWT had no period separators',
    );
    expect(failure('io.jwt.decode', 'a.b').message).toBe(
      'io.jwt.decode: encoded JWT must have 3 sections, found 2',
    );
    expect(failure('io.jwt.decode_verify', token, jwk({})).message).toBe(
      'io.jwt.decode_verify: no key constraint',
    );
    expect(failure('io.jwt.decode_verify', token, jwk({ secret: 's', cert: '{"keys":[]}' })).message).toBe(
      'io.jwt.decode_verify: duplicate key constraints',
    );
    expect(failure('io.jwt.decode_verify', token, jwk({ secret: 's', nope: 1 })).message).toBe(
      'io.jwt.decode_verify: unknown token validation constraint: nope',
    );
  });
});

describe.each(['RS256', 'PS384', 'ES256', 'ES512', 'EdDSA'])('io.jwt.* with %s', (alg) => {
  const keys = keyPair(alg);
  const token = call(
    'io.jwt.encode_sign',
    { alg, kid: 'k1' },
    { sub: 'alice', exp: NOW_S + 60 },
    jwk(keys.privateJwk),
  ) as string;
  const builtin = `io.jwt.verify_${alg.toLowerCase()}`;

  it('verifies with a PEM public key, and not with another key', () => {
    expect(call(builtin, token, keys.publicPem)).toBe(true);
    expect(call(builtin, token, keyPair(alg).publicPem)).toBe(false);
  });

  it('verifies with the JWK set key whose kid matches', () => {
    const other = { ...keyPair(alg).publicJwk, kid: 'k0' };
    const set = JSON.stringify({ keys: [other, { ...keys.publicJwk, kid: 'k1' }] });
    expect(call(builtin, token, set)).toBe(true);
    const [ok, header] = callJson('io.jwt.decode_verify', token, jwk({ cert: set })) as JsonValue[];
    expect([ok, header]).toEqual([true, { alg, kid: 'k1' }]);
  });
});
