/**
 * Keys for JWT built-ins as OPA reads them: one PEM block (a certificate or a `PUBLIC KEY`,
 * nothing after it), or a JWK or JWK set in JSON (with each key's `kid` and `alg`; keys of
 * algorithms OPA does not know are skipped). ASN.1 is read with `@peculiar/asn1-*`.
 */
import { ECParameters } from '@peculiar/asn1-ecc';
import { RSAPublicKey } from '@peculiar/asn1-rsa';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { isObject, type ObjectValue, objectGet, type Value } from '../../value/index.ts';
import { decodeBase64UrlBytes } from '../encoding.ts';
import { parseJson } from '../json-text.ts';
import { type PemBlock, pemBlock } from '../pem-block.ts';
import { type Curve, JWS_ALGORITHMS, type JwsKey } from './algorithms.ts';
import { TokenError } from './token.ts';

/** A key with the `kid` and `alg` its JWK named (empty when it named none, or came from PEM). */
export interface VerificationKey {
  readonly kid: string;
  readonly alg: string;
  readonly key: JwsKey;
}

const CURVE_OIDS: Record<string, Curve> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};

/** A big-endian unsigned integer. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** The public key of a DER `SubjectPublicKeyInfo`. */
export function publicKeyFromSpki(spki: SubjectPublicKeyInfo): JwsKey {
  const oid = spki.algorithm.algorithm;
  const bits = new Uint8Array(spki.subjectPublicKey);
  if (oid === '1.2.840.113549.1.1.1') {
    const rsa = AsnConvert.parse(bits, RSAPublicKey);
    return {
      kind: 'rsa',
      n: bytesToBigInt(new Uint8Array(rsa.modulus)),
      e: bytesToBigInt(new Uint8Array(rsa.publicExponent)),
    };
  }
  if (oid === '1.2.840.10045.2.1' && spki.algorithm.parameters) {
    const params = AsnConvert.parse(spki.algorithm.parameters, ECParameters);
    const curve = params.namedCurve ? CURVE_OIDS[params.namedCurve] : undefined;
    if (!curve) throw new Error('x509: unsupported elliptic curve');
    return { kind: 'ec', curve, point: bits };
  }
  if (oid === '1.3.101.112') return { kind: 'ed25519', point: bits };
  throw new Error('x509: unknown public key algorithm');
}

function pemKeys(block: PemBlock): VerificationKey[] {
  if (block.rest.length > 0) throw new TokenError('extra data after a PEM certificate block');
  if (block.type === 'CERTIFICATE') {
    try {
      const cert = AsnConvert.parse(block.der, Certificate);
      return [{ kid: '', alg: '', key: publicKeyFromSpki(cert.tbsCertificate.subjectPublicKeyInfo) }];
    } catch (e) {
      throw new TokenError(`failed to parse a PEM certificate: ${(e as Error).message}`);
    }
  }
  if (block.type === 'PUBLIC KEY') {
    try {
      return [
        { kid: '', alg: '', key: publicKeyFromSpki(AsnConvert.parse(block.der, SubjectPublicKeyInfo)) },
      ];
    } catch (e) {
      throw new TokenError(`failed to parse a PEM public key: ${(e as Error).message}`);
    }
  }
  throw new TokenError('failed to extract a Key from the PEM certificate');
}

function member(jwk: ObjectValue, name: string, required = true): Uint8Array | undefined {
  const v = objectGet(jwk, name);
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string') throw new Error(`required field ${name} is missing`);
  return decodeBase64UrlBytes(v);
}

/** A JWK object as a key (private parts kept when present, for signing). */
export function keyFromJwk(jwk: ObjectValue): JwsKey {
  const kty = objectGet(jwk, 'kty');
  switch (kty) {
    case 'oct':
      return { kind: 'secret', bytes: member(jwk, 'k') as Uint8Array };
    case 'RSA': {
      const d = member(jwk, 'd', false);
      return {
        kind: 'rsa',
        n: bytesToBigInt(member(jwk, 'n') as Uint8Array),
        e: bytesToBigInt(member(jwk, 'e') as Uint8Array),
        ...(d ? { d: bytesToBigInt(d) } : {}),
      };
    }
    case 'EC': {
      const crv = objectGet(jwk, 'crv');
      if (crv !== 'P-256' && crv !== 'P-384' && crv !== 'P-521')
        throw new Error(`invalid curve ${String(crv)}`);
      const x = member(jwk, 'x') as Uint8Array;
      const y = member(jwk, 'y') as Uint8Array;
      const d = member(jwk, 'd', false);
      return { kind: 'ec', curve: crv, point: Uint8Array.of(4, ...x, ...y), ...(d ? { d } : {}) };
    }
    case 'OKP': {
      if (objectGet(jwk, 'crv') !== 'Ed25519') throw new Error('unsupported OKP curve');
      const seed = member(jwk, 'd', false);
      return { kind: 'ed25519', point: member(jwk, 'x') as Uint8Array, ...(seed ? { seed } : {}) };
    }
    default:
      throw new Error(`invalid key type from JSON (${kty === undefined ? '' : String(kty)})`);
  }
}

/** The JWKs of a JWK or a JWK set in JSON, in order, and whether it was a set. */
export function jwkObjects(text: string): { keys: ObjectValue[]; set: boolean } {
  const v: Value = parseJson(text);
  if (!isObject(v)) throw new Error('invalid JWK: not a JSON object');
  const keys = objectGet(v, 'keys');
  if (keys === undefined) return { keys: [v], set: false };
  if (!Array.isArray(keys)) throw new Error('invalid JWK set: keys must be an array');
  return {
    keys: keys.map((k) => {
      if (!isObject(k)) throw new Error('invalid JWK set: a key is not an object');
      return k;
    }),
    set: true,
  };
}

/**
 * How the JWK library of an OPA release words a JWK it cannot read, after `jwk.Parse: `: text that
 * is not a JWK (set) object, and a single JWK it cannot use.
 */
export interface JwkFailureWording {
  readonly unreadable: (detail: string) => string;
  readonly soleKey: (detail: string) => string;
}

/** The wording of jwx v2, OPA v1.15's JWK library. */
export const JWX_V2_WORDING: JwkFailureWording = {
  unreadable: (detail) => `failed to unmarshal JWK set: ${detail}`,
  soleKey: () => 'failed to unmarshal JWK set: failed to parse sole key in key set',
};

/**
 * The verification keys of a `cert` argument (OPA's `getKeysFromCertOrJWK`).
 * @param wording how failures to read a JWK are worded (default: as OPA v1.15)
 */
export function verificationKeys(
  certificate: string,
  wording: JwkFailureWording = JWX_V2_WORDING,
): VerificationKey[] {
  const block = pemBlock(certificate);
  if (block) return pemKeys(block);
  // Worded as jwx, the JWK library OPA uses, words its failures.
  const problem = 'failed to parse a JWK key (set): jwk.ParseString: failed to parse string: jwk.Parse';
  let jwks: { keys: ObjectValue[]; set: boolean };
  try {
    jwks = jwkObjects(certificate);
  } catch (e) {
    throw new TokenError(`${problem}: ${wording.unreadable((e as Error).message)}`);
  }
  const keys: VerificationKey[] = [];
  for (const jwk of jwks.keys) {
    let key: JwsKey;
    try {
      key = keyFromJwk(jwk);
    } catch (e) {
      throw new TokenError(
        !jwks.set
          ? `${problem}: ${wording.soleKey((e as Error).message)}`
          : `${problem}: failed to parse key: ${(e as Error).message}`,
      );
    }
    const alg = objectGet(jwk, 'alg');
    const kid = objectGet(jwk, 'kid');
    if (typeof alg === 'string' && alg !== '' && !JWS_ALGORITHMS.has(alg)) continue;
    keys.push({ alg: typeof alg === 'string' ? alg : '', kid: typeof kid === 'string' ? kid : '', key });
  }
  return keys;
}
