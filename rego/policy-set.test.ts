import { describe, expect, it } from 'vitest';
import { standardBuiltins } from './builtins/index.ts';
import { RegoError } from './errors.ts';
import { compilePolicies } from './policy-set.ts';
import { parseModule } from './syntax/index.ts';
import { SetValue, toJson } from './value/index.ts';

const DOCUMENTS = `package webapp.GET.api.documents.__id

import rego.v1

default allowed := false

allowed if {
  not restricted
  input.resource.owner_id == input.identity.value
}

restricted if input.resource.country in {"CN", "KP", "IR"}

test_owner_allowed if allowed with input as {"identity": {"value": "a"}, "resource": {"owner_id": "a"}}

test_restricted_denied if not allowed with input as {"identity": {"value": "a"}, "resource": {"owner_id": "a", "country": "CN"}}
`;

describe('compilePolicies', () => {
  const policies = compilePolicies([{ file: 'documents.rego', source: DOCUMENTS }], {
    builtins: standardBuiltins,
  });

  it('evaluates a decision by its dotted path, with or without the data prefix', () => {
    const input = { identity: { value: 'u1' }, resource: { owner_id: 'u1', country: 'DE' } };
    expect(policies.evaluate('webapp.GET.api.documents.__id.allowed', input)).toBe(true);
    expect(
      policies.evaluate('data.webapp.GET.api.documents.__id.allowed', {
        ...input,
        resource: { owner_id: 'u1', country: 'IR' },
      }),
    ).toBe(false);
    expect(policies.evaluate('webapp.GET.api.documents.__id.missing', input)).toBeUndefined();
  });

  it('lists packages and test rules', () => {
    expect(policies.packages).toEqual(['webapp.GET.api.documents.__id']);
    expect(policies.tests().map((t) => [t.rule, t.file, t.line])).toEqual([
      ['test_owner_allowed', 'documents.rego', 14],
      ['test_restricted_denied', 'documents.rego', 16],
    ]);
    for (const t of policies.tests()) expect(policies.evaluate(t.path)).toBe(true);
  });

  it('answers queries with one binding object per solution', () => {
    const rows = policies.query('x := input.xs[i]; x > 1', { input: { xs: [1, 2, 3] } });
    expect(rows).toEqual([
      { x: 2, i: 1 },
      { x: 3, i: 2 },
    ]);
    expect(policies.query('1 > 2')).toEqual([]);
    expect(policies.query('true')).toEqual([{}]);
  });

  it('accepts inputs written with engine values such as sets', () => {
    const rows = policies.query('input.s[x]', { input: { s: new SetValue(['b', 'a']) } });
    expect(rows).toEqual([{ x: 'a' }, { x: 'b' }]);
  });

  it('chooses the syntax per policy set and per module', () => {
    const v1 = 'package a\nallow if input.ok';
    expect(() => compilePolicies([{ file: 'a.rego', source: v1 }])).toThrow(RegoError);
    expect(
      compilePolicies([{ file: 'a.rego', source: v1 }], { version: 'v1' }).evaluate('a.allow', { ok: true }),
    ).toBe(true);
    expect(
      compilePolicies([{ file: 'a.rego', source: v1, version: 'v1' }]).evaluate('a.allow', { ok: true }),
    ).toBe(true);
  });

  it('compiles a module its caller already parsed instead of parsing the source again', () => {
    const parsed = parseModule('package a\n\nx = 2\n', 'a.rego', { version: 'v0' });
    const set = compilePolicies([{ file: 'a.rego', source: 'package a\n\nx = 1\n', parsed }]);
    expect(set.evaluate('a.x')).toBe(2);
  });

  it('serves base documents given at compile time', () => {
    const p = compilePolicies([{ file: 'a.rego', source: 'package a\nlimit := data.config.limit' }], {
      data: { config: { limit: 5 } },
    });
    expect(p.evaluate('a.limit')).toBe(5);
    expect(toJson(p.evaluate('config') ?? null)).toEqual({ limit: 5 });
  });

  it('refuses data that is not JSON and invalid options', () => {
    expect(() => compilePolicies([], { data: { f: () => 1 } })).toThrow(
      'invalid data: data.f: function is not a JSON value',
    );
    expect(() => compilePolicies([], { version: 'v2' as 'v1' })).toThrow();
  });

  it('reports parse errors with the module file name', () => {
    try {
      compilePolicies([
        { file: 'good.rego', source: 'package a' },
        { file: 'bad.rego', source: 'package b\np := [' },
      ]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RegoError);
      expect((e as RegoError).file).toBe('bad.rego');
    }
  });
});

describe('selection in a number written with its text', () => {
  it('is undefined, whatever the key (as OPA: only the object has a member "value")', () => {
    const policies = compilePolicies(
      [
        {
          file: 'numbers.rego',
          source: `package numbers

import rego.v1

picked contains y if {
  some x in json.unmarshal(input.text)
  y := x[input.k]
}
`,
        },
      ],
      { builtins: standardBuiltins },
    );
    const input = { k: 'value', text: '[1.50, 2, {"value": 3}]' };
    const picked = policies.evaluate('numbers.picked', input);
    expect(picked === undefined ? undefined : toJson(picked)).toEqual([3]);
  });
});
