import { describe, expect, it } from 'vitest';
import { RegoError } from '../errors.ts';
import { compilePolicies } from '../index.ts';
import { standardBuiltins } from './registry.ts';
import { callJson } from './test-support.ts';

const source = `package a
import rego.v1
allow if "admin" in http.send({"method": "GET", "url": "https://idp.example/roles"}).body.roles
mock(_) := {"body": {"roles": ["admin"]}}
mocked if allow with http.send as mock
denied if not allow
`;

describe('outbound built-ins', () => {
  const policies = compilePolicies([{ file: 'p.rego', source }], { builtins: standardBuiltins });

  it('can be replaced with `with`, as policy tests do', () => {
    expect(policies.evaluate('a.mocked')).toBe(true);
  });

  it('fail the whole evaluation when called for real, even in non-strict mode and under `not`', () => {
    for (const query of ['a.allow', 'a.denied']) {
      let error: unknown;
      try {
        policies.evaluate(query);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RegoError);
      expect((error as RegoError).message).toMatch(/http\.send: outbound calls are disabled/);
    }
  });

  it('answer net.lookup_ip_addr for IP literals without a lookup', () => {
    expect(callJson('net.lookup_ip_addr', '::ffff:10.0.0.1')).toEqual(['10.0.0.1']);
    expect(callJson('net.lookup_ip_addr', '2001:db8::1')).toEqual(['2001:db8::1']);
  });
});
