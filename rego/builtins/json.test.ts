import { describe, expect, it } from 'vitest';
import { makeObject, parseNumber, SetValue, type Value } from '../value/index.ts';
import { call, callJson, failure } from './test-support.ts';

describe('json built-ins', () => {
  it('write a float literal beyond 2^53 in the form it is written in, as OPA keeps its text', () => {
    expect(call('json.marshal', [parseNumber('1e308') as Value, parseNumber('1e16') as Value, 0.1])).toBe(
      '[1e308,1e16,0.1]',
    );
    expect(call('json.marshal', makeObject([[parseNumber('1e21') as Value, 'x']]))).toBe('{"1e21":"x"}');
  });

  it('marshals like Go: sorted keys, HTML-safe escapes, sets as arrays', () => {
    expect(call('json.marshal', { b: [1, '<a&b>'], a: new SetValue([2, 1]) })).toBe(
      '{"a":[1,2],"b":[1,"\\u003ca\\u0026b\\u003e"]}',
    );
    expect(call('json.marshal', 'tab\t\u0001\u2028')).toBe('"tab\\t\\u0001\\u2028"');
    expect(call('json.marshal', 12345678901234567890n)).toBe('12345678901234567890');
    expect(call('json.marshal', makeObject([[1, 'a']]))).toBe('{"1":"a"}');
  });

  it('marshals with indentation options', () => {
    expect(call('json.marshal_with_options', { a: [1] }, { pretty: true })).toBe(
      '{\n\t"a": [\n\t\t1\n\t]\n}',
    );
    expect(call('json.marshal_with_options', { a: 1 }, { indent: '  ', prefix: '>' })).toBe(
      '>{\n>  "a": 1\n>}',
    );
    expect(call('json.marshal_with_options', { a: 1 }, { indent: '  ', pretty: false })).toBe('{"a":1}');
    expect(failure('json.marshal_with_options', 1, { colour: true }).message).toBe(
      'json.marshal_with_options: operand 2 object contained unknown key "colour"',
    );
  });

  it('unmarshals exactly, with Go error texts', () => {
    expect(call('json.unmarshal', '{"a": 12345678901234567890, "b": [1.5, "x", null, true]}')).toEqual({
      a: 12345678901234567890n,
      b: [1.5, 'x', null, true],
    });
    expect(call('json.unmarshal', '"\\u00e9\\n"')).toBe('é\n');
    expect(failure('json.unmarshal', '{"a" 1}').message).toBe(
      "json.unmarshal: invalid character '1' after object key",
    );
    expect(failure('json.unmarshal', '[1,').message).toBe('json.unmarshal: unexpected end of JSON input');
    expect(failure('json.unmarshal', '{} x').message).toBe(
      "json.unmarshal: invalid character 'x' after top-level value",
    );
    expect(failure('json.unmarshal', 'nope').message).toBe(
      "json.unmarshal: invalid character 'o' in literal null (expecting 'u')",
    );
  });

  it('validates JSON text', () => {
    expect([
      call('json.is_valid', '{"a":[1]}'),
      call('json.is_valid', '{a:1}'),
      call('json.is_valid', 1),
    ]).toEqual([true, false, false]);
  });

  it('filters and removes by paths', () => {
    const doc = { a: { b: 1, c: 2 }, d: 3, e: [10, 20, 30] };
    expect(callJson('json.filter', doc, ['a/b', 'd'])).toEqual({ a: { b: 1 }, d: 3 });
    expect(callJson('json.filter', doc, new SetValue([['e', '1']]))).toEqual({ e: [20] });
    expect(callJson('json.remove', doc, ['a/b', 'e/0'])).toEqual({ a: { c: 2 }, d: 3, e: [20, 30] });
    expect(callJson('json.remove', { 'x/y': 1, z: 2 }, ['x~1y'])).toEqual({ z: 2 });
    expect(failure('json.filter', doc, [1]).message).toBe(
      'json.filter: operand 2 must be one of {set, array} containing string paths or array of path segments but got number',
    );
  });

  it('applies JSON patches, a built-in error when one fails (as OPA)', () => {
    const ops = [
      { op: 'add', path: '/b', value: 2 },
      { op: 'replace', path: '/a', value: 3 },
      { op: 'add', path: '/list/-', value: 'z' },
      { op: 'copy', from: '/b', path: '/c' },
      { op: 'move', from: '/c', path: '/d' },
      { op: 'test', path: '/d', value: 2 },
      { op: 'remove', path: '/list/0' },
    ] as Value[];
    expect(callJson('json.patch', { a: 1, list: ['x', 'y'] }, ops)).toEqual({
      a: 3,
      b: 2,
      d: 2,
      list: ['y', 'z'],
    });
    expect(failure('json.patch', { a: 1 }, [{ op: 'remove', path: '/x' }]).code).toBe('eval_builtin_error');
    expect(failure('json.patch', { a: 1 }, [{ op: 'test', path: '/a', value: 2 }]).code).toBe(
      'eval_builtin_error',
    );
  });

  it('patches sets as OPA does: a path segment names an element', () => {
    const doc = { foo: new SetValue(['a', 'b', 'c']) };
    expect(callJson('json.patch', doc, [{ op: 'remove', path: 'foo/b' }])).toEqual({ foo: ['a', 'c'] });
    expect(callJson('json.patch', doc, [{ op: 'add', path: '/foo/d', value: 'd' }])).toEqual({
      foo: ['a', 'b', 'c', 'd'],
    });
    expect(failure('json.patch', doc, [{ op: 'add', path: '/foo/d', value: 'e' }]).code).toBe(
      'eval_builtin_error',
    );
    expect(callJson('json.patch', new SetValue([[1]]), [{ op: 'add', path: [[1], 1], value: 2 }])).toEqual([
      [1, 2],
    ]);
  });

  it('refuses array indexes with leading zeros', () => {
    expect(failure('json.patch', ['foo', 'bar'], [{ op: 'test', path: '/00', value: 'foo' }]).code).toBe(
      'eval_builtin_error',
    );
    expect(callJson('json.patch', ['foo', 'bar'], [{ op: 'test', path: '/0', value: 'foo' }])).toEqual([
      'foo',
      'bar',
    ]);
  });
});
