/**
 * @module rego/builtins/jwt
 * JSON Web Tokens and signatures as OPA handles them: `io.jwt.decode*`, `io.jwt.verify_*`,
 * `io.jwt.encode_sign*`, the JWS algorithms and the keys (PEM, JWK, JWK sets).
 */
export type { Curve, JwsKey } from './algorithms.ts';
export { verifySignature } from './algorithms.ts';
export { jwxV3JwtBuiltins } from './jwx-v3-wording.ts';
export type { JwkFailureWording } from './keys.ts';
export { bytesToBigInt, publicKeyFromSpki } from './keys.ts';
export { jwtSignBuiltins } from './sign.ts';
export { decodeBuiltins } from './token.ts';
export { createJwtVerifyBuiltins, jwtVerifyBuiltins } from './verify.ts';
