/**
 * @module rego/builtins/x509
 * X.509 built-ins (`crypto.x509.*`, `crypto.parse_private_keys`): certificates, requests, key pairs
 * and private keys read as Go reads them, and chain verification as Go's `x509.Verify`.
 */
export { x509Builtins } from './certificate-builtins.ts';
export { x509KeypairBuiltins } from './keypair.ts';
export { privateKeyBuiltins } from './private-keys.ts';
export { x509VerifyBuiltins } from './verify-builtins.ts';
