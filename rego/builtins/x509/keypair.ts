/**
 * `crypto.x509.parse_keypair`: a certificate chain and its private key read as Go's
 * `tls.X509KeyPair` reads them (after OPA's base64 and bare-DER handling), returned as Go's
 * `tls.Certificate` JSON: the chain's DER, the key struct and the parsed leaf.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { isObject, objectGet, type Value } from '../../value/index.ts';
import { decodeBase64Bytes } from '../encoding.ts';
import { builtinError, defineFunction, typeError } from '../operands.ts';
import { pemBlock } from '../pem-block.ts';
import { certificateValue } from './certificate.ts';
import { base64 } from './go-json.ts';
import { anyPrivateKey, goJson, type PrivateKey } from './private-keys.ts';

const NAME = 'crypto.x509.parse_keypair';
const BEGIN = '-----BEGIN';

/** PEM text of an operand: as given, or base64-decoded; bare DER wrapped in a `type` block. */
function pemInput(input: string, type: string): string {
  let text = input;
  if (!text.startsWith(BEGIN)) {
    const bytes = decodeBase64Bytes(text, false);
    text = new TextDecoder().decode(bytes);
    if (!text.startsWith(BEGIN)) {
      const body = (base64(bytes).match(/.{1,64}/g) ?? []).join('\n');
      text = `-----BEGIN ${type}-----\n${body}\n-----END ${type}-----\n`;
    }
  }
  return text;
}

function certificates(text: string): Uint8Array[] {
  const ders: Uint8Array[] = [];
  const skipped: string[] = [];
  for (let block = pemBlock(text); block; block = pemBlock(block.rest)) {
    if (block.type === 'CERTIFICATE') ders.push(block.der);
    else skipped.push(block.type);
  }
  if (ders.length > 0) return ders;
  if (skipped.length === 0) throw new Error('tls: failed to find any PEM data in certificate input');
  if (skipped.length === 1 && skipped[0]?.endsWith('PRIVATE KEY')) {
    throw new Error(
      'tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched',
    );
  }
  throw new Error(
    `tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`,
  );
}

function privateKey(text: string): PrivateKey {
  const skipped: string[] = [];
  for (let block = pemBlock(text); block; block = pemBlock(block.rest)) {
    if (block.type === 'PRIVATE KEY' || block.type.endsWith(' PRIVATE KEY')) {
      const key = anyPrivateKey(block.der);
      if (!key) throw new Error('tls: failed to parse private key');
      return key;
    }
    skipped.push(block.type);
  }
  if (skipped.length === 0) throw new Error('tls: failed to find any PEM data in key input');
  if (skipped.length === 1 && skipped[0] === 'CERTIFICATE') {
    throw new Error('tls: found a certificate rather than a key in the PEM for the private key');
  }
  throw new Error(
    `tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`,
  );
}

/** Go's check that the key belongs to the leaf's public key. */
function checkMatch(algorithm: Value | undefined, publicKey: Value | undefined, key: PrivateKey): void {
  const kinds: Record<number, PrivateKey['kind']> = { 1: 'rsa', 3: 'ec', 4: 'ed25519' };
  if (kinds[Number(algorithm)] !== key.kind)
    throw new Error('tls: private key type does not match public key type');
  const mine = goJson(key);
  const field = (v: Value | undefined, k: string) => (isObject(v) ? objectGet(v, k) : undefined);
  const same =
    key.kind === 'rsa'
      ? field(mine, 'N') === field(publicKey, 'N') &&
        BigInt(field(mine, 'E') as number) === BigInt(field(publicKey, 'E') as number)
      : key.kind === 'ec'
        ? field(mine, 'X') === field(publicKey, 'X') && field(mine, 'Y') === field(publicKey, 'Y')
        : (mine as string).length > 0 && base64(key.point) === publicKey;
  if (!same) throw new Error('tls: private key does not match public key');
}

function parseKeypair(certInput: string, keyInput: string): Value {
  const ders = certificates(pemInput(certInput, 'CERTIFICATE'));
  const key = privateKey(pemInput(keyInput, 'PRIVATE KEY'));
  const leaf = certificateValue(ders[0] as Uint8Array) as { [k: string]: Value };
  checkMatch(leaf.PublicKeyAlgorithm, leaf.PublicKey, key);
  const { URIStrings: _, ...goLeaf } = leaf;
  return {
    Certificate: ders.map(base64),
    PrivateKey: goJson(key),
    SupportedSignatureAlgorithms: null,
    OCSPStaple: null,
    SignedCertificateTimestamps: null,
    Leaf: goLeaf,
  };
}

/** The key-pair built-in. */
export const x509KeypairBuiltins: readonly BuiltinDefinition[] = [
  defineFunction(NAME, 2, (args) => {
    const [cert, key] = args as [Value, Value];
    // OPA reports either operand's type as operand 1.
    if (typeof cert !== 'string') throw typeError(NAME, 1, cert, 'string');
    if (typeof key !== 'string') throw typeError(NAME, 1, key, 'string');
    try {
      return parseKeypair(cert, key);
    } catch (e) {
      throw builtinError(NAME, (e as Error).message);
    }
  }),
];
