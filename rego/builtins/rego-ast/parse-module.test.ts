import { describe, expect, it } from 'vitest';
import { callJson, failure } from '../test-support.ts';

const parse = (source: string) => callJson('rego.parse_module', 'x.rego', source) as Record<string, unknown>;
const ref = (...parts: string[]) => ({
  type: 'ref',
  value: parts.map((p, i) => ({ type: i === 0 ? 'var' : 'string', value: p })),
});
const TRUE_BODY = [{ index: 0, terms: { type: 'boolean', value: true } }];

describe('rego.parse_module', () => {
  it('returns the package, imports and rules as OPA AST JSON', () => {
    expect(parse('package foo.bar\nimport data.a as b\np := 1')).toEqual({
      package: { path: ref('data', 'foo', 'bar').value },
      imports: [{ path: ref('data', 'a'), alias: 'b' }],
      rules: [
        {
          body: TRUE_BODY,
          head: {
            name: 'p',
            ref: [{ type: 'var', value: 'p' }],
            value: { type: 'number', value: 1 },
            assign: true,
          },
        },
      ],
    });
  });

  it('sets head name, key and assign as OPA does for each way of writing a rule', () => {
    const heads = (
      parse('package a\nq[x] if { x := 1 }\nw[1] := 3\nt contains 1\nm = 1\na.b.c := 1').rules as {
        head: Record<string, unknown>;
      }[]
    ).map((r) => Object.keys(r.head).sort().join(','));
    expect(heads).toEqual([
      'key,ref,value',
      'assign,key,name,ref,value',
      'key,name,ref',
      'name,ref,value',
      'assign,ref,value',
    ]);
  });

  it('writes call expressions as operator and operands, some and every as OPA does', () => {
    const [rule] = parse('package a\np if { x := 1 + 2; some y in [1]; every z in [1] { z }; not input.q }')
      .rules as {
      body: unknown[];
    }[];
    expect(rule?.body).toEqual([
      {
        index: 0,
        terms: [
          ref('assign'),
          { type: 'var', value: 'x' },
          { type: 'call', value: [ref('plus'), { type: 'number', value: 1 }, { type: 'number', value: 2 }] },
        ],
      },
      {
        index: 1,
        terms: {
          symbols: [
            {
              type: 'call',
              value: [
                ref('internal', 'member_2'),
                { type: 'var', value: 'y' },
                { type: 'array', value: [{ type: 'number', value: 1 }] },
              ],
            },
          ],
        },
      },
      {
        index: 2,
        terms: {
          key: null,
          value: { type: 'var', value: 'z' },
          domain: { type: 'array', value: [{ type: 'number', value: 1 }] },
          body: [{ index: 0, terms: { type: 'var', value: 'z' } }],
        },
      },
      { index: 3, negated: true, terms: ref('input', 'q') },
    ]);
  });

  it('lists comments with base64 text and their location, skipping # inside strings', () => {
    expect(parse('package a\np := "# no" # yes\n# é').comments).toEqual([
      { Text: 'IHllcw==', Location: { file: 'x.rego', row: 2, col: 13 } },
      { Text: 'IMOp', Location: { file: 'x.rego', row: 3, col: 1 } },
    ]);
  });

  it('reports a parse error as OPA words it', () => {
    expect(failure('rego.parse_module', 'x.rego', 'package foo.')).toMatchObject({
      code: 'eval_builtin_error',
      message: expect.stringContaining(
        'rego.parse_module: 1 error occurred: x.rego:1: rego_parse_error: unexpected eof token: expected identifier',
      ),
    });
  });
});
