/**
 * Canonical JSON: the serialization of a JSON value with object keys sorted at every depth, so
 * that key order never changes the text and different values always do.
 */
import { AuthzError } from './errors.ts';
import { sortedKeys } from './sorted-keys.ts';

/** Characters that JSON escapes (and lone surrogates): strings without them are quoted as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes exactly these control characters.
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;

function quote(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function notJson(what: string): AuthzError {
  return new AuthzError('invalid_resource_context', `${what} is not a JSON value`);
}

/** Serializes `value`; `undefined` when it has no JSON form. `ancestors` detects cycles. */
function serialize(value: unknown, ancestors: object[]): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw notJson('a BigInt');
    case 'object':
      return value === null ? 'null' : serializeObject(value, ancestors);
    default:
      // undefined, functions and symbols have no JSON form (as with JSON.stringify).
      return undefined;
  }
}

function serializeObject(value: object, ancestors: object[]): string | undefined {
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return serialize(withJson.toJSON(), ancestors);
  if (ancestors.includes(value)) throw notJson('a cyclic value');
  ancestors.push(value);
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      text += serialize(value[i], ancestors) ?? 'null';
    }
    text += ']';
  } else {
    const record = value as Record<string, unknown>;
    const keys = sortedKeys(record);
    text = '{';
    for (const key of keys) {
      const member = serialize(record[key], ancestors);
      if (member === undefined) continue;
      if (text.length > 1) text += ',';
      text += `${quote(key)}:${member}`;
    }
    text += '}';
  }
  ancestors.pop();
  return text;
}

/**
 * Serializes a JSON value canonically: object keys sorted at every depth, JSON.stringify's rules
 * otherwise (`toJSON` honoured, `undefined` members dropped, non-finite numbers as `null`).
 *
 * @throws {AuthzError} `invalid_resource_context` for a BigInt or a cyclic value
 * @example
 * canonicalJson({ b: 1, a: { d: [1], c: 'x' } }); // '{"a":{"c":"x","d":[1]},"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, []) ?? 'null';
}
