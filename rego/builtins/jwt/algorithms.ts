/**
 * The JWS algorithms OPA accepts (HS, RS, PS, ES at 256/384/512 bits, and EdDSA), signing and
 * verifying synchronously — evaluation is synchronous — on audited pure-JavaScript libraries:
 * `@noble/hashes` (HMAC, SHA-2), `@noble/curves` (ECDSA on P-256/384/521, Ed25519) and
 * `micro-rsa-dsa-dh` (RSASSA-PKCS1-v1_5 and RSASSA-PSS).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { mgf1, PKCS1_SHA256, PKCS1_SHA384, PKCS1_SHA512, PSS } from 'micro-rsa-dsa-dh/rsa.js';

/** A key a token can be signed or verified with. */
export type JwsKey =
  | { readonly kind: 'secret'; readonly bytes: Uint8Array }
  | { readonly kind: 'rsa'; readonly n: bigint; readonly e: bigint; readonly d?: bigint }
  | { readonly kind: 'ec'; readonly curve: Curve; readonly point: Uint8Array; readonly d?: Uint8Array }
  | { readonly kind: 'ed25519'; readonly point: Uint8Array; readonly seed?: Uint8Array };

/** A NIST curve by its JOSE name. */
export type Curve = 'P-256' | 'P-384' | 'P-521';

/** The algorithms OPA's `tokenAlgorithms` lists. */
export const JWS_ALGORITHMS: ReadonlySet<string> = new Set([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'HS256',
  'HS384',
  'HS512',
  'EdDSA',
]);

const HASHES = { '256': sha256, '384': sha384, '512': sha512 } as const;
const PKCS1 = { '256': PKCS1_SHA256, '384': PKCS1_SHA384, '512': PKCS1_SHA512 } as const;
const CURVES = { 'P-256': p256, 'P-384': p384, 'P-521': p521 } as const;
const ES_CURVES: Record<string, Curve> = { '256': 'P-256', '384': 'P-384', '512': 'P-521' };

type Bits = keyof typeof HASHES;

function bitsOf(alg: string): Bits | undefined {
  const bits = alg.slice(2);
  return bits === '256' || bits === '384' || bits === '512' ? bits : undefined;
}

function pss(bits: Bits) {
  const hash = HASHES[bits];
  return PSS(hash, mgf1(hash), hash.outputLen);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/**
 * Whether `signature` over `input` verifies with `key` under `alg`. A key of another kind, or a
 * malformed key or signature, does not verify (as in OPA, where such errors mean "not verified").
 */
export function verifySignature(key: JwsKey, alg: string, input: Uint8Array, signature: Uint8Array): boolean {
  const bits = bitsOf(alg);
  try {
    if (alg === 'EdDSA') return key.kind === 'ed25519' && ed25519.verify(signature, input, key.point);
    if (!bits) return false;
    switch (alg.slice(0, 2)) {
      case 'HS':
        return key.kind === 'secret' && equalBytes(hmac(HASHES[bits], key.bytes, input), signature);
      case 'RS':
        return key.kind === 'rsa' && PKCS1[bits].verify({ n: key.n, e: key.e }, input, signature);
      case 'PS':
        return key.kind === 'rsa' && pss(bits).verify({ n: key.n, e: key.e }, input, signature);
      case 'ES': {
        if (key.kind !== 'ec') return false;
        // Go hashes with the algorithm's hash whatever the key's curve, and splits r‖s in halves.
        const digest = HASHES[bits](input);
        return CURVES[key.curve].verify(signature, digest, key.point, { prehash: false, lowS: false });
      }
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** Signs `input` with `key` under `alg`; throws an `Error` naming what does not fit. */
export function signWith(key: JwsKey, alg: string, input: Uint8Array): Uint8Array {
  const bits = bitsOf(alg);
  const family = alg === 'EdDSA' ? 'EdDSA' : alg.slice(0, 2);
  const wrongKey = () => new Error(`failed to sign payload: invalid key type for algorithm ${alg}`);
  if (family === 'EdDSA') {
    if (key.kind !== 'ed25519' || !key.seed) throw wrongKey();
    return ed25519.sign(input, key.seed);
  }
  if (!bits) throw new Error(`unknown JWS algorithm: ${alg}`);
  switch (family) {
    case 'HS':
      if (key.kind !== 'secret') throw wrongKey();
      return hmac(HASHES[bits], key.bytes, input);
    case 'RS':
    case 'PS':
      if (key.kind !== 'rsa' || key.d === undefined) throw wrongKey();
      return (family === 'RS' ? PKCS1[bits] : pss(bits)).sign({ n: key.n, d: key.d }, input);
    case 'ES':
      if (key.kind !== 'ec' || !key.d || key.curve !== ES_CURVES[bits]) throw wrongKey();
      return CURVES[key.curve].sign(input, key.d, { lowS: false });
    default:
      throw new Error(`unknown JWS algorithm: ${alg}`);
  }
}
