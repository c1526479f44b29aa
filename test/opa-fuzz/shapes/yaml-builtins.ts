/**
 * YAML built-ins on the inputs where go-yaml differs from YAML 1.2 parsers: sexagesimal-looking
 * scalars, octal forms, dates, `!!binary`, booleans of YAML 1.1, anchors and merge keys, complex
 * keys; and `yaml.marshal` of the strings go-yaml quotes or folds.
 */
import { quote, type Shape, type ShapeContext } from './shape.ts';

const SCALARS = [
  '1:20',
  '0o10',
  '010',
  '0x1F',
  '0b101',
  '2001-12-14',
  '2001-12-14T21:59:43.10-05:00',
  '!!binary aGk=',
  '!!str 1',
  '!!int "3"',
  'yes',
  'on',
  'Off',
  'y',
  '~',
  '.inf',
  '-.Inf',
  '.nan',
  '1_000',
  '+1',
  '1e3',
  '1.',
  "'1'",
  '"\\u00e9"',
  '12:30:45',
  '-0',
  '0.0',
  '9223372036854775808',
  '1e400',
  '!!float 1',
  '=',
  '<<',
];

const DOCUMENTS = [
  '? [1, 2]\n: x',
  'a: &x 1\nb: *x',
  'base: &b {k: 1}\nm:\n  <<: *b\n  j: 2',
  'a: |\n  x\n  y\n',
  'a: >-\n  folded\n  text\n',
  '- 1\n- - 2\n  - 3',
  '---\na: 1\n---\nb: 2',
  'a: 1\na: 2',
  '{a: 1, b: [x, y]}',
  'a:\n  - b: 1\n    c: 2',
  '',
  '# only a comment',
  'a: b: c',
  '\ta: 1',
];

const MARSHALED = [
  '{"a": {"b": "line1\\nline2"}}',
  '{"a": null}',
  '"😀"',
  '" lead"',
  '"trail "',
  '"\\u0085"',
  '"\\u2028"',
  '"yes"',
  '"1:20"',
  '"0o10"',
  '""',
  '"-"',
  '"a: b"',
  '["x", {"k": []}]',
  '1e21',
  '0.000001',
  '"multi\\nline\\n"',
  '{"k": "  indented\\nx"}',
  '"#c"',
  '"\\t"',
  '{1: 2}',
  '{"a": [{"b": "x\\ny"}]}',
  '"null"',
  '"2001-12-14"',
  '123456789012345678901234567890',
];

/** A rule calling a YAML built-in on a go-yaml-sensitive document. */
export function yamlBuiltins(c: ShapeContext): Shape {
  const document = c.random.chance(0.6) ? `a: ${c.random.pick(SCALARS)}` : c.random.pick(DOCUMENTS);
  const expr = c.random.pick([
    `yaml.unmarshal(${quote(document)})`,
    `yaml.unmarshal(${quote(document)})`,
    `yaml.is_valid(${quote(document)})`,
    `yaml.marshal(${c.random.pick(MARSHALED)})`,
    `yaml.marshal(${c.random.pick(MARSHALED)})`,
    `yaml.unmarshal(yaml.marshal(${c.random.pick(MARSHALED)}))`,
  ]);
  return { lines: [`${c.name} := ${expr}`], queries: [c.name] };
}
