import { describe, expect, it } from 'vitest';
import { call, failure } from '../test-support.ts';

describe('regex built-ins (Go regexp syntax)', () => {
  it.each([
    ['^[a-z]+\\[[0-9]+\\]$', 'foo[1]', true],
    ['^[a-z]+\\[[0-9]+\\]$', 'foo["bar"]', false],
    ['(?i)^abc$', 'ABC', true],
    ['a(?i)b', 'aB', true],
    ['a(?i)b', 'AB', false],
    ['(?i)[^a]', 'A', false],
    ['^.$', '\n', false],
    ['(?s)^.$', '\n', true],
    ['^a$', 'a\n', false],
    ['(?m)^b$', 'a\nb\nc', true],
    ['^\\s$', '\u00a0', false],
    ['^\\s$', '\v', false],
    ['^[[:alpha:]]+$', 'abcXYZ', true],
    ['^\\pL+$', 'héllo', true],
    ['^\\p{Greek}+$', 'αβγ', true],
    ['^\\x{1F600}$', '😀', true],
    ['^\\Qa.b\\E$', 'a.b', true],
    ['^\\Qa.b\\E$', 'axb', false],
    ['\\bfoo\\b', 'a foo b', true],
    ['^(?P<year>\\d{4})-(?<m>\\d\\d)$', '2024-05', true],
    ['^a{2,3}$', 'aaaa', false],
    ['x{', 'x{', true],
  ])('regex.match(%j, %j) = %s', (pattern, s, want) => {
    expect(call('regex.match', pattern, s)).toBe(want);
    expect(call('re_match', pattern, s)).toBe(want);
  });

  it.each([
    ['][', 'missing closing ]: `[`'],
    ['(a', 'missing closing ): `(a`'],
    ['a)', 'unexpected ): `a)`'],
    ['a**', 'invalid nested repetition operator: `**`'],
    ['*a', 'missing argument to repetition operator: `*`'],
    ['(a)\\1', 'invalid escape sequence: `\\1`'],
    ['(?=x)', 'invalid or unsupported Perl syntax: `(?=`'],
    ['x{1001}', 'invalid repeat count: `{1001}`'],
    ['[z-a]', 'invalid character class range: `z-a`'],
    ['\\p{Klingon}', 'invalid character class range: `\\p{Klingon}`'],
    ['a\\', 'trailing backslash at end of expression: ``'],
  ])('refuses %j as Go does', (pattern, message) => {
    expect(failure('re_match', pattern, 'x')).toEqual({
      code: 'eval_builtin_error',
      message: `re_match: error parsing regexp: ${message}`,
    });
    expect(call('regex.is_valid', pattern)).toBe(false);
  });

  it('validates patterns without failing', () => {
    expect([call('regex.is_valid', '^a+$'), call('regex.is_valid', 5)]).toEqual([true, false]);
  });

  it('splits like Go', () => {
    expect(call('regex.split', 'a', 'banana')).toEqual(['b', 'n', 'n', '']);
    expect(call('regex.split', 'z+', 'pizza')).toEqual(['pi', 'a']);
    expect(call('regex.split', '^x$', '')).toEqual(['']);
    expect(call('regex.split', '', 'abc')).toEqual(['a', 'b', 'c']);
  });

  it('finds matches and submatches', () => {
    expect(call('regex.find_n', 'a.', 'paranormal', 2)).toEqual(['ar', 'an']);
    expect(call('regex.find_n', 'a.', 'paranormal', -1)).toEqual(['ar', 'an', 'al']);
    expect(call('regex.find_n', 'bork', 'paranormal', -1)).toEqual([]);
    expect(call('regex.find_n', 'a*', 'baaab', -1)).toEqual(['', 'aaa', '']);
    expect(call('regex.find_all_string_submatch_n', 'a(x*)(y)?', 'axxay', -1)).toEqual([
      ['axx', 'xx', ''],
      ['ay', '', 'y'],
    ]);
  });

  it('replaces with Go templates', () => {
    expect(call('regex.replace', '-wy-wxxy-', 'w(x*)y', '0')).toBe('-0-0-');
    expect(call('regex.replace', 'foo', '(foo)', '$1$1')).toBe('foofoo');
    expect(call('regex.replace', 'foo', '(foo)', '$1x')).toBe('');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Go replacement template, not a JS one
    expect(call('regex.replace', 'foo', '(foo)', '${1}x')).toBe('foox');
    expect(call('regex.replace', '2024-05', '(?P<y>\\d+)-(?P<m>\\d+)', '$m/$y $$')).toBe('05/2024 $');
    expect(call('regex.replace', 'abc', '', '-')).toBe('-a-b-c-');
    expect(call('regex.replace', 'abc', 'x*', '-')).toBe('-a-b-c-');
    expect(failure('regex.replace', 'foo', '[', '$1').code).toBe('eval_builtin_error');
  });

  it('matches templates with delimited regular expressions', () => {
    expect(call('regex.template_match', 'urn:foo:{.*}', 'urn:foo:bar:baz', '{', '}')).toBe(true);
    expect(call('regex.template_match', 'urn:foo.bar.com:{.*}', 'urn:foo.com:bar:baz', '{', '}')).toBe(false);
    expect(call('regex.template_match', 'urn:foo:<[0-9]{2}>', 'urn:foo:42', '<', '>')).toBe(true);
    expect(failure('regex.template_match', 'urn:{', 'x', '{', '}').message).toBe(
      'regex.template_match: unbalanced braces in "urn:{"',
    );
  });
});

describe('submatches of repeated groups', () => {
  it('keep the last value a group took, as Go does', () => {
    expect(call('regex.find_all_string_submatch_n', '(?:(a)|b)+', 'ab', -1)).toEqual([['ab', 'a']]);
    expect(call('regex.replace', 'ab', '(?:(a)|b)+', '[$1]')).toBe('[a]');
  });
});

describe('agreement with Go where a hand-written engine went wrong', () => {
  it('never splits a surrogate pair when stepping past empty matches', () => {
    expect(call('regex.replace', 'ab😀😀é!', '(?m)$', '|')).toBe('ab😀😀é!|');
    expect(call('regex.replace', '😀😀', '', '|')).toBe('|😀|😀|');
    expect(call('regex.find_n', '', '😀é', -1)).toEqual(['', '', '']);
  });

  it('prefers the empty alternative first, as Go does, for (|a)+', () => {
    expect(call('regex.find_all_string_submatch_n', '(|a)+', 'a', -1)).toEqual([
      ['', ''],
      ['', ''],
    ]);
  });

  it('returns "" for groups that did not take part', () => {
    expect(call('regex.find_all_string_submatch_n', '(a)|(b)', 'b', -1)).toEqual([['b', '', 'b']]);
  });

  it("refuses repetitions nested beyond Go's limit of 1000", () => {
    expect(failure('regex.match', '(((a{100}){10}){10})', 'a').message).toBe(
      'regex.match: error parsing regexp: invalid repeat count: `{10}`',
    );
  });
});

describe('hostile patterns', () => {
  it('are answered (linear-time matching, no backtracking blow-up)', () => {
    const hostile = `${'a'.repeat(50_000)}!`;
    expect(call('regex.match', '^(a+)+$', hostile)).toBe(false);
    expect(call('regex.match', '(a|aa)*c', hostile)).toBe(false);
    expect(call('regex.replace', hostile, '(a*)*b', 'x')).toBe(hostile);
    expect(call('regex.find_n', '.*.*.*=', hostile, -1)).toEqual([]);
  });
});
