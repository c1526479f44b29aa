/**
 * Built-in calls the fuzzer generates, by arity. Regular expressions and the built-ins the engine
 * refuses are left out, as are the ones whose answer is not a function of their arguments
 * (`time.now_ns`, `rand.intn`, `uuid.rfc4122`, `opa.runtime`).
 */

/** Built-ins taking one argument. */
export const UNARY: readonly string[] = [
  'abs',
  'ceil',
  'floor',
  'round',
  'count',
  'sum',
  'product',
  'max',
  'min',
  'sort',
  'to_number',
  'lower',
  'upper',
  'trim_space',
  'strings.reverse',
  'array.reverse',
  'object.keys',
  'json.marshal',
  'json.unmarshal',
  'json.is_valid',
  'base64.encode',
  'base64.decode',
  'base64.is_valid',
  'base64url.encode',
  'hex.encode',
  'urlquery.encode',
  'units.parse_bytes',
  'units.parse',
  'type_name',
  'is_number',
  'is_string',
  'is_array',
  'is_object',
  'is_null',
  'is_boolean',
  'semver.is_valid',
  'time.parse_duration_ns',
  'time.parse_rfc3339_ns',
  'net.cidr_is_valid',
  'yaml.marshal',
  'yaml.is_valid',
  'bits.negate',
  'json.verify_schema',
  'graphql.parse_query',
  'graphql.parse_schema',
  'graphql.schema_is_valid',
  'crypto.x509.parse_certificates',
  'crypto.x509.parse_certificate_request',
];

/** Built-ins taking two arguments. */
export const BINARY: readonly string[] = [
  'format_int',
  'concat',
  'contains',
  'endswith',
  'startswith',
  'indexof',
  'split',
  'trim',
  'trim_left',
  'trim_right',
  'trim_prefix',
  'trim_suffix',
  'strings.count',
  'array.concat',
  'object.remove',
  'object.union',
  'numbers.range',
  'semver.compare',
  'bits.and',
  'bits.or',
  'bits.lsh',
  'net.cidr_contains',
  'json.filter',
  'json.remove',
  'object.filter',
  'json.match_schema',
  'graphql.is_valid',
  'graphql.parse',
  'graphql.parse_and_verify',
  'crypto.x509.parse_keypair',
];

/** Built-ins taking three arguments. */
export const TERNARY: readonly string[] = ['substring', 'replace', 'array.slice', 'object.get'];

/** Infix operators. */
export const INFIX: readonly string[] = ['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&', '|'];

/** `sprintf` formats. */
export const FORMATS: readonly string[] = [
  '%v',
  '%d',
  '%s',
  '%.2f',
  '%x',
  '%v-%v',
  '%5d|%-3s',
  '%q',
  '%e',
  '%%',
];
