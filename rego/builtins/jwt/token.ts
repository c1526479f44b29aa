/**
 * JSON Web Tokens in compact serialization as OPA reads them: three base64url sections, a JSON
 * object header (never a JWE), and `io.jwt.decode` with nested tokens (`cty: JWT`) unwrapped.
 */
import type { BuiltinContext, BuiltinDefinition } from '../../builtin.ts';
import { isObject, type ObjectValue, objectGet, type Value } from '../../value/index.ts';
import { decodeBase64UrlBytes } from '../encoding.ts';
import { JsonSyntaxError, parseJson } from '../json-text.ts';
import { builtinError, defineFunction, stringArg } from '../operands.ts';
import { decodeUtf8 } from '../utf8.ts';

/** The three encoded sections of a compact JWS. */
export interface CompactToken {
  readonly header: string;
  readonly payload: string;
  readonly signature: string;
}

/** A failure of a JWT built-in; the built-in's name is added where it is raised. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
}

/** Splits a compact token (OPA's `decodeJWT`). */
export function splitToken(name: string, args: readonly Value[], i: number): CompactToken {
  const text = stringArg(name, args, i);
  if (!text.includes('.')) throw new TokenError('encoded JWT had no period separators');
  const parts = text.split('.');
  if (parts.length !== 3) throw new TokenError(`encoded JWT must have 3 sections, found ${parts.length}`);
  return { header: parts[0] as string, payload: parts[1] as string, signature: parts[2] as string };
}

/** Decoded base64url text as a string (invalid UTF-8 becomes U+FFFD, as the engine's strings do). */
export function base64UrlText(s: string): string {
  return decodeUtf8(decodeBase64UrlBytes(s));
}

/** A JSON object (OPA's `extractJSONObject`). */
export function jsonObject(text: string): ObjectValue {
  let v: Value;
  try {
    v = parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new TokenError(`invalid JSON: ${e.message}`);
    throw e;
  }
  if (!isObject(v)) throw new TokenError('decoded JSON type was not an Object');
  return v;
}

/** The decoded header, refused when it is not an object or describes a JWE. */
export function decodeHeader(token: CompactToken): ObjectValue {
  let text: string;
  try {
    text = base64UrlText(token.header);
  } catch (e) {
    throw new TokenError(`JWT header had invalid encoding: ${(e as Error).message}`);
  }
  let header: ObjectValue;
  try {
    header = jsonObject(text);
  } catch (e) {
    throw new TokenError(`bad JWT header: ${(e as Error).message}`);
  }
  if (objectGet(header, 'enc') !== undefined)
    throw new TokenError('JWT is a JWE object, which is not supported');
  return header;
}

/** The decoded payload text. */
export function decodePayload(token: CompactToken): string {
  try {
    return base64UrlText(token.payload);
  } catch (e) {
    throw new TokenError(`JWT payload had invalid encoding: ${(e as Error).message}`);
  }
}

/** The signature bytes. */
export function decodeSignature(token: CompactToken): Uint8Array {
  try {
    return decodeBase64UrlBytes(token.signature);
  } catch (e) {
    throw new TokenError((e as Error).message);
  }
}

/** Runs a JWT built-in body, reporting its failures as the built-in's errors. */
export function tokenBuiltin(
  name: string,
  arity: number,
  body: (args: readonly Value[], ctx: BuiltinContext) => Value | undefined,
): BuiltinDefinition {
  return defineFunction(name, arity, (args, ctx) => {
    try {
      return body(args, ctx);
    } catch (e) {
      if (e instanceof TokenError) throw builtinError(name, e.message, e);
      throw e;
    }
  });
}

/** Go's `strings.Trim(s, "\"'")`, without a regular expression that long quote runs make quadratic. */
function trimQuotes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && (s[start] === '"' || s[start] === "'")) start++;
  while (end > start && (s[end - 1] === '"' || s[end - 1] === "'")) end--;
  return s.slice(start, end);
}

function decode(args: readonly Value[]): Value {
  let token = splitToken('io.jwt.decode', args, 0);
  for (;;) {
    const header = decodeHeader(token);
    const payload = decodePayload(token);
    const cty = objectGet(header, 'cty');
    if (cty === 'JWT') {
      token = splitToken('io.jwt.decode', [trimQuotes(payload)], 0);
      continue;
    }
    const claims = jsonObject(payload);
    let signature: Uint8Array;
    try {
      signature = decodeSignature(token);
    } catch (e) {
      throw new TokenError(`JWT signature had invalid encoding: ${(e as Error).message}`);
    }
    return [header, claims, [...signature].map((b) => b.toString(16).padStart(2, '0')).join('')];
  }
}

/** `io.jwt.decode`. */
export const decodeBuiltins: readonly BuiltinDefinition[] = [tokenBuiltin('io.jwt.decode', 1, decode)];
