import { describe, expect, it } from 'vitest';
import { call, failure } from './test-support.ts';

describe('string rewriting built-ins', () => {
  it('replaces without overlaps, left to right', () => {
    expect(call('replace', 'foo...bar', '..', ',,')).toBe('foo,,.bar');
    expect(call('replace', '', 'hi', 'bye')).toBe('');
  });

  it("matches an empty pattern at every byte, inside characters too, as Go's replacer (what OPA answered)", () => {
    expect(call('replace', 'a😀', '', '-')).toBe('-a-\ufffd-\ufffd-\ufffd-\ufffd-');
    expect(call('replace', 'aüb', '', '-')).toBe('-a-\ufffd-\ufffd-b-');
    expect(call('replace', 'ü€', '', '')).toBe('ü€');
    expect(call('replace', 'abc', '', '-')).toBe('-a-b-c-');
    expect(call('replace', '', '', '-')).toBe('-');
    expect(call('strings.replace_n', { '': '-', a: 'b' }, 'aü')).toBe('-b-\ufffd-\ufffd-');
    expect(call('strings.replace_n', { ü: 'u', '': '-' }, 'aüc')).toBe('-a-u-c-');
    expect(call('count', call('replace', 'a😀', '', '-') as string)).toBe(11);
  });

  it('replaces several patterns, the first in key order winning at a position', () => {
    expect(call('strings.replace_n', { a: '1', ab: '2' }, 'abab')).toBe('1b1b');
    expect(call('strings.replace_n', { '<': '&lt;', '>': '&gt;' }, '<b>')).toBe('&lt;b&gt;');
    expect(call('strings.replace_n', { ü: 'u', '😀': ':)', a: 'ä' }, 'aü😀b')).toBe('äu:)b');
    expect(failure('strings.replace_n', { a: 1 }, 'x').message).toBe(
      'strings.replace_n: operand 1 non-string value found in pattern object',
    );
  });

  it.each([
    ['trim', '...foo.bar...', '.fr', 'oo.ba'],
    ['trim', '¡¡¡foo, bar!!!', '!¡', 'foo, bar'],
    ['trim', '¡¡¡foo, bar!!!', 'i', '¡¡¡foo, bar!!!'],
    ['trim_left', '..a..', '.', 'a..'],
    ['trim_right', '!!!foo, bar¡¡¡', '!', '!!!foo, bar¡¡¡'],
    ['trim_right', '..a..', '.', '..a'],
    ['trim_prefix', '¡¡¡foo, bar!!!', '¡¡¡foo', ', bar!!!'],
    ['trim_prefix', '¡¡¡foo', '¡¡¡bar', '¡¡¡foo'],
    ['trim_suffix', 'file.rego', '.rego', 'file'],
  ])('%s(%j, %j) = %j', (name, s, cut, want) => {
    expect(call(name, s, cut)).toBe(want);
  });

  it('trims Unicode white space like Go', () => {
    expect(call('trim_space', ' \t\n foo, bar \n\t\r\n')).toBe('foo, bar');
    expect(call('trim_space', '\u00a0\u3000x\u0085')).toBe('x');
    expect(call('trim_space', '\ufeffx')).toBe('\ufeffx');
  });
});
