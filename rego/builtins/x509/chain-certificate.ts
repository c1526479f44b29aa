/**
 * A certificate as chain verification needs it: Go's `x509.Certificate` fields (read from the
 * JSON `crypto.x509.parse_certificates` returns), the signed bytes and signature, and the
 * public key.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { type ObjectValue, objectGet, type Value } from '../../value/index.ts';
import { decodeBase64Bytes } from '../encoding.ts';
import type { JwsKey } from '../jwt/index.ts';
import { publicKeyFromSpki } from '../jwt/index.ts';
import { type Address, type Network, parseIP } from '../net/index.ts';
import { certificateValue } from './certificate.ts';

/** One certificate of a chain. */
export interface ChainCertificate {
  /** Go's `x509.Certificate` as JSON (what the built-ins return). */
  readonly json: ObjectValue;
  readonly raw: string;
  readonly tbs: Uint8Array;
  readonly signature: Uint8Array;
  readonly signatureAlgorithm: number;
  readonly key: JwsKey | undefined;
  readonly rawSubject: string;
  readonly rawIssuer: string;
  readonly rawSpki: string;
  readonly subjectKeyId: string;
  readonly authorityKeyId: string;
  readonly notBeforeNs: bigint;
  readonly notAfterNs: bigint;
  readonly version: number;
  readonly basicConstraintsValid: boolean;
  readonly isCA: boolean;
  readonly maxPathLen: number;
  readonly keyUsage: number;
  readonly extKeyUsage: readonly number[];
  readonly unknownExtKeyUsage: number;
  readonly unhandledCritical: number;
  /** The subject alternative name extension's value (base64), when present. */
  readonly san: string | undefined;
  readonly dnsNames: readonly string[];
  readonly emails: readonly string[];
  readonly ips: readonly Address[];
  readonly uris: readonly string[];
  readonly permittedDNS: readonly string[];
  readonly excludedDNS: readonly string[];
  readonly permittedEmails: readonly string[];
  readonly excludedEmails: readonly string[];
  readonly permittedURIs: readonly string[];
  readonly excludedURIs: readonly string[];
  readonly permittedIPs: readonly Network[];
  readonly excludedIPs: readonly Network[];
}

const SAN_OID = '2,5,29,17';

function field(json: ObjectValue, name: string): Value {
  return objectGet(json, name) ?? null;
}

function strings(json: ObjectValue, name: string): string[] {
  const v = field(json, name);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function num(json: ObjectValue, name: string): number {
  const v = field(json, name);
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0;
}

function timeNs(json: ObjectValue, name: string): bigint {
  return BigInt(Date.parse(field(json, name) as string)) * 1_000_000n;
}

/** A network from Go's `net.IPNet` JSON (`{IP, Mask}`). */
function network(v: Value): Network | undefined {
  const ip = parseIP(String(objectGet(v as ObjectValue, 'IP')));
  const mask = decodeBase64Bytes(String(objectGet(v as ObjectValue, 'Mask')), false);
  if (!ip) return undefined;
  let prefix = 0;
  for (const b of mask) for (let bit = 7; bit >= 0; bit--) if ((b >> bit) & 1) prefix++;
  const bits = mask.length === 4 ? 32 : 128;
  const value = bits === 32 && ip.bits === 128 ? ip.value & 0xffffffffn : ip.value;
  return { base: value, bits, prefix };
}

function networks(json: ObjectValue, name: string): Network[] {
  const v = field(json, name);
  return Array.isArray(v) ? v.map(network).filter((n): n is Network => n !== undefined) : [];
}

function sanValue(json: ObjectValue): string | undefined {
  const exts = field(json, 'Extensions');
  if (!Array.isArray(exts)) return undefined;
  for (const e of exts) {
    const id = objectGet(e as ObjectValue, 'Id');
    if (Array.isArray(id) && id.join(',') === SAN_OID) return String(objectGet(e as ObjectValue, 'Value'));
  }
  return undefined;
}

/** Offset and length of the DER element at `at` (header length, total length). */
function element(der: Uint8Array, at: number): [number, number] {
  const first = der[at + 1] ?? 0;
  if (first < 0x80) return [2, 2 + first];
  const n = first & 0x7f;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + (der[at + 2 + i] ?? 0);
  return [2 + n, 2 + n + length];
}

/** The signed part of a certificate exactly as encoded (its first inner element). */
function tbsBytes(der: Uint8Array): Uint8Array {
  const [header] = element(der, 0);
  const [, length] = element(der, header);
  return der.slice(header, header + length);
}

/**
 * Reads one DER certificate (`json`: its Go JSON when already made); throws when it does not parse.
 */
export function chainCertificate(
  der: Uint8Array,
  json = certificateValue(der) as ObjectValue,
): ChainCertificate {
  const cert = AsnConvert.parse(der, Certificate);
  let key: JwsKey | undefined;
  try {
    key = publicKeyFromSpki(cert.tbsCertificate.subjectPublicKeyInfo);
  } catch {
    key = undefined;
  }
  const text = (name: string): string => {
    const v = field(json, name);
    return typeof v === 'string' ? v : '';
  };
  return {
    json,
    raw: text('Raw'),
    tbs: tbsBytes(der),
    signature: new Uint8Array(cert.signatureValue),
    signatureAlgorithm: num(json, 'SignatureAlgorithm'),
    key,
    rawSubject: text('RawSubject'),
    rawIssuer: text('RawIssuer'),
    rawSpki: text('RawSubjectPublicKeyInfo'),
    subjectKeyId: text('SubjectKeyId'),
    authorityKeyId: text('AuthorityKeyId'),
    notBeforeNs: timeNs(json, 'NotBefore'),
    notAfterNs: timeNs(json, 'NotAfter'),
    version: num(json, 'Version'),
    basicConstraintsValid: field(json, 'BasicConstraintsValid') === true,
    isCA: field(json, 'IsCA') === true,
    maxPathLen: num(json, 'MaxPathLen'),
    keyUsage: num(json, 'KeyUsage'),
    extKeyUsage: (field(json, 'ExtKeyUsage') as Value[] | null)?.map(Number) ?? [],
    unknownExtKeyUsage: (field(json, 'UnknownExtKeyUsage') as Value[] | null)?.length ?? 0,
    unhandledCritical: (field(json, 'UnhandledCriticalExtensions') as Value[] | null)?.length ?? 0,
    san: sanValue(json),
    dnsNames: strings(json, 'DNSNames'),
    emails: strings(json, 'EmailAddresses'),
    ips: strings(json, 'IPAddresses')
      .map(parseIP)
      .filter((a): a is Address => a !== undefined),
    uris: strings(json, 'URIStrings'),
    permittedDNS: strings(json, 'PermittedDNSDomains'),
    excludedDNS: strings(json, 'ExcludedDNSDomains'),
    permittedEmails: strings(json, 'PermittedEmailAddresses'),
    excludedEmails: strings(json, 'ExcludedEmailAddresses'),
    permittedURIs: strings(json, 'PermittedURIDomains'),
    excludedURIs: strings(json, 'ExcludedURIDomains'),
    permittedIPs: networks(json, 'PermittedIPRanges'),
    excludedIPs: networks(json, 'ExcludedIPRanges'),
  };
}
