/**
 * Private keys in PEM (or base64 of PEM) as OPA reads them — `RSA PRIVATE KEY` (PKCS #1),
 * `PRIVATE KEY` (PKCS #8: RSA, EC, Ed25519) and `EC PRIVATE KEY` — for
 * `crypto.x509.parse_rsa_private_key` (the first key as a JWK) and `crypto.parse_private_keys`
 * (every key in the shape Go's `json.Marshal` gives its key structs).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { ECParameters, ECPrivateKey } from '@peculiar/asn1-ecc';
import { PrivateKeyInfo } from '@peculiar/asn1-pkcs8';
import { RSAPrivateKey } from '@peculiar/asn1-rsa';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import type { BuiltinDefinition } from '../../builtin.ts';
import { makeObject, type Value } from '../../value/index.ts';
import { base64Text } from '../bytes.ts';
import { decodeBase64Bytes } from '../encoding.ts';
import type { Curve } from '../jwt/index.ts';
import { bytesToBigInt } from '../jwt/index.ts';
import { builtinError, defineFunction, stringArg } from '../operands.ts';
import { pemBlock } from '../pem-block.ts';

/** A private key read from DER. */
export type PrivateKey =
  | { kind: 'rsa'; n: bigint; e: bigint; d: bigint; p: bigint; q: bigint; dp: bigint; dq: bigint; qi: bigint }
  | { kind: 'ec'; curve: Curve; d: Uint8Array; x: Uint8Array; y: Uint8Array }
  | { kind: 'ed25519'; seed: Uint8Array; point: Uint8Array };

const CURVES = { 'P-256': p256, 'P-384': p384, 'P-521': p521 } as const;
const CURVE_OIDS: Record<string, Curve> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};
const CURVE_BYTES: Record<Curve, number> = { 'P-256': 32, 'P-384': 48, 'P-521': 66 };

/** Bytes as a string of the same code units (TextDecoder's `latin1` is windows-1252 outside Node). */
function byteString(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

function big(buffer: ArrayBuffer): bigint {
  return bytesToBigInt(new Uint8Array(buffer));
}

function rsaKey(der: Uint8Array): PrivateKey {
  const k = AsnConvert.parse(der, RSAPrivateKey);
  return {
    kind: 'rsa',
    n: big(k.modulus),
    e: big(k.publicExponent),
    d: big(k.privateExponent),
    p: big(k.prime1),
    q: big(k.prime2),
    dp: big(k.exponent1),
    dq: big(k.exponent2),
    qi: big(k.coefficient),
  };
}

function ecKey(der: Uint8Array, curveOid?: string): PrivateKey {
  const k = AsnConvert.parse(der, ECPrivateKey);
  const oid = k.parameters?.namedCurve ?? curveOid;
  const curve = oid ? CURVE_OIDS[oid] : undefined;
  if (!curve) throw new Error('x509: unknown elliptic curve');
  const size = CURVE_BYTES[curve];
  const raw = new Uint8Array(k.privateKey.buffer);
  const d = new Uint8Array(size);
  d.set(raw.slice(-size), Math.max(0, size - raw.length));
  const point = CURVES[curve].getPublicKey(d, false);
  return { kind: 'ec', curve, d, x: point.slice(1, 1 + size), y: point.slice(1 + size) };
}

function pkcs8Key(der: Uint8Array): PrivateKey {
  const info = AsnConvert.parse(der, PrivateKeyInfo);
  const inner = new Uint8Array(info.privateKey.buffer);
  const oid = info.privateKeyAlgorithm.algorithm;
  if (oid === '1.2.840.113549.1.1.1') return rsaKey(inner);
  if (oid === '1.2.840.10045.2.1') {
    const params = info.privateKeyAlgorithm.parameters;
    const curveOid = params ? AsnConvert.parse(params, ECParameters).namedCurve : undefined;
    return ecKey(inner, curveOid);
  }
  if (oid === '1.3.101.112') {
    const seed = new Uint8Array(AsnConvert.parse(inner, OctetString).buffer);
    return { kind: 'ed25519', seed, point: ed25519.getPublicKey(seed) };
  }
  throw new Error(`x509: PKCS#8 wrapping contained private key with unknown algorithm: ${oid}`);
}

/** Go's `tls` key reading: PKCS #1, then PKCS #8, then SEC 1; undefined when none fits. */
export function anyPrivateKey(der: Uint8Array): PrivateKey | undefined {
  for (const read of [rsaKey, pkcs8Key, ecKey]) {
    try {
      return read(der);
    } catch {
      // try the next encoding
    }
  }
  return undefined;
}

/** OPA's `getPrivateKeysFromPEMData`: every recognized key block, in order. */
function privateKeys(name: string, text: string): PrivateKey[] {
  let rest = text;
  const keys: PrivateKey[] = [];
  for (let block = pemBlock(rest); block; block = pemBlock(rest)) {
    rest = block.rest;
    try {
      if (block.type === 'RSA PRIVATE KEY') keys.push(rsaKey(block.der));
      else if (block.type === 'PRIVATE KEY') keys.push(pkcs8Key(block.der));
      else if (block.type === 'EC PRIVATE KEY') keys.push(ecKey(block.der));
    } catch (e) {
      throw builtinError(name, (e as Error).message, e);
    }
  }
  return keys;
}

function base64Url(n: bigint | Uint8Array): string {
  let bytes = n;
  if (typeof bytes === 'bigint') {
    const hex = bytes.toString(16);
    bytes = Uint8Array.from((hex.length % 2 ? `0${hex}` : hex).match(/../g) ?? [], (h) =>
      Number.parseInt(h, 16),
    );
  }
  return base64Text(bytes, true);
}

/** A key as the JWK jwx exports for it. */
function jwk(k: PrivateKey): Value {
  switch (k.kind) {
    case 'rsa':
      return makeObject(
        (['n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] as const)
          .map((f) => [f, base64Url(k[f])] as [string, Value])
          .concat([['kty', 'RSA']]),
      );
    case 'ec':
      return makeObject([
        ['kty', 'EC'],
        ['crv', k.curve],
        ['x', base64Url(k.x)],
        ['y', base64Url(k.y)],
        ['d', base64Url(k.d)],
      ]);
    case 'ed25519':
      return makeObject([
        ['kty', 'OKP'],
        ['crv', 'Ed25519'],
        ['x', base64Url(k.point)],
        ['d', base64Url(k.seed)],
      ]);
  }
}

/** A key as Go's `json.Marshal` writes `*rsa.PrivateKey`, `*ecdsa.PrivateKey` or `ed25519.PrivateKey`. */
export function goJson(k: PrivateKey): Value {
  switch (k.kind) {
    case 'rsa':
      return makeObject([
        ['N', k.n],
        ['E', k.e],
        ['D', k.d],
        ['Primes', [k.p, k.q]],
        [
          'Precomputed',
          makeObject([
            ['Dp', k.dp],
            ['Dq', k.dq],
            ['Qinv', k.qi],
            ['CRTValues', []],
          ]),
        ],
      ]);
    case 'ec':
      return makeObject([
        ['Curve', {}],
        ['X', bytesToBigInt(k.x)],
        ['Y', bytesToBigInt(k.y)],
        ['D', bytesToBigInt(k.d)],
      ]);
    case 'ed25519':
      return btoa(byteString(Uint8Array.from([...k.seed, ...k.point])));
  }
}

/** The text itself, or what it decodes to when it is standard base64 (required or optional). */
function pemText(name: string, input: string, requireBase64: boolean): string {
  try {
    return byteString(decodeBase64Bytes(input, false));
  } catch (e) {
    if (requireBase64) throw builtinError(name, (e as Error).message, e);
    return input;
  }
}

/** `crypto.x509.parse_rsa_private_key` and `crypto.parse_private_keys`. */
export const privateKeyBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('crypto.x509.parse_rsa_private_key', 1, (args) => {
    const name = 'crypto.x509.parse_rsa_private_key';
    const input = stringArg(name, args, 0);
    if (input === '') throw builtinError(name, 'input PEM data was empty');
    const text = input.startsWith('-----BEGIN') ? input : pemText(name, input, true);
    const first = privateKeys(name, pemText(name, text, false))[0];
    return first ? jwk(first) : null;
  }),
  defineFunction('crypto.parse_private_keys', 1, (args) => {
    const name = 'crypto.parse_private_keys';
    const input = stringArg(name, args, 0);
    if (input === '') return null;
    return privateKeys(name, pemText(name, input, false)).map(goJson);
  }),
];
