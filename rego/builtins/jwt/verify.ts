/**
 * JWT verification as OPA does it: `io.jwt.verify_<alg>` (signature only, with a secret, a PEM
 * certificate or public key, or a JWK set whose `kid`/`alg` select the keys tried) and
 * `io.jwt.decode_verify` (signature, `alg`, `iss`, `aud`, `exp`, `nbf` and nested tokens).
 */
import type { BuiltinContext, BuiltinDefinition } from '../../builtin.ts';
import { isNumber, type ObjectValue, objectEntries, objectGet, type Value } from '../../value/index.ts';
import { objectArg, stringArg } from '../operands.ts';
import { verifySignature } from './algorithms.ts';
import { JWX_V2_WORDING, type JwkFailureWording, type VerificationKey, verificationKeys } from './keys.ts';
import {
  type CompactToken,
  decodeHeader,
  decodePayload,
  decodeSignature,
  jsonObject,
  splitToken,
  TokenError,
  tokenBuiltin,
} from './token.ts';

const encoder = new TextEncoder();

function signingInput(token: CompactToken): Uint8Array {
  return encoder.encode(`${token.header}.${token.payload}`);
}

/** The header fields OPA reads (`parseTokenHeader`), with its type checks. */
interface TokenHeader {
  alg: string;
  kid: string;
  cty: string;
  crit: Set<string>;
  unknown: string[];
}

function parseHeader(header: ObjectValue): TokenHeader {
  const out: TokenHeader = { alg: '', kid: '', cty: '', crit: new Set(), unknown: [] };
  for (const [k, v] of objectEntries(header)) {
    const name = k as string;
    if (name === 'alg' || name === 'kid' || name === 'typ' || name === 'cty') {
      if (typeof v !== 'string') throw new TokenError(`${name}: must be a string`);
      if (name !== 'typ') out[name] = v;
    } else if (name === 'crit') {
      if (!Array.isArray(v)) throw new TokenError('crit: must be a list');
      for (const c of v) if (typeof c === 'string') out.crit.add(c);
      if (out.crit.size === 0) throw new TokenError('crit: must be a nonempty list');
    } else out.unknown.push(name);
  }
  return out;
}

/** Tries the keys as OPA does: the key whose `kid` matches, else every key whose `alg` fits. */
function verifiedByAny(
  keys: readonly VerificationKey[],
  header: TokenHeader,
  verify: (key: VerificationKey) => boolean,
): boolean {
  if (header.kid !== '') {
    const byKid = keys.find((k) => k.kid === header.kid);
    if (byKid) return verify(byKid);
  }
  return keys.some((k) => (k.alg === '' || k.alg === header.alg) && verify(k));
}

function verifyHmac(alg: string) {
  const name = `io.jwt.verify_${alg.toLowerCase()}`;
  return tokenBuiltin(name, 2, (args) => {
    stringArg(name, args, 0);
    const secret = stringArg(name, args, 1);
    const token = splitToken(name, args, 0);
    const signature = decodeSignature(token);
    return verifySignature(
      { kind: 'secret', bytes: encoder.encode(secret) },
      alg,
      signingInput(token),
      signature,
    );
  });
}

function verifyPublic(alg: string, wording: JwkFailureWording) {
  const name = `io.jwt.verify_${alg.toLowerCase()}`;
  return tokenBuiltin(name, 2, (args) => {
    const token = splitToken(name, args, 0);
    const keys = verificationKeys(stringArg(name, args, 1), wording);
    const signature = decodeSignature(token);
    const header = parseHeader(decodeHeader(token));
    const input = signingInput(token);
    return verifiedByAny(keys, header, (k) => verifySignature(k.key, alg, input, signature));
  });
}

/** The constraints of `io.jwt.decode_verify`. */
interface Constraints {
  keys?: VerificationKey[];
  secret: string;
  alg: string;
  iss: string;
  aud: string;
  /** Seconds since the epoch. */
  time: number;
}

function timeConstraint(v: Value): number {
  if (!isNumber(v)) throw new TokenError('token time constraint: must be a number');
  const t = Number(v);
  if (t < 0) throw new TokenError('token time constraint: must not be negative');
  return t;
}

function parseConstraints(o: ObjectValue, ctx: BuiltinContext, wording: JwkFailureWording): Constraints {
  const c: Constraints = { secret: '', alg: '', iss: '', aud: '', time: -1 };
  for (const [k, v] of objectEntries(o)) {
    const name = k as string;
    if (name === 'cert') {
      if (typeof v !== 'string') throw new TokenError('cert constraint: must be a string');
      c.keys = verificationKeys(v, wording);
    } else if (name === 'secret' || name === 'alg' || name === 'iss' || name === 'aud') {
      if (typeof v !== 'string') throw new TokenError(`${name} constraint: must be a string`);
      c[name] = v;
    } else if (name === 'time') c.time = timeConstraint(v);
    else throw new TokenError(`unknown token validation constraint: ${String(k)}`);
  }
  if (c.time === -1) c.time = Number(ctx.nowNs);
  const keyConstraints = (c.keys ? 1 : 0) + (c.secret !== '' ? 1 : 0);
  if (keyConstraints > 1) throw new TokenError('duplicate key constraints');
  if (keyConstraints < 1) throw new TokenError('no key constraint');
  return c;
}

function validAudience(aud: Value, want: string): boolean {
  if (typeof aud === 'string') return aud === want;
  return Array.isArray(aud) && aud.some((a) => a === want);
}

const UNVERIFIED: Value = [false, {}, {}];

function decodeVerify(args: readonly Value[], ctx: BuiltinContext, wording: JwkFailureWording): Value {
  const name = 'io.jwt.decode_verify';
  const constraints = parseConstraints(objectArg(name, args, 1), ctx, wording);
  let text: Value = args[0] as Value;
  let header: ObjectValue;
  let payloadText: string;
  for (;;) {
    const token = splitToken(name, [text], 0);
    header = decodeHeader(token);
    const fields = parseHeader(header);
    if (fields.alg === '' || fields.unknown.some((u) => fields.crit.has(u))) return UNVERIFIED;
    if (constraints.alg !== '' && constraints.alg !== fields.alg) return UNVERIFIED;
    const signature = decodeSignature(token);
    const input = signingInput(token);
    const verified = constraints.keys
      ? verifiedByAny(constraints.keys, fields, (k) => verifySignature(k.key, fields.alg, input, signature))
      : verifySignature(
          { kind: 'secret', bytes: encoder.encode(constraints.secret) },
          fields.alg,
          input,
          signature,
        );
    if (!verified) return UNVERIFIED;
    payloadText = decodePayload(token);
    if (fields.cty.toUpperCase() !== 'JWT') break;
    text = payloadText;
  }
  const payload = jsonObject(payloadText);
  if (constraints.iss !== '' && objectGet(payload, 'iss') !== constraints.iss) return UNVERIFIED;
  const aud = objectGet(payload, 'aud');
  if (aud !== undefined ? !validAudience(aud, constraints.aud) : constraints.aud !== '') return UNVERIFIED;
  const now = constraints.time / 1e9;
  const exp = objectGet(payload, 'exp');
  if (exp !== undefined) {
    if (!isNumber(exp)) throw new TokenError('exp value must be a number');
    if (now >= Number(exp)) return UNVERIFIED;
  }
  const nbf = objectGet(payload, 'nbf');
  if (nbf !== undefined) {
    if (!isNumber(nbf)) throw new TokenError('nbf value must be a number');
    if (now < Number(nbf)) return UNVERIFIED;
  }
  return [true, header, payload];
}

/**
 * `io.jwt.verify_*` and `io.jwt.decode_verify`, JWK failures worded as `wording` says.
 * @example createJwtVerifyBuiltins(JWX_V2_WORDING); // OPA v1.15's
 */
export function createJwtVerifyBuiltins(wording: JwkFailureWording): readonly BuiltinDefinition[] {
  return [
    verifyHmac('HS256'),
    verifyHmac('HS384'),
    verifyHmac('HS512'),
    ...['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'].map((alg) =>
      verifyPublic(alg, wording),
    ),
    tokenBuiltin('io.jwt.decode_verify', 2, (args, ctx) => decodeVerify(args, ctx, wording)),
  ];
}

/** `io.jwt.verify_*` and `io.jwt.decode_verify` of OPA v1.15. */
export const jwtVerifyBuiltins: readonly BuiltinDefinition[] = createJwtVerifyBuiltins(JWX_V2_WORDING);
