/**
 * The expressions and input of the built-ins' comparison with OPA
 * (`builtins.interop.test.ts`): edge-case arguments of the built-ins added for OPA parity, with the
 * keys and certificates they need (throwaway test fixtures).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const ed = generateKeyPairSync('ed25519');
const pem = (k: typeof rsa.publicKey) => JSON.stringify(k.export({ format: 'pem', type: 'spki' }));
const jwkText = (k: typeof rsa.privateKey, extra: object = {}) =>
  JSON.stringify(JSON.stringify({ ...k.export({ format: 'jwk' }), ...extra }));
/** A JWK as a Rego object. */
const jwk = (k: typeof rsa.privateKey) => `json.unmarshal(${jwkText(k)})`;
const HS_KEY = '{"kty": "oct", "k": "c2VjcmV0"}';
const TIME = '{"time": 1700000000000000000}';
const AWS =
  '{"aws_access_key": "AK", "aws_secret_access_key": "SK", "aws_service": "s3", "aws_region": "eu-west-1"}';

/** Test certificates (made with openssl: a CA with most extensions, an EC leaf, Ed25519, RSA-PSS, a CSR, IP name constraints). */
const cert = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'x509/testdata', `${name}.pem`), 'utf8');
const CERTS = {
  ca: cert('ca'),
  leaf: cert('leaf'),
  ed: cert('ed'),
  pss: cert('pss'),
  csr: cert('csr'),
  nc: cert('nc'),
};
/** Their throwaway private keys (test fixtures only). */
const key = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'x509/testdata', `${name}.key`), 'utf8');
const KEYS = { ca: key('ca'), leaf: key('leaf'), ed: key('ed') };
const derOf = (pemText: string) => pemText.replace(/-----[^\n]*-----\n?/g, '').replace(/\n/g, '');

/** Rego expressions, each evaluated by both. */
export const expressions = [
  // arrays
  'array.flatten([1, [2, [3]], [], {"a": [4]}, [[5]]])',
  'array.flatten(input.string_edges)',
  // template strings
  '$"{[1, {"a": "b"}]} {input.numbers[0]} \\{x} {input.nope} {$"{1 + 1}"}"',
  '$`multi\n{"line"}`',
  // Go's strings.Replacer: an empty pattern matches at every byte, inside characters too
  'replace("a😀b", "", "-")',
  'count(replace("aü", "", "-"))',
  'strings.replace_n({"": "-", "ü": "u"}, "aüc")',
  // regular expressions (Go's regexp)
  'regex.replace("ab😀😀é!", "(?m)$", "|")',
  'regex.find_all_string_submatch_n("(|a)+", "a", -1)',
  'regex.find_all_string_submatch_n("(a)|(b)", "b", -1)',
  'regex.match("(((a{100}){10}){10})", "a")',
  'regex.match("a\\\\", "a")',
  'regex.split("x*", "axbxxc")',
  'regex.find_n("", "😀é", -1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Go replacement template, not a JS one
  'regex.replace("2024-05", "(?P<y>\\\\d+)-(?P<m>\\\\d+)", "$m/$y ${y}x $$")',
  'regex.match("(?i)straße", "STRASSE")',
  'regex.match("\\\\p{Greek}+", "αβγ")',
  'regex.is_valid("(?<name>a)")',
  'regex.match("[[:word:]]+$", "snake_case")',
  // glob intersection
  'regex.globs_match("a.a.[0-9]+z", ".b.b2359825792*594823z")',
  'regex.globs_match("[a-z]+", "[0-9]*")',
  'regex.globs_match("pqrs]", "[a-b]+")',
  'regex.globs_match("a*", "b*")',
  'regex.globs_match("a*", "a*")',
  'regex.globs_match("", "")',
  'regex.globs_match("", "a*")',
  'regex.globs_match("ab*c", "a.+")',
  'regex.globs_match("[a-c]+x", "b*[wx]")',
  'regex.globs_match(".*", "\\\\.")',
  'regex.globs_match("x\\\\", "x")',
  'regex.globs_match("[z-a]", "a")',
  'regex.globs_match("[a-", "a")',
  'regex.globs_match("a+b+", "aab")',
  'regex.globs_match("(a|b)", "(a|b)")',
  // networks
  'net.cidr_merge(["192.0.2.112/31", "192.0.2.116/31", "192.0.2.118/31"])',
  'net.cidr_merge({"10.0.0.0/8", "10.1.0.0/16", "::/0"})',
  'net.cidr_merge(["10.1.2.3/8", "2001:db8:0:0:1::/80", "192.168.1.1"])',
  'net.cidr_merge(["::1"])',
  'net.cidr_merge(input.numbers)',
  'net.cidr_merge(["0.0.0.0/1", "128.0.0.0/1"])',
  'net.cidr_expand("192.168.1.1/30")',
  'net.cidr_expand("fe80::/127")',
  'net.cidr_expand("::ffff:10.0.0.0/127")',
  'net.cidr_expand("10.0.0.1/33")',
  'net.cidr_contains_matches(["10.0.0.0/8", ["192.168.0.0/16", "tag"]], {"a": "10.1.2.3", "b": ["192.168.7.7", "x"], "c": "8.8.8.8"})',
  'net.cidr_contains_matches({"10.0.0.0/8"}, "10.0.0.1")',
  'net.cidr_contains_matches([[]], "10.0.0.1")',
  'net.lookup_ip_addr("::ffff:10.0.0.1")',
  // uuid and graphs
  'uuid.parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")',
  'uuid.parse("000003e8-48b9-21ee-b200-325096b39f47")',
  'uuid.parse("{f47ac10b-58cc-4372-a567-0e02b2c3d479}")',
  'uuid.parse("URN:uuid:f47ac10b-58cc-4372-a567-0e02b2c3d479")',
  'uuid.parse("f47ac10b58cc4372c5670e02b2c3d479")',
  'uuid.parse("f47ac10b-58cc-4372-a567-0e02b2c3d47")',
  'graph.reachable_paths({"a": ["b"], "b": ["c", "x"], "c": ["a"], "d": []}, ["a", "d", "zz"])',
  'graph.reachable_paths({"a": {"b", "c"}, "b": {"a"}, "c": {"a", "b"}}, {"a"})',
  'graph.reachable_paths(input.string_edges, ["a"])',
  // AWS request signing
  `providers.aws.sign_req({"method": "get", "url": "https://u:p@example.com:8443/a b/%7e/ü?x=1&y"}, ${AWS}, 1451311705000000000)`,
  `providers.aws.sign_req({"method": "PUT", "url": "https://s3.example.com/k", "headers": {"X-Amz-Content-Sha256": "abc", "user-agent": "x", "n": 1}, "body": {"a": [1, "<"]}}, ${AWS}, 0)`,
  `providers.aws.sign_req({"method": "get", "url": "/rel?q"}, object.union(${AWS}, {"aws_service": "sts", "aws_session_token": "t", "disable_payload_signing": true}), 1451311705000000000)`,
  `providers.aws.sign_req({"method": "get", "url": "http://x", "nope": 1}, ${AWS}, 0)`,
  `providers.aws.sign_req({"method": 1, "url": "http://x"}, ${AWS}, 0)`,
  `providers.aws.sign_req({"method": "get", "url": "http://x/%zz"}, ${AWS}, 0)`,
  `providers.aws.sign_req({"method": "get", "url": "http://x"}, object.union(${AWS}, {"aws_region": 1}), 0)`,
  // private keys
  `crypto.x509.parse_rsa_private_key(${JSON.stringify(rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }))})`,
  `crypto.x509.parse_rsa_private_key(base64.encode(${JSON.stringify(rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }))}))`,
  `crypto.x509.parse_rsa_private_key(${JSON.stringify(ec.privateKey.export({ format: 'pem', type: 'sec1' }))})`,
  `crypto.x509.parse_rsa_private_key(${JSON.stringify(ed.privateKey.export({ format: 'pem', type: 'pkcs8' }))})`,
  'crypto.x509.parse_rsa_private_key("invalid")',
  'crypto.x509.parse_rsa_private_key("")',
  'crypto.x509.parse_rsa_private_key("-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----\\n")',
  `crypto.parse_private_keys(concat("\\n", [${JSON.stringify(rsa.privateKey.export({ format: 'pem', type: 'pkcs1' }))}, "junk", ${JSON.stringify(ec.privateKey.export({ format: 'pem', type: 'pkcs8' }))}, ${JSON.stringify(ed.privateKey.export({ format: 'pem', type: 'pkcs8' }))}]))`,
  'crypto.parse_private_keys("nope")',
  'crypto.parse_private_keys("")',
  // GraphQL (gqlparser's AST shape and error texts)
  'graphql.parse_query("query Q($id: ID = 1, $l: [String!]!) @live { a: user(id: $id, f: {x: [1, 2.5, \\"s\\", ENUM, null, true]}) { ...F ... on User @skip(if: true) { name } ... { id } } } fragment F on User { id }")',
  'graphql.parse_query("mutation { a(s: \\"\\"\\"block\\n  text\\"\\"\\") } subscription S { b }")',
  'graphql.parse_schema("\\"d\\" schema { query: Q } type Q implements I & J @key(f: \\"id\\") { \\"fd\\" f(a: Int = 1 @deprecated): [String!]! } interface I { f: Int } union U = A | B enum E { A @deprecated B } input In { x: Int = 3 } scalar S extend type Q { g: Int } extend schema @x directive @key(f: String) repeatable on OBJECT | FIELD_DEFINITION")',
  'graphql.parse_query("{")',
  'graphql.parse_query("{ a(x: 1 }")',
  'graphql.parse_query("type T { a: Int }")',
  'graphql.parse_schema("{ a }")',
  'graphql.parse_schema("type T {}")',
  'graphql.parse_query("   ")',
  'graphql.parse_query(input.numbers)',
  'graphql.is_valid("{ a }", "type Query { a: Int }")',
  'graphql.is_valid("{ b }", "type Query { a: Int }")',
  'graphql.is_valid(input.numbers, "type Query { a: Int }")',
  'graphql.parse("{ a }", "type Query { a: Int }")',
  'graphql.parse("{ b }", "type Query { a: Int }")',
  'graphql.parse("query($v: Int) { a }", "type Query { a: Int }")',
  'graphql.parse_and_verify("{ b }", "type Query { a: Int }")',
  'graphql.parse_and_verify("{ a }", "type Query { a: Int }")',
  'graphql.parse(graphql.parse_query("query($v: Int = 2) { a(x: [1, {y: \\"z\\"}], v: $v) @include(if: true) { b } }"), graphql.parse_schema("type Query { a(x: [Any], v: Int): T } type T { b: Int } scalar Any"))',
  'graphql.is_valid(graphql.parse_query("{ a { ... on T { b } } }"), graphql.parse_schema("type Query { a: T } type T { b: Int }"))',
  'graphql.schema_is_valid("type Query { a: Missing }")',
  'graphql.parse("{ a }", "scalar S")',
  'graphql.parse("mutation { a }", "type Query { a: Int }")',
  'graphql.parse("", "")',
  'graphql.parse_and_verify({"a": "1.2.3"}, {"a": {"b": 1}})',
  'graphql.schema_is_valid("extend type Query { a: Int }")',
  'graphql.schema_is_valid("type Query { a: Int } type Query { b: Int }")',
  'graphql.schema_is_valid(graphql.parse_schema("type Query { a(x: Int = 2): Int } enum E { A } union U = Query"))',
  // JSON schema (gojsonschema's checks, error objects and texts)
  // (Go visits an object's properties in random order: one failing property per case.)
  'json.match_schema({"a": 1, "x": 2}, {"type": "object", "required": ["a", "z"], "additionalProperties": false, "properties": {"a": {"type": "string"}}})',
  'json.match_schema({"b": "x"}, {"properties": {"b": {"enum": ["p", 1, {"q": "<&>"}]}}})',
  'json.match_schema({"c": [1, 1.0, "y", true]}, {"properties": {"c": {"type": "array", "items": {"type": ["integer", "string"]}, "uniqueItems": true, "maxItems": 2}}})',
  'json.match_schema({"d": {"e": null}}, {"properties": {"d": {"properties": {"e": {"type": "integer"}}}}})',
  'json.match_schema({"x": 7, "extra": true}, {"properties": {"x": {"minimum": 10, "maximum": 5, "multipleOf": 0.5}}, "patternProperties": {"^ex": {"type": "string"}}})',
  'json.match_schema(input.schema_docs.n03, {"multipleOf": 0.1, "exclusiveMinimum": 0.3, "exclusiveMaximum": 1000000})',
  'json.match_schema(input.schema_docs.n5, {"minimum": 5, "exclusiveMinimum": true, "maximum": 0.00001})',
  'json.match_schema(input.schema_docs.n5, {"$schema": "http://json-schema.org/draft-04/schema#", "minimum": 5, "exclusiveMinimum": true})',
  'json.match_schema("abcdef", {"minLength": 8, "maxLength": 10, "pattern": "^z", "format": "date"})',
  'json.match_schema(input.schema_docs.formats, {"items": [{"format": "date-time"}, {"format": "email"}, {"format": "ipv4"}, {"format": "ipv6"}, {"format": "uuid"}, {"format": "hostname"}, {"format": "regex"}, {"format": "json-pointer"}], "additionalItems": false})',
  'json.match_schema(input.schema_docs.emails, {"items": {"format": "email"}})',
  'json.match_schema(input.schema_docs.uris, {"items": {"format": "uri"}})',
  'json.match_schema(input.schema_docs.uris, {"items": {"format": "uri-reference"}})',
  'json.match_schema(input.schema_docs.three, {"items": [{"type": "integer"}], "additionalItems": {"type": "string"}, "contains": {"type": "string"}, "minItems": 4})',
  'json.match_schema({"a": 1}, {"anyOf": [{"required": ["b"]}, {"properties": {"a": {"type": "string"}}, "required": ["c", "d"]}]})',
  'json.match_schema({"a": 1}, {"oneOf": [{"required": ["a"]}, {"properties": {"a": {"type": "integer"}}}]})',
  'json.match_schema({"a": 1}, {"oneOf": [{"required": ["b"]}, {"required": ["c"]}], "allOf": [{"required": ["a"]}, {"maxProperties": 0}], "not": {"type": "object"}})',
  'json.match_schema({"a": 1}, {"dependencies": {"a": ["x", "y"]}, "minProperties": 3})',
  'json.match_schema({"bb": 2}, {"dependencies": {"bb": {"required": ["z"]}}, "propertyNames": {"maxLength": 1}})',
  'json.match_schema(input.schema_docs.n4, {"if": {"minimum": 3}, "then": {"multipleOf": 3}, "else": {"const": "small"}})',
  'json.match_schema(input.schema_docs.n1, {"if": {"minimum": 3}, "then": {"multipleOf": 3}, "else": {"const": "small"}})',
  'json.match_schema({"n": {"n": {"n": 1}}}, {"definitions": {"node": {"type": "object", "properties": {"n": {"anyOf": [{"$ref": "#/definitions/node"}, {"type": "string"}]}}}}, "$ref": "#/definitions/node"})',
  'json.match_schema(input.schema_docs.nothing, input.schema_docs.no)',
  'json.match_schema(input.schema_docs.nothing, {"type": "integer"})',
  'json.match_schema("{\\"a\\": 1}", "{\\"properties\\": {\\"a\\": {\\"const\\": 2}}}")',
  'json.match_schema("{bad", {})',
  'json.match_schema({}, "{bad")',
  'json.match_schema(input.numbers[0], {})',
  'json.match_schema({}, {"type": ["string", "string"]})',
  'json.match_schema({}, {"minLength": -1})',
  'json.verify_schema({"minLength": 5, "maxLength": 2})',
  'json.verify_schema({"required": ["a", "a"]})',
  'json.verify_schema({"enum": [1, 1.0]})',
  'json.verify_schema({"type": 5})',
  'json.verify_schema({"properties": []})',
  'json.verify_schema({"exclusiveMinimum": true})',
  'json.verify_schema({"$schema": "http://json-schema.org/draft-07/schema#", "exclusiveMinimum": true})',
  'json.verify_schema({"multipleOf": 0})',
  'json.verify_schema({"patternProperties": {"(": {}}})',
  'json.verify_schema({"items": 3})',
  'json.verify_schema({"not": 3})',
  'json.verify_schema({"definitions": {"a": 3}})',
  'json.verify_schema({"minimum": "1"})',
  'json.verify_schema({"uniqueItems": 1})',
  'json.verify_schema({"allOf": {}})',
  'json.verify_schema({"$ref": "#/definitions/missing"})',
  'json.verify_schema({"dependencies": {"a": [1]}})',
  'json.verify_schema(input.schema_docs.empty)',
  'json.verify_schema(input.schema_docs.yes)',
  'json.verify_schema("nope")',
  'json.verify_schema(input.numbers[0])',
  // X.509 certificates (Go's x509.Certificate as JSON)
  `crypto.x509.parse_certificates(${JSON.stringify(CERTS.ca)})`,
  `crypto.x509.parse_certificates(${JSON.stringify(CERTS.leaf + CERTS.ca)})`,
  `crypto.x509.parse_certificates(base64.encode(${JSON.stringify(CERTS.ed)}))`,
  `crypto.x509.parse_certificates(${JSON.stringify(CERTS.pss)})`,
  `crypto.x509.parse_certificates(${JSON.stringify(CERTS.nc)})`,
  `crypto.x509.parse_certificates(${JSON.stringify(CERTS.leaf.replace(/-----[^\n]*-----\n?/g, '').replace(/\n/g, ''))})`,
  'crypto.x509.parse_certificates("-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----\\n")',
  'crypto.x509.parse_certificates("not base64!")',
  'crypto.x509.parse_certificates("AAAA")',
  'crypto.x509.parse_certificates("")',
  `crypto.x509.parse_certificate_request(${JSON.stringify(CERTS.csr)})`,
  `crypto.x509.parse_certificate_request(base64.encode(${JSON.stringify(CERTS.csr)}))`,
  `crypto.x509.parse_certificate_request(base64.encode(${JSON.stringify(CERTS.ca)}))`,
  'crypto.x509.parse_certificate_request("not base64!")',
  `crypto.x509.parse_keypair(${JSON.stringify(CERTS.leaf + CERTS.ca)}, ${JSON.stringify(KEYS.leaf)})`,
  `crypto.x509.parse_keypair(base64.encode(${JSON.stringify(CERTS.ca)}), base64.encode(${JSON.stringify(KEYS.ca)}))`,
  `crypto.x509.parse_keypair(${JSON.stringify(derOf(CERTS.ed))}, ${JSON.stringify(derOf(KEYS.ed))})`,
  `crypto.x509.parse_keypair(${JSON.stringify(CERTS.ca)}, ${JSON.stringify(KEYS.leaf)})`,
  `crypto.x509.parse_keypair(${JSON.stringify(CERTS.leaf)}, ${JSON.stringify(KEYS.ed)})`,
  `crypto.x509.parse_keypair(${JSON.stringify(KEYS.leaf)}, ${JSON.stringify(CERTS.leaf)})`,
  `crypto.x509.parse_keypair(${JSON.stringify(CERTS.leaf)}, ${JSON.stringify(CERTS.leaf)})`,
  `crypto.x509.parse_keypair(${JSON.stringify(CERTS.leaf)}, "-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----\\n")`,
  'crypto.x509.parse_keypair("no!", "AAAA")',
  // JWT
  `io.jwt.encode_sign({"alg": "HS256", "typ": "JWT"}, {"sub": "alice", "n": [1, 2.5, "<&>"]}, ${HS_KEY})`,
  `io.jwt.encode_sign_raw("{\\"alg\\":\\"HS384\\"}", "not json", ${JSON.stringify(HS_KEY)})`,
  `io.jwt.encode_sign_raw("{\\"alg\\":\\"HS384\\",\\"typ\\":\\"text\\"}", "not json", ${JSON.stringify(HS_KEY)})`,
  `io.jwt.encode_sign({"alg": "none"}, {}, ${HS_KEY})`,
  `io.jwt.decode(io.jwt.encode_sign({"alg": "HS512", "kid": "k"}, {"exp": 1.5}, ${HS_KEY}))`,
  'io.jwt.decode("eyJhbGciOiJIUzI1NiJ9.e30.!!")',
  'io.jwt.decode("eyJlbmMiOiJBMTI4R0NNIn0.e30.")',
  'io.jwt.decode("e30.bm90IGpzb24.")',
  `io.jwt.verify_hs256(io.jwt.encode_sign({"alg": "HS256"}, {}, ${HS_KEY}), "secret")`,
  `io.jwt.verify_hs256(io.jwt.encode_sign({"alg": "HS256"}, {}, ${HS_KEY}), "other")`,
  `io.jwt.verify_rs256(io.jwt.encode_sign({"alg": "RS256"}, {"a": 1}, ${jwk(rsa.privateKey)}), ${pem(rsa.publicKey)})`,
  `io.jwt.verify_ps512(io.jwt.encode_sign({"alg": "PS512"}, {"a": 1}, ${jwk(rsa.privateKey)}), ${pem(rsa.publicKey)})`,
  `io.jwt.verify_rs384(io.jwt.encode_sign({"alg": "RS256"}, {"a": 1}, ${jwk(rsa.privateKey)}), ${pem(rsa.publicKey)})`,
  `io.jwt.verify_es384(io.jwt.encode_sign({"alg": "ES384"}, {"a": 1}, ${jwk(ec.privateKey)}), ${pem(ec.publicKey)})`,
  `io.jwt.verify_eddsa(io.jwt.encode_sign({"alg": "EdDSA"}, {"a": 1}, ${jwk(ed.privateKey)}), ${pem(ed.publicKey)})`,
  `io.jwt.verify_es256(io.jwt.encode_sign({"alg": "EdDSA"}, {"a": 1}, ${jwk(ed.privateKey)}), ${pem(ed.publicKey)})`,
  `io.jwt.verify_rs256("a.b.c", "-----BEGIN NOTHING-----\\nAAAA\\n-----END NOTHING-----\\n")`,
  'io.jwt.verify_rs256("a.b.c", "not a key")',
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "ES384", "kid": "k2"}, {"iss": "idp", "aud": ["x", "app"], "exp": 1700000100}, ${jwk(ec.privateKey)}), {"cert": json.marshal({"keys": [json.unmarshal(${jwkText(rsa.publicKey, { kid: 'k1' })}), json.unmarshal(${jwkText(ec.publicKey, { kid: 'k2' })})]}), "iss": "idp", "aud": "app", "time": 1700000000000000000})`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256"}, {"exp": 1700000000}, ${HS_KEY}), object.union(${TIME}, {"secret": "secret"}))`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256"}, {"nbf": 1700000001, "aud": "app"}, ${HS_KEY}), object.union(${TIME}, {"secret": "secret"}))`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256"}, {"exp": "soon"}, ${HS_KEY}), object.union(${TIME}, {"secret": "secret"}))`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256", "crit": ["x"], "x": 1}, {}, ${HS_KEY}), object.union(${TIME}, {"secret": "secret"}))`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256"}, {}, ${HS_KEY}), {"secret": "secret", "time": -1})`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256"}, {}, ${HS_KEY}), {"secret": "secret", "cert": "{}"})`,
  `io.jwt.decode_verify(io.jwt.encode_sign({"alg": "HS256"}, {}, ${HS_KEY}), {"secret": "secret", "what": 1})`,
  // uuid.parse: google/uuid skips any two bytes around the 36-character form
  'uuid.parse("(00000000-0000-4000-8000-000000000000)")',
  'uuid.parse("x00000000-0000-4000-8000-000000000000y")',
  'uuid.parse("é00000000-0000-4000-8000-000000000000y")',
  // units' errors, named twice as OPA wraps them
  'units.parse("10x")',
  'units.parse_bytes("1 KB")',
];

/** Arguments of types OPA's type checker would refuse at compile time, so given as input. */
export const input = {
  numbers: [1],
  string_edges: { a: 'b' },
  schema_docs: {
    n03: 0.3,
    n1: 1,
    n4: 4,
    n5: 5,
    three: [1, 2, 3],
    formats: ['2024-01-02T03:04:05Z', 'x@y.z', '10.0.0.1', '::1', 'not a uuid', 'a-b.c', '(', '/a~0b'],
    nothing: null,
    no: false,
    yes: true,
    empty: [],
    emails: ['x@y.z', 'Bob <bob@example.com>', 'a..b@c', '@c', 'plain', '"q"@x.y', 'a b@c'],
    uris: [
      'http://a/b?c#d',
      'rel/path',
      'mailto:x',
      'http://a/%zz',
      'a b',
      'c:\\x',
      'http://[::1]:80/',
      ':nope',
    ],
  },
};
