/**
 * Built-in calls OPA answers with an error rather than a value (bad patches, CIDR masks, JWT
 * algorithms, glob patterns, paths, steps, time zones, signer timestamps), with arguments that
 * are constants (the type checker sees them) or come from the input (it does not).
 */
import { ruleIf, type Shape, type ShapeContext } from './shape.ts';

const CALLS = [
  'json.patch({"a": 1}, [{"op": "remove", "path": "/b"}])',
  'json.patch({"a": 1}, [{"op": "test", "path": "/a", "value": 2}])',
  'json.patch({"a": 1}, [{"op": "bogus", "path": "/a"}])',
  'json.patch({"a": 1}, [{"op": "add", "path": "a", "value": 2}])',
  'json.patch([1], [{"op": "add", "path": "/5", "value": 2}])',
  'json.patch({"a": 1}, [{"op": "move", "from": "/x", "path": "/b"}])',
  'net.cidr_contains("10.0.0.0/33", "10.0.0.1")',
  'net.cidr_contains("10.0.0.0/8", "10.0.0.1/40")',
  'net.cidr_contains("fe80::/129", "fe80::1")',
  'net.cidr_intersects("10.0.0.0/8", "bad")',
  'net.cidr_expand("10.0.0.0/33")',
  'net.cidr_contains_matches({1}, "1.2.3.4")',
  'net.cidr_contains_matches(["bad"], ["1.2.3.4"])',
  'net.cidr_contains_matches({"a": "10.0.0.0/8"}, {"b": 1})',
  'net.cidr_contains_matches([["10.0.0.0/8", 1]], "10.1.1.1")',
  'io.jwt.encode_sign({"alg": "XX"}, {}, {"kty": "oct", "k": "aGk"})',
  'io.jwt.encode_sign({"alg": "none"}, {}, {"kty": "oct", "k": "aGk"})',
  'io.jwt.encode_sign_raw("{\\"alg\\":\\"HS999\\"}", "{}", "{\\"kty\\":\\"oct\\",\\"k\\":\\"aGk\\"}")',
  'io.jwt.decode("a.b.c")',
  'regex.globs_match("[", "a")',
  'regex.globs_match("a", "(")',
  'regex.match("(", "a")',
  'glob.match("[", [], "a")',
  'glob.match("*", ["ab"], "a")',
  'json.remove({"a": 1}, [1])',
  'json.remove({"a": 1}, [{"a"}])',
  'json.filter({"a": 1}, [1])',
  'numbers.range_step(1, 10, -1)',
  'numbers.range_step(1, 10, 0)',
  'numbers.range_step(1, 10, 2.5)',
  'numbers.range(1, 2.5)',
  'time.date([0, "europe/paris"])',
  'time.clock([0, "utc"])',
  'time.date([0, "UTC"])',
  'time.date([0, "Local"])',
  'time.weekday([0, "Nowhere/City"])',
  'time.add_date(0, 1e10, 0, 0)',
  'time.parse_ns("2006", "x")',
  'time.format([0, "bad/zone"])',
  'providers.aws.sign_req({"method": "GET", "url": "http://a"}, {"aws_access_key": "a", "aws_secret_access_key": "b", "aws_service": "s3", "aws_region": "us-east-1"}, "x")',
  'providers.aws.sign_req({"method": "GET", "url": "http://a"}, {"aws_access_key": "a", "aws_secret_access_key": "b", "aws_service": "s3", "aws_region": "us-east-1"}, -1)',
  'bits.lsh(1, -1)',
  'units.parse("1e400")',
  'units.parse_bytes("1ZZ")',
  'semver.compare("1", "2")',
  'base64.decode("a")',
  'hex.decode("zz")',
  'urlquery.decode("%zz")',
  'object.union_n([1])',
  'array.slice([1, 2], 2, 1)',
  'substring("abc", -1, 1)',
  'substring("abc", 5, 1)',
  'format_int(1, 7)',
  'strings.any_prefix_match(1, "a")',
  'crypto.sha256(1)',
  'json.unmarshal("{")',
  'graphql.parse_schema("type {")',
  'uuid.parse("x")',
  'rand.intn("a", 0)',
  'sum([1, "a"])',
  'object.subset([1], {1})',
];

/** A rule whose body calls a built-in OPA may refuse at compile time or fail at evaluation. */
export function builtinErrors(c: ShapeContext): Shape {
  const call = c.random.pick(CALLS);
  const lines = c.random.pick([
    [`${c.name} := ${call}`],
    ruleIf(`${c.name} := x`, [`x := ${call}`]),
    ruleIf(`${c.name} := "fallback"`, [`not ${call}`]),
    ruleIf(`${c.name} := [y]`, [`some y in [${call}]`]),
    ruleIf(`${c.name} contains 1`, [`${call}`]),
  ]);
  return { lines, queries: [c.name] };
}

/** Which error OPA reports when several definitions fail, and rules skipped on undefined input. */
export function failingDefinitions(c: ShapeContext): Shape {
  const failing = () =>
    c.random.pick([
      '1 / input.v[0] > 0',
      'count(input.v[1]) > 0',
      'to_number(input.s) > 0',
      'input.v[2] + 1 > 0',
      'input.missing',
      'object.get(input.v[3], "a", 1) > 0',
      'true',
    ]);
  const lines: string[] = [];
  const n = 2 + c.random.below(2);
  for (let i = 0; i < n; i++) {
    const body = [failing(), failing()];
    lines.push(...ruleIf(`${c.name} := ${c.random.pick(['1', '2', `${i}`])}`, body));
  }
  if (c.random.chance(0.3)) lines.push(`default ${c.name} := "d"`);
  return { lines, queries: [c.name] };
}
