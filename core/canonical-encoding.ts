/**
 * The canonical encoding the decision cache key hashes: a compact, unambiguous text form of a
 * JSON value with object keys sorted at every depth. Unlike canonical JSON, strings are
 * length-prefixed rather than quoted, so no string is scanned for characters to escape.
 */
import { AuthzError } from './errors.ts';
import { sortedKeys } from './sorted-keys.ts';

/**
 * `s` + one character whose code unit is the length, for strings shorter than 128 code units
 * (an ASCII prefix; longer strings take `S<decimal length>:`).
 */
const SHORT_PREFIX: readonly string[] = Array.from({ length: 128 }, (_, n) => `s${String.fromCharCode(n)}`);
/** `String.prototype.isWellFormed` (ES2024, in Node 20), typed here: the project's lib is ES2023. */
const isWellFormed = (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed;

function notJson(what: string): AuthzError {
  return new AuthzError('invalid_resource_context', `${what} is not a JSON value`);
}

/**
 * A string: its length then its code units, which need no escaping. A string with lone surrogates
 * is JSON-escaped instead (tag `j`): encoded as UTF-8 they would all become U+FFFD, so that two
 * different strings would hash alike.
 */
function encodeString(text: string): string {
  const length = text.length;
  if (!isWellFormed.call(text)) return `j${JSON.stringify(text)}`;
  return length < 128 ? SHORT_PREFIX[length]! + text : `S${length}:${text}`;
}

/**
 * Depth from which objects are checked for cycles. Shallower ones are not (the usual resource
 * context is a few levels deep): a cyclic value recurses without end, so it still reaches this
 * depth and meets an object already on the checked part of its path there.
 */
const CHECKED_DEPTH = 32;

/**
 * Encodes `value`; `undefined` when it has no JSON form. `ancestors`: the objects on the path
 * from depth {@link CHECKED_DEPTH} down (cycle detection), created on reaching that depth.
 */
function encode(value: unknown, depth: number, ancestors: object[] | undefined): string | undefined {
  switch (typeof value) {
    case 'string':
      return encodeString(value);
    case 'number':
      return Number.isFinite(value) ? `n${value};` : 'z';
    case 'boolean':
      return value ? 't' : 'f';
    case 'bigint':
      throw notJson('a BigInt');
    case 'object':
      return value === null ? 'z' : encodeObject(value, depth, ancestors);
    default:
      // undefined, functions and symbols have no JSON form (as with JSON.stringify).
      return undefined;
  }
}

function encodeObject(value: object, depth: number, ancestors: object[] | undefined): string | undefined {
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return encode(withJson.toJSON(), depth, ancestors);
  let path = ancestors;
  if (depth >= CHECKED_DEPTH) {
    path ??= [];
    if (path.includes(value)) throw notJson('a cyclic value');
    path.push(value);
  }
  const inner = depth + 1;
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) text += encode(value[i], inner, path) ?? 'z';
    text += ']';
  } else {
    const record = value as Record<string, unknown>;
    const keys = sortedKeys(record);
    text = '{';
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const member = encode(record[key], inner, path);
      if (member !== undefined) text += encodeString(key) + member;
    }
    text += '}';
  }
  path?.pop();
  return text;
}

/**
 * Encodes a JSON value canonically and unambiguously: object keys sorted at every depth (so key
 * order never changes the text) and JSON's rules otherwise (`toJSON` honoured, members without
 * JSON form dropped, in arrays `null`, non-finite numbers `null`), so that two values have the
 * same encoding exactly when they have the same canonical JSON. Every value starts with a tag,
 * so a concatenation of encodings still reads one way only:
 *
 * - `z` null, `t` true, `f` false, `n<number>;`
 * - `s<length as one character><text>` (under 128 code units), `S<length>:<text>`, or
 *   `j<JSON string>` for text with lone surrogates
 * - `[<values>]`, `{<key><value>…}`
 *
 * The text is well-formed Unicode, so its UTF-8 bytes are as unambiguous as the text.
 *
 * @throws {AuthzError} `invalid_resource_context` for a BigInt or a cyclic value
 * @example
 * canonicalEncoding({ b: 1, a: 'x' }); // '{s\u0001as\u0001xs\u0001bn1;}'
 */
export function canonicalEncoding(value: unknown): string {
  return encode(value, 0, undefined) ?? 'z';
}
