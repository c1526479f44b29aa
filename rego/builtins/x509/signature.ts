/**
 * Go's `Certificate.CheckSignatureFrom`: the parent must be allowed to sign certificates (a CA by
 * its basic constraints, `certSign` among its key usages when it has any) and its key must verify
 * the child's signature under the child's algorithm. Go refuses MD5, SHA-1 and DSA signatures as
 * insecure; so does this check.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { verifySignature } from '../jwt/index.ts';
import type { ChainCertificate } from './chain-certificate.ts';

/** Go's `KeyUsageCertSign`. */
const KEY_USAGE_CERT_SIGN = 32;
const CURVES = { 'P-256': p256, 'P-384': p384, 'P-521': p521 } as const;
const ECDSA_HASHES: Readonly<Record<number, (msg: Uint8Array) => Uint8Array>> = {
  10: sha256,
  11: sha384,
  12: sha512,
};
/** The JWS algorithm of Go's RSA signature algorithms (PKCS #1 v1.5 and PSS, SHA-256/384/512). */
const RSA_ALGORITHMS: Readonly<Record<number, string>> = {
  4: 'RS256',
  5: 'RS384',
  6: 'RS512',
  13: 'PS256',
  14: 'PS384',
  15: 'PS512',
};

function signatureVerifies(child: ChainCertificate, parent: ChainCertificate): boolean {
  const key = parent.key;
  const alg = child.signatureAlgorithm;
  if (!key) return false;
  try {
    if (alg === 16) return key.kind === 'ed25519' && ed25519.verify(child.signature, child.tbs, key.point);
    const hash = ECDSA_HASHES[alg];
    if (hash) {
      if (key.kind !== 'ec') return false;
      return CURVES[key.curve].verify(child.signature, hash(child.tbs), key.point, {
        prehash: false,
        lowS: false,
        format: 'der',
      });
    }
    const rsa = RSA_ALGORITHMS[alg];
    if (!rsa || key.kind !== 'rsa') return false;
    // Go refuses RSA keys under 1024 bits.
    if (key.n.toString(2).length < 1024) return false;
    return verifySignature(key, rsa, child.tbs, child.signature);
  } catch {
    return false;
  }
}

/** Whether `parent` may sign and did sign `child`. */
export function signedBy(child: ChainCertificate, parent: ChainCertificate): boolean {
  if (
    (parent.version === 3 && !parent.basicConstraintsValid) ||
    (parent.basicConstraintsValid && !parent.isCA)
  )
    return false;
  if (parent.keyUsage !== 0 && (parent.keyUsage & KEY_USAGE_CERT_SIGN) === 0) return false;
  return signatureVerifies(child, parent);
}
