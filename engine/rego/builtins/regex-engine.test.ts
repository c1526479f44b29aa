import { describe, expect, it } from 'vitest';
import { compileRegex, matcher } from './regex-engine.ts';
import { call } from './test-support.ts';

const patterns = [
  'a+',
  'a*',
  '(a|ab)(c|bcd)(d*)',
  '(a*)+b',
  '(?i)straße|K',
  '^(\\w+)@(\\w+)\\.com$',
  '(?m)^b.*$',
  '\\bfoo\\b',
  'x{2,3}?y',
  '(?U)a+',
  '[^\\d\\s]+',
  '(a)|(b)|(c)',
  '(?s).+',
  '😀+|é',
  '(?:)|a',
  '\\pL+\\PL',
  '(a(b)?)+',
  '$',
  '^',
];
const subjects = [
  '',
  'a',
  'aab',
  'abcd',
  'xxxyxxy',
  'foo bar foo',
  'a\nb\nbc',
  'STRASSE k',
  'me@example.com',
  'ab😀😀é!',
  'abcabc',
];

describe('the linear-time matcher', () => {
  it.each(patterns)('finds the same matches as the backtracking translation for %j', (pattern) => {
    const re = compileRegex(pattern);
    for (const s of subjects) {
      const native = matcher(re, s, 'backtracking');
      const linear = matcher(re, s, 'linear');
      for (let from = 0; from <= s.length; from++) {
        if (from > 0 && from < s.length && (s.codePointAt(from - 1) as number) > 0xffff) continue;
        expect(linear(from), `${pattern} on ${JSON.stringify(s)} from ${from}`).toEqual(native(from));
      }
    }
  });

  it('keeps pathological patterns linear', () => {
    const hostile = `${'a'.repeat(50_000)}!`;
    expect(call('regex.match', '^(a+)+$', hostile)).toBe(false);
    expect(call('regex.match', '(a|aa)*c', hostile)).toBe(false);
    expect(call('regex.replace', hostile, '(a*)*b', 'x')).toBe(hostile);
    expect(call('regex.find_n', '.*.*.*=', hostile, -1)).toEqual([]);
  });
});
