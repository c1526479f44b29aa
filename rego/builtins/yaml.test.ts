import { describe, expect, it } from 'vitest';
import { SetValue } from '../value/index.ts';
import { call, callJson, failure } from './test-support.ts';

describe('yaml built-ins', () => {
  it('marshals with sorted keys and unindented sequences', () => {
    expect(call('yaml.marshal', { b: [1, 2], a: { c: 'true' }, s: new SetValue(['x']) })).toBe(
      'a:\n  c: "true"\nb:\n- 1\n- 2\ns:\n- x\n',
    );
  });

  it("quotes strings as go-yaml does: double quotes for other types' text and escapes, else single", () => {
    const strings = { a: '[1,2', e: '', f: '1e3', g: 'yes', i: ' pad ', m: 'tab\tx', n: '10', c: "it's" };
    expect(call('yaml.marshal', strings)).toBe(
      'a: \'[1,2\'\nc: it\'s\ne: ""\nf: "1e3"\ng: "yes"\ni: \' pad \'\nm: "tab\\tx"\n"n": "10"\n',
    );
  });

  // What OPA v1.15.2 and v1.22.2 answer: go-yaml reads the JSON text and refuses these code points.
  it('refuses DEL, C1 controls and U+FFFE/U+FFFF as go-yaml does, not NEL', () => {
    for (const text of ['\u007f', 'a\u0080', '\u009f', '\ufffe', '\uffff']) {
      expect(failure('yaml.marshal', { k: text })).toEqual({
        code: 'eval_builtin_error',
        message: 'yaml.marshal: yaml: control characters are not allowed',
      });
    }
    expect(failure('yaml.marshal', [{ '\u007f': 1 }]).code).toBe('eval_builtin_error');
    expect(typeof call('yaml.marshal', { k: 'a\u0085\u00a0😀' })).toBe('string');
  });

  it('refuses directives that no document follows, as go-yaml does', () => {
    expect(call('yaml.is_valid', '%')).toBe(false);
    expect(call('yaml.is_valid', '%YAML 1.1\n---\na: 1')).toBe(true);
    expect(call('yaml.is_valid', '# only a comment')).toBe(true);
  });

  it('unmarshals YAML 1.1 like Go, keeping big integers', () => {
    expect(callJson('yaml.unmarshal', 'a: yes\nb: [1, 2.5]\nc: ~\n')).toEqual({
      a: true,
      b: [1, 2.5],
      c: null,
    });
    expect(call('yaml.unmarshal', 'num: 12345678901234567890')).toEqual({ num: 12345678901234567890n });
    expect(callJson('yaml.unmarshal', 'n: 1')).toEqual({ false: 1 });
    expect(call('yaml.unmarshal', '')).toBeNull();
    expect(failure('yaml.unmarshal', 'a: [1').code).toBe('eval_builtin_error');
  });

  it('refuses alias expansion bombs', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
      .concat(
        ['b', 'c', 'd', 'e', 'f', 'g', 'h'].map(
          (k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(',')}]`,
        ),
      )
      .join('\n');
    expect(failure('yaml.unmarshal', bomb).code).toBe('eval_builtin_error');
  });

  it('validates YAML text', () => {
    expect([call('yaml.is_valid', 'a: 1'), call('yaml.is_valid', 'a: [1'), call('yaml.is_valid', 3)]).toEqual(
      [true, false, false],
    );
  });
});
