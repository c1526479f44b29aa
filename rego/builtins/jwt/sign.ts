/**
 * `io.jwt.encode_sign` (header, payload and JWK as values, serialized like Go's `json.Marshal`)
 * and `io.jwt.encode_sign_raw` (the same three as JSON text): a compact JWS signed with the first
 * key of the JWK (set) under the header's `alg`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { isObject, type ObjectValue, objectGet } from '../../value/index.ts';
import { base64Text } from '../bytes.ts';
import { JsonSyntaxError, parseJson, writeJson } from '../json-text.ts';
import { arg, stringArg } from '../operands.ts';
import { JWS_ALGORITHMS, signWith } from './algorithms.ts';
import { jwkObjects, keyFromJwk } from './keys.ts';
import { TokenError, tokenBuiltin } from './token.ts';

const encoder = new TextEncoder();

function isJson(text: string): boolean {
  try {
    parseJson(text);
    return true;
  } catch (e) {
    if (e instanceof JsonSyntaxError) return false;
    throw e;
  }
}

/** A string member of the header text, when it is a JSON object that has one. */
function headerString(headerText: string, name: string): string | undefined {
  try {
    const header = parseJson(headerText);
    const v = isObject(header) ? objectGet(header, name) : undefined;
    return typeof v === 'string' ? v : undefined;
  } catch (e) {
    if (e instanceof JsonSyntaxError) return undefined;
    throw e;
  }
}

/** The header's `alg`, refused in the words of OPA's header reader (jwx's `jwsbb`). */
function headerAlg(headerText: string): string {
  const problem = "missing or invalid 'alg' header";
  if (headerText === '') throw new TokenError(`${problem}: cannot parse JSON: cannot parse empty string`);
  if (headerText.trimStart().startsWith('{') && !isJson(headerText))
    throw new TokenError(`${problem}: cannot parse JSON`);
  const alg = headerString(headerText, 'alg');
  if (alg === undefined) throw new TokenError(`${problem}: jwsbb: header "alg" not found`);
  return alg;
}

/** OPA's `commonBuiltinJWTEncodeSign`. */
function encodeSign(headerText: string, payloadText: string, jwkText: string): string {
  let jwks: ObjectValue[];
  try {
    jwks = jwkObjects(jwkText).keys;
  } catch (e) {
    throw new TokenError(`failed to parse JWK: ${(e as Error).message}`);
  }
  const first = jwks[0];
  if (!first) throw new TokenError('no keys found in JWK set');
  const alg = headerAlg(headerText);
  if (!JWS_ALGORITHMS.has(alg)) throw new TokenError(`unknown JWS algorithm: ${alg}`);
  const typ = headerString(headerText, 'typ');
  if ((typeof typ !== 'string' || typ === 'JWT') && !isJson(payloadText))
    throw new TokenError('type is JWT but payload is not JSON');
  let key: ReturnType<typeof keyFromJwk>;
  try {
    key = keyFromJwk(first);
  } catch (e) {
    throw new TokenError(`failed to parse JWK: ${(e as Error).message}`);
  }
  const input = `${base64Text(encoder.encode(headerText), true)}.${base64Text(encoder.encode(payloadText), true)}`;
  let signature: Uint8Array;
  try {
    signature = signWith(key, alg, encoder.encode(input));
  } catch (e) {
    throw new TokenError((e as Error).message);
  }
  return `${input}.${base64Text(signature, true)}`;
}

/** `io.jwt.encode_sign` and `io.jwt.encode_sign_raw`. */
export const jwtSignBuiltins: readonly BuiltinDefinition[] = [
  tokenBuiltin('io.jwt.encode_sign', 3, (args) =>
    encodeSign(writeJson(arg(args, 0)), writeJson(arg(args, 1)), writeJson(arg(args, 2))),
  ),
  tokenBuiltin('io.jwt.encode_sign_raw', 3, (args) => {
    const jwk = stringArg('io.jwt.encode_sign_raw', args, 2);
    return encodeSign(
      stringArg('io.jwt.encode_sign_raw', args, 0),
      stringArg('io.jwt.encode_sign_raw', args, 1),
      jwk,
    );
  }),
];
