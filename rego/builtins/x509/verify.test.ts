import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson, type Value } from '../../value/index.ts';
import { standardBuiltins } from '../registry.ts';
import { call, failure, testContext } from '../test-support.ts';

const pem = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'testdata/chain', `${name}.pem`), 'utf8');
const chain = (...names: string[]) => names.map(pem).join('');
/** The fixtures were made in November 2026: evaluations run in 2027, within their validity. */
const IN_2027 = 1_800_000_000_000_000_000n;
function callIn2027(name: string, ...args: Value[]): Value[] {
  const def = standardBuiltins.get(name);
  if (def?.kind !== 'function') throw new Error(`no function built-in ${name}`);
  return def.call(args, { ...testContext(), nowNs: IN_2027 }) as Value[];
}
const verify = (...names: string[]) =>
  callIn2027('crypto.x509.parse_and_verify_certificates', chain(...names));
const verifyWith = (options: unknown, ...names: string[]) =>
  callIn2027(
    'crypto.x509.parse_and_verify_certificates_with_options',
    chain(...names),
    fromJson(options as never),
  );
const subjects = (result: Value[]) =>
  (result[1] as { Subject: { CommonName: string } }[]).map((c) => c.Subject.CommonName);
/** 2100-01-01, after every fixture's validity except the century-long ones. */
const YEAR_2100 = 4_102_444_800_000_000_000n;

describe('crypto.x509.parse_and_verify_certificates', () => {
  it('returns the chain leaf first when root (first), intermediates and leaf (last) verify', () => {
    const result = verify('root', 'int', 'leaf');
    expect(result[0]).toBe(true);
    expect(subjects(result)).toEqual(['leaf', 'Test Intermediate', 'Test Root']);
  });

  it('verifies Ed25519, ECDSA and RSA-PSS signatures', () => {
    expect(verify('root', 'direct')[0]).toBe(true);
    expect(verify('root', 'int', 'psssigned')[0]).toBe(true);
  });

  it('refuses broken chains as [false, []]', () => {
    expect(verify('root', 'leaf')).toEqual([false, []]);
    expect(verify('fakeroot', 'int', 'leaf')).toEqual([false, []]);
    expect(verify('root', 'int', 'int2', 'deep')).toEqual([false, []]);
    expect(verify('notca', 'undernotca')).toEqual([false, []]);
    expect(verify('root', 'int', 'sha1')).toEqual([false, []]);
    expect(verify('root')).toEqual([false, []]);
    expect(call('crypto.x509.parse_and_verify_certificates', 'garbage')).toEqual([false, []]);
    expect(verify('root', 'int', 'shortlived')).toEqual([false, []]);
  });

  it('applies name constraints and the default server-authentication usage', () => {
    expect(verify('ncroot', 'ncok')[0]).toBe(true);
    expect(verify('ncroot', 'ncbad')[0]).toBe(false);
    expect(verify('ncroot', 'ncexcl')[0]).toBe(false);
    expect(verify('root', 'int', 'client')[0]).toBe(false);
  });
});

describe('crypto.x509.parse_and_verify_certificates_with_options', () => {
  it('checks the DNS name, including wildcards and IP addresses', () => {
    expect(verifyWith({ DNSName: 'www.example.com' }, 'root', 'int', 'leaf')[0]).toBe(true);
    expect(verifyWith({ DNSName: 'x.api.example.com' }, 'root', 'int', 'leaf')[0]).toBe(true);
    expect(verifyWith({ DNSName: 'a.b.api.example.com' }, 'root', 'int', 'leaf')[0]).toBe(false);
    expect(verifyWith({ DNSName: '10.1.2.3' }, 'root', 'int', 'leaf')[0]).toBe(true);
  });

  it('checks validity at CurrentTime and the requested key usages', () => {
    expect(verifyWith({ CurrentTime: 0 }, 'root', 'int', 'leaf')[0]).toBe(false);
    expect(verifyWith({ CurrentTime: YEAR_2100 }, 'root', 'int', 'shortlived')[0]).toBe(false);
    expect(verifyWith({ KeyUsages: ['KeyUsageClientAuth'] }, 'root', 'int', 'client')[0]).toBe(true);
    expect(verifyWith({ KeyUsages: ['KeyUsageCodeSigning'] }, 'root', 'int', 'leaf')[0]).toBe(false);
  });

  it('leaves URIStrings out of the returned certificates, as OPA does', () => {
    const [leaf] = verifyWith({}, 'root', 'int', 'leaf')[1] as Record<string, unknown>[];
    expect(leaf).not.toHaveProperty('URIStrings');
    expect((verify('root', 'int', 'leaf')[1] as Record<string, unknown>[])[0]).toHaveProperty('URIStrings');
  });

  it("refuses bad options with OPA's messages", () => {
    const fail = (options: unknown) =>
      failure(
        'crypto.x509.parse_and_verify_certificates_with_options',
        chain('root', 'leaf'),
        fromJson(options as never),
      ).message;
    expect(fail({ DNSName: 1 })).toBe(
      "crypto.x509.parse_and_verify_certificates_with_options: 'DNSName' should be a string",
    );
    expect(fail({ CurrentTime: 1.5 })).toContain("'CurrentTime' should be a valid int64 number");
    expect(fail({ KeyUsages: ['Nope', 'Other'] })).toContain(
      "invalid entries for 'KeyUsages' found: [Nope Other]",
    );
    expect(fail({ Other: 1 })).toContain('invalid key option');
  });
});
