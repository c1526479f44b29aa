/**
 * Text values through the built-ins that quote, escape or re-encode them: control characters,
 * escapes JSON and Go write differently (`\u007f`, `\/`, `\b`, `\f`), non-BMP characters and
 * surrogate escapes, invalid percent and base64 sequences, and the same texts from the input.
 */
import type { Shape, ShapeContext } from './shape.ts';

const TEXTS = [
  '"\\u0000\\u0001\\u001f"',
  '"\\u007f\\u0080\\u009f"',
  '"a\\/b"',
  '"\\b\\f\\r"',
  '"\\ud83d\\ude00"',
  '"\\udc00x"',
  '"\\uffff\\ufffe"',
  '"<>&\'\\""',
  '"\\u00e9e\\u0301"',
  '"\\t \\n"',
  '`raw \\n text`',
  '"%zz%"',
  '"a+b c"',
  '"===="',
  '"\\u2028\\u2029"',
];

const INPUT_TEXTS = ['input.s', 'input.v[0]', 'input.obj.a'];

function textUse(c: ShapeContext, t: string): string {
  return c.random.pick([
    `json.marshal(${t})`,
    `json.marshal({${t}: [${t}]})`,
    `json.marshal_with_options({"k": ${t}}, {"pretty": true})`,
    `json.unmarshal(json.marshal(${t})) == ${t}`,
    `sprintf(${JSON.stringify(c.random.pick(['%q', '%v', '%x', '%X', '%s', '%10.3q', '%+q', '%#q', '%U']))}, [${t}])`,
    `urlquery.encode(${t})`,
    `urlquery.decode(${t})`,
    `urlquery.encode_object({"k": ${t}})`,
    `base64.encode(${t})`,
    `base64url.encode_no_pad(${t})`,
    `base64.decode(${t})`,
    `hex.encode(${t})`,
    `yaml.marshal({"k": ${t}})`,
    `strings.reverse(${t})`,
    `[upper(${t}), lower(${t})]`,
    `trim_space(${t})`,
    `count(${t})`,
    `split(${t}, "")`,
    `indexof(${t}, "b")`,
    `substring(${t}, 1, 2)`,
    `format_int(count(${t}), 16)`,
    `regex.replace(${t}, "[^a-z]", "_")`,
    `$"<{${t}}>"`,
    `{${t}: 1}`,
    `${t}`,
  ]);
}

/** A rule whose value is a text passed through a quoting, escaping or re-encoding built-in. */
export function textValues(c: ShapeContext): Shape {
  const text = c.random.chance(0.8) ? c.random.pick(TEXTS) : c.random.pick(INPUT_TEXTS);
  const expr = textUse(c, text);
  const lines = c.random.pick([
    [`${c.name} := ${expr}`],
    [`${c.name} := x if x := ${expr}`],
    [`${c.name} contains ${expr}`],
  ]);
  return { lines, queries: [c.name] };
}
