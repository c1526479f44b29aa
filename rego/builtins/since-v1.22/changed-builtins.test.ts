import { describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../registry.ts';
import { releaseBuiltins } from '../test-support.ts';

const v115 = releaseBuiltins('v1.15.2');
const v122 = releaseBuiltins('v1.22.2');

describe('createStandardBuiltins({ opaVersion })', () => {
  it('refuses a release the engine does not follow, naming the option', () => {
    expect(() => createStandardBuiltins({ opaVersion: 'v1.20.0' as 'v1.22.2' })).toThrow(
      'invalid standard built-ins options: opaVersion: must be one of v1.15.2, v1.22.2, got "v1.20.0"',
    );
  });
});

describe('built-ins OPA v1.22 added', () => {
  it('exist only when the engine follows v1.22', () => {
    for (const name of ['uri.parse', 'uri.is_valid', 'strings.split_n']) {
      expect(v115.registry.has(name)).toBe(false);
      expect(v122.registry.has(name)).toBe(true);
    }
  });
});

describe('built-ins OPA v1.22 changed, each release answering its own way', () => {
  it('semver: v1.22 refuses leading zeros and empty sections', () => {
    const texts = ['01.2.3', '1.02.3', '1.2.03', '1.2.3-01', '1.2.3-rc.01', '1.2.3-', '1.2.3+', '+1.2.3'];
    expect(texts.map((t) => v115.call('semver.is_valid', t))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(texts.map((t) => v122.call('semver.is_valid', t))).toEqual(texts.map(() => false));
    expect(
      ['1.2.3-0', '1.2.3-0a', 'v1.2.3+001', '0.0.0'].map((t) => v122.call('semver.is_valid', t)),
    ).toEqual([true, true, true, true]);
    expect(v115.call('semver.compare', '1.02.3', '1.2.3')).toBe(0);
    expect(v122.failure('semver.compare', '1.02.3', '1.2.3').message).toBe(
      'semver.compare: operand 1: string "1.02.3" is not a valid SemVer',
    );
  });

  it('sprintf: v1.22 hands integers to Go as int64', () => {
    expect(v115.call('sprintf', '%f %T%d', [1, 2])).toBe('%!f(int=1) int%!d(MISSING)');
    expect(v122.call('sprintf', '%f %T%d', [1, 2])).toBe('%!f(int64=1) int64%!d(MISSING)');
    expect(v122.call('sprintf', '%d', [1, 2])).toBe('1%!(EXTRA int64=2)');
    expect(v122.call('sprintf', '%c%U %.1f', [65, 66, 1.25])).toBe('AU+0042 1.2');
  });

  it('graph.reachable_paths: v1.22 follows every path through a shared ancestor', () => {
    const graph = { '1': [], '2': ['1'], '3': ['2'], '4': ['3', '2'], '5': ['4'] };
    expect(v115.call('graph.reachable_paths', graph, ['5'])).toEqual([
      ['5', '4'],
      ['5', '4', '3', '2', '1'],
    ]);
    expect(v122.call('graph.reachable_paths', graph, ['5'])).toEqual([
      ['5', '4', '2', '1'],
      ['5', '4', '3', '2', '1'],
    ]);
    const cycle = { a: ['b'], b: ['a', 'c'], c: ['x'] };
    expect(v122.call('graph.reachable_paths', cycle, ['a'])).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('yaml: v1.22 refuses text whose later documents are malformed', () => {
    expect(v115.call('yaml.is_valid', 'a: 1\n---\n[')).toBe(true);
    expect(v122.call('yaml.is_valid', 'a: 1\n---\n[')).toBe(false);
    expect(v115.call('yaml.unmarshal', 'a: 1\n---\n[')).toEqual({ a: 1 });
    expect(v122.failure('yaml.unmarshal', 'a: 1\n---\n[').code).toBe('eval_builtin_error');
    expect(v122.call('yaml.unmarshal', 'a: 1\n---\nb: 2')).toEqual({ a: 1 });
  });

  it('units: v1.22 refuses exponents of more than six digits before reading them', () => {
    expect(v122.failure('units.parse', '10e10000000Ei').message).toBe(
      'units.parse: units.parse: exponent too large',
    );
    expect(v122.failure('units.parse_bytes', '"10E+1000000kb"').message).toBe(
      'units.parse_bytes: units.parse_bytes: exponent too large',
    );
    expect(v115.failure('units.parse', '10e10000000Ei').message).toBe(
      'units.parse: units.parse: could not parse amount to a number',
    );
    expect(v122.failure('units.parse', '1e1234567 ').message).toBe(
      'units.parse: units.parse: spaces not allowed in resource strings',
    );
    expect(v122.call('units.parse', '1e3Ki')).toBe(1024000);
  });

  it('time.parse_duration_ns: v1.22 reads days, weeks and years', () => {
    const hour = 3_600_000_000_000;
    expect(v122.call('time.parse_duration_ns', '1d')).toBe(24 * hour);
    expect(v122.call('time.parse_duration_ns', '-1w2d1h')).toBe(-(7 * 24 + 2 * 24 + 1) * hour);
    expect(v122.call('time.parse_duration_ns', '1.5d')).toBe(36 * hour);
    expect(v122.call('time.parse_duration_ns', '0.0000001d')).toBe(8_640_000);
    expect(v122.call('time.parse_duration_ns', '90m')).toBe(1.5 * hour);
    expect(v122.failure('time.parse_duration_ns', '1d1x').message).toBe(
      'time.parse_duration_ns: time: unknown unit "x" in duration "1d1x"',
    );
    expect(v122.failure('time.parse_duration_ns', '300000y').message).toBe(
      'time.parse_duration_ns: time: invalid duration "300000y"',
    );
    expect(v122.failure('time.parse_duration_ns', '1..2d').message).toBe(
      'time.parse_duration_ns: time: invalid duration "1..2d"',
    );
    expect(v115.failure('time.parse_duration_ns', '1d').message).toBe(
      'time.parse_duration_ns: time: unknown unit "d" in duration "1d"',
    );
  });

  it('json.unmarshal: v1.22 refuses numbers beyond a binary exponent of 100,000', () => {
    for (const text of ['[1e30103]', '{"a": -1e-30104}', '[0.001e30106]'])
      expect(v122.failure('json.unmarshal', text)).toEqual({
        code: 'eval_builtin_error',
        message: 'json.unmarshal: invalid number: number too big',
      });
    expect(v122.call('json.unmarshal', '["1e99999", 0e999999, 1e300]')).toEqual(['1e99999', 0, 1e300]);
    expect(v115.call('json.unmarshal', '[1e-30104]')).toEqual([0]);
  });

  it('io.jwt.*: v1.22 words unreadable JWKs as its jwx v3 does', () => {
    const prefix =
      'io.jwt.verify_rs256: failed to parse a JWK key (set): jwk.ParseString: failed to parse string: jwk.Parse: ';
    expect(v115.failure('io.jwt.verify_rs256', 'a.b.c', '{}').message).toBe(
      `${prefix}failed to unmarshal JWK set: failed to parse sole key in key set`,
    );
    expect(v122.failure('io.jwt.verify_rs256', 'a.b.c', '{}').message).toBe(
      `${prefix}failed to parse sole key: jwk.ParseKey: invalid key type from JSON ()`,
    );
    expect(v122.failure('io.jwt.verify_rs256', 'a.b.c', 'not a key').message).toMatch(
      /jwk\.Parse: failed to parse sole key: jwk\.ParseKey: jwk\.Parse: failed to probe data: probe: failed to unmarshal data: invalid character 'o'/,
    );
  });

  it('json schemas: v1.22 applies pattern and refuses an invalid one', () => {
    const schema = { properties: { a: { pattern: '^y' } } };
    expect(v115.call('json.match_schema', { a: 'x' }, schema)).toEqual([true, []]);
    expect(v122.call('json.match_schema', { a: 'x' }, schema)).toEqual([
      false,
      [
        {
          error: "a: Does not match pattern '^y'",
          type: 'pattern',
          field: 'a',
          desc: "Does not match pattern '^y'",
        },
      ],
    ]);
    expect(v122.call('json.match_schema', { a: 'yes' }, schema)).toEqual([true, []]);
    expect(v115.call('json.verify_schema', { pattern: '(' })).toEqual([true, null]);
    expect(v122.call('json.verify_schema', { pattern: '(' })).toEqual([
      false,
      'jsonschema: pattern must be a valid regex',
    ]);
  });
});
