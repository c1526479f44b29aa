/**
 * `crypto.x509.parse_certificates`: certificates given as PEM, base64 of PEM or base64 of DER
 * (one or several, concatenated), read as OPA reads them, returned as Go's `x509.Certificate`;
 * `crypto.x509.parse_certificate_request`: a signing request as Go's `x509.CertificateRequest`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import type { Value } from '../../value/index.ts';
import { decodeBase64Bytes } from '../encoding.ts';
import { builtinError, defineFunction, stringArg } from '../operands.ts';
import { pemBlock } from '../pem-block.ts';
import { certificateValue } from './certificate.ts';
import { certificateRequestValue } from './request.ts';

const MALFORMED = 'x509: malformed certificate';
const BEGIN = '-----BEGIN';

/** Length of the DER element at `at` (header included), or undefined when truncated. */
function elementLength(der: Uint8Array, at: number): number | undefined {
  const first = der[at + 1];
  if (first === undefined) return undefined;
  if (first < 0x80) return 2 + first;
  const n = first & 0x7f;
  if (n === 0 || n > 4) return undefined;
  let length = 0;
  for (let i = 0; i < n; i++) {
    const b = der[at + 2 + i];
    if (b === undefined) return undefined;
    length = length * 256 + b;
  }
  return 2 + n + length;
}

/** Go's `x509.ParseCertificates`: DER certificates one after another. */
function parseDerCertificates(der: Uint8Array): Value[] {
  const out: Value[] = [];
  for (let at = 0; at < der.length; ) {
    const length = elementLength(der, at);
    if (der[at] !== 0x30 || length === undefined || at + length > der.length) throw new Error(MALFORMED);
    try {
      out.push(certificateValue(der.slice(at, at + length)));
    } catch {
      throw new Error(MALFORMED);
    }
    at += length;
  }
  return out;
}

/** The DER of every `CERTIFICATE` block of PEM text, as OPA collects them. */
function pemCertificates(text: string): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let block = pemBlock(text); block; block = pemBlock(block.rest)) {
    if (block.type !== 'CERTIFICATE')
      throw new Error(`PEM block type is '${block.type}', expected CERTIFICATE`);
    parts.push(block.der);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The certificates of OPA's accepted input forms. */
export function parseCertificates(input: string): Value[] {
  if (input.startsWith(BEGIN)) return parseDerCertificates(pemCertificates(input));
  const bytes = decodeBase64Bytes(input, false);
  const head = new TextDecoder().decode(bytes.slice(0, BEGIN.length));
  if (head === BEGIN) return parseDerCertificates(pemCertificates(new TextDecoder().decode(bytes)));
  return parseDerCertificates(bytes);
}

/** The request of OPA's accepted forms: PEM, or base64 of PEM or of DER. */
function parseCertificateRequest(input: string): Value {
  let bytes = input.startsWith('-----BEGIN CERTIFICATE REQUEST-----')
    ? new TextEncoder().encode(input)
    : decodeBase64Bytes(input, false);
  const block = pemBlock(new TextDecoder().decode(bytes));
  if (block && block.type !== 'CERTIFICATE REQUEST')
    throw new Error('invalid PEM-encoded certificate signing request');
  if (block) bytes = block.der;
  try {
    return certificateRequestValue(bytes);
  } catch {
    // Go's decoder details the mismatch (`tags don't match (16 vs …)`); its prefix is kept.
    throw new Error('asn1: structure error: malformed certification request');
  }
}

/** The X.509 certificate built-ins. */
export const x509Builtins: readonly BuiltinDefinition[] = [
  defineFunction('crypto.x509.parse_certificates', 1, (args) => {
    const input = stringArg('crypto.x509.parse_certificates', args, 0);
    try {
      return parseCertificates(input);
    } catch (e) {
      throw builtinError('crypto.x509.parse_certificates', (e as Error).message);
    }
  }),
  defineFunction('crypto.x509.parse_certificate_request', 1, (args) => {
    const input = stringArg('crypto.x509.parse_certificate_request', args, 0);
    try {
      return parseCertificateRequest(input);
    } catch (e) {
      throw builtinError('crypto.x509.parse_certificate_request', (e as Error).message);
    }
  }),
];
