/**
 * X.509 certificates as OPA's `crypto.x509.parse_certificates` returns them: Go's
 * `x509.Certificate` marshalled to JSON (raw parts as base64, OIDs as integer arrays, names as
 * `pkix.Name`, public keys as Go's key structs), plus OPA's `URIStrings`.
 */
import { ECParameters } from '@peculiar/asn1-ecc';
import { RSAPublicKey } from '@peculiar/asn1-rsa';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, type SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import type { Value } from '../../value/index.ts';
import { bytesToBigInt } from '../jwt/index.ts';
import { extensionFields } from './extensions.ts';
import { base64 } from './go-json.ts';
import { nameValue } from './name.ts';

/** Go's `x509.SignatureAlgorithm` numbers by signature OID. */
const SIGNATURE_ALGORITHMS: Readonly<Record<string, number>> = {
  '1.2.840.113549.1.1.2': 1,
  '1.2.840.113549.1.1.4': 2,
  '1.2.840.113549.1.1.5': 3,
  '1.2.840.113549.1.1.11': 4,
  '1.2.840.113549.1.1.12': 5,
  '1.2.840.113549.1.1.13': 6,
  '1.2.840.10040.4.3': 7,
  '2.16.840.1.101.3.4.3.2': 8,
  '1.2.840.10045.4.1': 9,
  '1.2.840.10045.4.3.2': 10,
  '1.2.840.10045.4.3.3': 11,
  '1.2.840.10045.4.3.4': 12,
  '1.3.101.112': 16,
};

/** RSASSA-PSS (its number depends on the hash named in its parameters). */
const RSA_PSS = '1.2.840.113549.1.1.10';
/** DER (hex) of the SHA-256, SHA-384 and SHA-512 OIDs, found in RSASSA-PSS parameters. */
const PSS_HASHES: Readonly<Record<string, number>> = {
  '0609608648016503040201': 13,
  '0609608648016503040202': 14,
  '0609608648016503040203': 15,
};

/** The certificate's signature algorithm as Go numbers it (0: unknown). */
export function signatureAlgorithm(oid: string, parameters: ArrayBuffer | null | undefined): number {
  if (oid !== RSA_PSS) return SIGNATURE_ALGORITHMS[oid] ?? 0;
  const text = parameters
    ? [...new Uint8Array(parameters)].map((b) => b.toString(16).padStart(2, '0')).join('')
    : '';
  for (const [hash, n] of Object.entries(PSS_HASHES)) if (text.includes(hash)) return n;
  return 0;
}

/** Go's `PublicKeyAlgorithm` number and public key struct as JSON. */
export function publicKey(spki: SubjectPublicKeyInfo): [number, Value] {
  const key = new Uint8Array(spki.subjectPublicKey);
  switch (spki.algorithm.algorithm) {
    case '1.2.840.113549.1.1.1': {
      const rsa = AsnConvert.parse(key, RSAPublicKey);
      return [
        1,
        {
          N: bytesToBigInt(new Uint8Array(rsa.modulus)),
          E: Number(bytesToBigInt(new Uint8Array(rsa.publicExponent))),
        },
      ];
    }
    case '1.2.840.10045.2.1': {
      if (spki.algorithm.parameters) AsnConvert.parse(spki.algorithm.parameters, ECParameters);
      const size = (key.length - 1) / 2;
      return [
        3,
        { Curve: {}, X: bytesToBigInt(key.slice(1, 1 + size)), Y: bytesToBigInt(key.slice(1 + size)) },
      ];
    }
    case '1.3.101.112':
      return [4, base64(key)];
    default:
      return [0, null];
  }
}

/** Go's JSON of a `time.Time` in UTC (RFC 3339, no fraction when whole seconds). */
function timeText(d: Date): string {
  return d.toISOString().replace(/\.000Z$/, 'Z');
}

/** One certificate (DER) as OPA's JSON of Go's `x509.Certificate`. */
export function certificateValue(der: Uint8Array): Value {
  const cert = AsnConvert.parse(der, Certificate);
  const tbs = cert.tbsCertificate;
  const [publicKeyAlgorithm, key] = publicKey(tbs.subjectPublicKeyInfo);
  return {
    ...extensionFields(tbs.extensions ?? []),
    Issuer: nameValue(tbs.issuer),
    NotAfter: timeText(tbs.validity.notAfter.getTime()),
    NotBefore: timeText(tbs.validity.notBefore.getTime()),
    PublicKey: key,
    PublicKeyAlgorithm: publicKeyAlgorithm,
    Raw: base64(der),
    RawIssuer: base64(AsnConvert.serialize(tbs.issuer)),
    RawSubject: base64(AsnConvert.serialize(tbs.subject)),
    RawSubjectPublicKeyInfo: base64(AsnConvert.serialize(tbs.subjectPublicKeyInfo)),
    RawTBSCertificate: base64(AsnConvert.serialize(tbs)),
    SerialNumber: bytesToBigInt(new Uint8Array(tbs.serialNumber)),
    Signature: base64(cert.signatureValue),
    SignatureAlgorithm: signatureAlgorithm(
      cert.signatureAlgorithm.algorithm,
      cert.signatureAlgorithm.parameters,
    ),
    Subject: nameValue(tbs.subject),
    Version: tbs.version + 1,
  };
}
