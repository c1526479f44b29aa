/**
 * Generated templates for `strings.render_template`'s comparison with OPA: random compositions
 * of fields, variables, literals, functions, pipelines, `if`/`range`/`with` and declarations over
 * fixed vars, from a fixed seed (the same batch on every run).
 */

const VARS = {
  a: 1,
  b: 'x',
  c: [1, 'two', null, true, 2.5],
  d: { k: 'v', n: 0, e: [] },
  e: '',
  f: false,
  g: null,
  h: { z: { y: [3, 4] } },
};
const FIELDS = [
  '.a',
  '.b',
  '.c',
  '.d',
  '.d.k',
  '.d.n',
  '.e',
  '.f',
  '.g',
  '.h.z.y',
  '.missing',
  '.d.missing',
  '.',
  '$',
  '$.b',
];
const LITERALS = ['1', '"s"', 'true', 'nil', '0', '2.5', "'c'", '-3', '0x1F'];
const FUNCTIONS = [
  'len',
  'not',
  'print',
  'println',
  'html',
  'js',
  'urlquery',
  'index',
  'slice',
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'and',
  'or',
  'printf "%v"',
  'printf "%d"',
  'printf "%s|%q"',
];
const RANGED = ['.c', '.d', '.h.z.y', '.e', '.missing', '3', '.a'];

/** A small deterministic generator (mulberry32). */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` Rego expressions rendering generated templates, from `seed`. */
export function generatedTemplateExpressions(seed: number, count: number): string[] {
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const operand = (depth: number): string => {
    const r = random();
    if (r < 0.5) return pick(FIELDS);
    if (r < 0.75 || depth > 1) return pick(LITERALS);
    return `(${pipeline(depth + 1)})`;
  };
  const command = (depth: number): string => {
    if (random() < 0.5) return operand(depth);
    const args = Array.from({ length: Math.floor(random() * 4) }, () => operand(depth));
    return [pick(FUNCTIONS), ...args].join(' ');
  };
  const pipeline = (depth = 0): string =>
    random() < 0.3 ? `${command(depth)} | ${pick(FUNCTIONS)}` : command(depth);
  const node = (depth = 0): string => {
    const r = random();
    if (r < 0.35 || depth > 2) return `${pick(['x', ' ', '-', '\n'])}{{${pipeline()}}}`;
    if (r < 0.5) {
      const otherwise = random() < 0.5 ? `{{else}}${node(depth + 1)}` : '';
      return `{{if ${pipeline()}}}${node(depth + 1)}${otherwise}{{end}}`;
    }
    if (r < 0.65) {
      const decl = pick(['$i, $e := ', '$e := ', '']);
      const otherwise = random() < 0.3 ? '{{else}}E' : '';
      return `{{range ${decl}${pick(RANGED)}}}${node(depth + 1)}${otherwise}{{end}}`;
    }
    if (r < 0.75) return `{{with ${pipeline()}}}${node(depth + 1)}{{end}}`;
    if (r < 0.85) return `{{$v := ${pipeline()}}}{{$v}}`;
    return node(depth + 1) + node(depth + 1);
  };
  return Array.from({ length: count }, () => {
    const template = Array.from({ length: 1 + Math.floor(random() * 3) }, () => node()).join('');
    return `strings.render_template(${JSON.stringify(template)}, ${JSON.stringify(VARS)})`;
  });
}
