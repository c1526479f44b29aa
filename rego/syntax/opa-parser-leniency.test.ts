/**
 * Where OPA's parser is stricter or more lenient than a reading of the grammar suggests; each
 * expectation is what `opa eval` (v1.15.2 and v1.22.2) answers.
 */
import { describe, expect, it } from 'vitest';
import { RegoError } from '../errors.ts';
import { parseModule } from './index.ts';

function parseError(source: string): string | undefined {
  try {
    parseModule(`package t\n${source}\n`, 'p.rego', { version: 'v1' });
    return undefined;
  } catch (e) {
    if (e instanceof RegoError) return `${e.code}: ${e.detail}`;
    throw e;
  }
}

describe("OPA's parser", () => {
  it('skips a byte-order mark at the start of a file and refuses one anywhere else', () => {
    expect(parseModule('\uFEFFpackage t\nr := 1\n', 'p.rego', { version: 'v1' }).rules).toHaveLength(1);
    expect(parseError('r := "a\uFEFF"')).toBe('rego_parse_error: illegal byte-order mark');
    expect(parseError('# a\uFEFF comment\nr := 1')).toBe('rego_parse_error: illegal byte-order mark');
  });

  it('has no template strings in v0 modules', () => {
    expect(() =>
      parseModule('package t\nimport future.keywords\nr := $"{input.s}"\n', 'p.rego', { version: 'v0' }),
    ).toThrow('template strings are not supported by current capabilities');
    expect(parseError('r := $"{input.s}"')).toBeUndefined();
  });

  it('ends an else chain at an else without a body', () => {
    expect(parseError('r := 1 if false else := 2 else := 3')).toBe(
      'rego_parse_error: unexpected else keyword',
    );
    expect(parseError('r := 1 if false else = 2 else = 3')).toBe('rego_parse_error: unexpected else keyword');
    expect(parseError('r := 1 if false else := 2 if true else := 3')).toBeUndefined();
  });

  it('needs a body after a bare else, not after else with a value', () => {
    expect(parseError('r := 1 if { false } else')).toBe(
      'rego_parse_error: unexpected eof token: expected else value term or rule body',
    );
    expect(parseError('r := 1 if { false } else\nq := 2')).toBe(
      'rego_parse_error: unexpected q token: expected else value term or rule body',
    );
    expect(parseError('r := 1 if { false } else := 3\nq := 2')).toBeUndefined();
    expect(parseError('r := 1 if { false } else if true')).toBeUndefined();
    expect(() =>
      parseModule('package t\nr = 1 { false } else\nq = 2\n', 'p.rego', { version: 'v0' }),
    ).toThrow('expected else value term or rule body');
    expect(
      parseModule('package t\nr = 1 { false } else { true }\n', 'p.rego', { version: 'v0' }).rules,
    ).toHaveLength(1);
  });

  it('refuses rules separated by `;`', () => {
    expect(parseError('r := 1; s := 2')).toBe('rego_parse_error: unexpected ; token');
    expect(parseError('r := 1 if { true }; s := 2')).toBe('rego_parse_error: unexpected ; token');
  });

  it('reads an object comprehension key as an infix expression, but not its value', () => {
    expect(parseError('r := {x / 2: x | some x in [1, 4]}')).toBeUndefined();
    expect(parseError('r := {x: x + 1 | some x in [1]}')).toMatch(/^rego_parse_error/);
    expect(parseError('r := {x + 1 | some x in [1]}')).toMatch(/^rego_parse_error/);
  });
});
