import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { compilePolicies } from '../index.ts';

const ROUTES = `package routes

default allow := false

allow { print("GET"); input.method == "GET"; input.path == "/docs" }
allow { print("POST"); input.method = "POST"; input.user.admin }
allow { print("ANY"); input.user.root }
allow { print("DELETE"); "DELETE" == input.method; input.user.owner } else { print("else"); input.user.delegate }
`;

function run(input: unknown): { allow: unknown; printed: string[] } {
  const printed: string[] = [];
  const policies = compilePolicies([{ file: 'routes.rego', source: ROUTES }], { builtins: standardBuiltins });
  const allow = policies.evaluate('routes.allow', input, { print: (m) => printed.push(m) });
  return { allow, printed: printed.sort() };
}

describe('rule indexing', () => {
  it('decides as without indexing, for matching, other and missing values', () => {
    expect(run({ method: 'GET', path: '/docs', user: {} }).allow).toBe(true);
    expect(run({ method: 'POST', path: '/docs', user: { admin: true } }).allow).toBe(true);
    expect(run({ method: 'PUT', user: { root: true } }).allow).toBe(true);
    expect(run({ method: 'PUT', user: {} }).allow).toBe(false);
    expect(run({ user: {} }).allow).toBe(false);
    expect(run({ method: 'GET', user: { delegate: true } }).allow).toBe(true);
  });

  it('skips the definitions whose constant comparison cannot hold', () => {
    expect(run({ method: 'GET', path: '/x', user: {} }).printed).toEqual(['ANY', 'DELETE', 'GET', 'else']);
    expect(run({ method: 'PUT', user: {} }).printed).toEqual(['ANY', 'DELETE', 'else']);
  });

  it('selects function definitions by constant arguments', () => {
    const printed: string[] = [];
    const p = compilePolicies(
      [
        {
          file: 'f.rego',
          source:
            'package f\nimport future.keywords.in\nlevel("admin") = 3 { print("admin") }\nlevel("user") = 1 { print("user") }\nlevel(x) = 0 { print("any"); not x in {"admin", "user"} }',
        },
      ],
      { builtins: standardBuiltins },
    );
    expect(p.evaluate('f.level', undefined)).toBeUndefined();
    expect(p.query('x := data.f.level("user")', { print: (m) => printed.push(m) })).toEqual([{ x: 1 }]);
    expect(printed.sort()).toEqual(['any', 'user']);
  });
});
