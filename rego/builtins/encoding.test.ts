import { describe, expect, it } from 'vitest';
import { call, callJson, failure } from './test-support.ts';

describe('encoding built-ins', () => {
  it('encodes and strictly decodes base64', () => {
    expect(call('base64.encode', 'héllo')).toBe('aMOpbGxv');
    expect(call('base64.decode', 'aMOpbGxv')).toBe('héllo');
    expect(call('base64.decode', 'aGVs\nbG8=')).toBe('hello');
    expect(failure('base64.decode', 'aGVsbG8')).toEqual({
      code: 'eval_builtin_error',
      message: 'base64.decode: illegal base64 data at input byte 4',
    });
    expect(failure('base64.decode', 'aG!s').message).toBe(
      'base64.decode: illegal base64 data at input byte 2',
    );
    expect([
      call('base64.is_valid', 'aGVsbG8='),
      call('base64.is_valid', 'aGVsbG8'),
      call('base64.is_valid', 1),
    ]).toEqual([true, false, false]);
  });

  it('encodes and decodes base64url, with or without padding', () => {
    expect(call('base64url.encode', 'hi?')).toBe('aGk_');
    expect(call('base64url.encode', 'h')).toBe('aA==');
    expect(call('base64url.encode_no_pad', 'h')).toBe('aA');
    expect(call('base64url.decode', 'aGk_')).toBe('hi?');
    expect(call('base64url.decode', 'aA')).toBe('h');
    expect(failure('base64url.decode', 'a').message).toBe('base64url.decode: illegal base64url string: a');
  });

  it('replaces invalid UTF-8 bytes with U+FFFD, one per byte', () => {
    expect(call('base64.decode', '/w==')).toBe('\ufffd');
    expect(call('hex.decode', 'e282')).toBe('\ufffd\ufffd');
  });

  it('keeps a leading byte order mark as text, as Go does', () => {
    expect(call('base64.decode', '77u/YQ==')).toBe('\ufeffa');
    expect(call('hex.decode', 'efbbbf61')).toBe('\ufeffa');
    expect(call('base64.encode', '\ufeffa')).toBe('77u/YQ==');
  });

  it('encodes and decodes hex', () => {
    expect(call('hex.encode', 'hé')).toBe('68c3a9');
    expect(call('hex.decode', '68C3A9')).toBe('hé');
    expect(failure('hex.decode', 'zz').message).toBe("hex.decode: encoding/hex: invalid byte: U+007A 'z'");
    expect(failure('hex.decode', '686').message).toBe('hex.decode: encoding/hex: odd length hex string');
  });

  it('encodes and decodes URL query components like Go', () => {
    expect(call('urlquery.encode', 'a b&c=d/é~*')).toBe('a+b%26c%3Dd%2F%C3%A9~%2A');
    expect(call('urlquery.decode', 'a+b%26c%C3%A9')).toBe('a b&cé');
    expect(call('urlquery.decode', '😀+%F0%9F%98%80')).toBe('😀 😀');
    expect(failure('urlquery.decode', 'x%zz').message).toBe('urlquery.decode: invalid URL escape "%zz"');
    expect(call('urlquery.encode_object', { b: ['2', '1'], a: 'x y' })).toBe('a=x+y&b=2&b=1');
    expect(failure('urlquery.encode_object', { a: 1 }).message).toBe(
      'urlquery.encode_object: operand 1 values must be string, array[string], or set[string]',
    );
    expect(callJson('urlquery.decode_object', 'a=1&a=2&b=x%20y&c')).toEqual({
      a: ['1', '2'],
      b: ['x y'],
      c: [''],
    });
    expect(failure('urlquery.decode_object', 'a=1;b=2').message).toBe(
      'urlquery.decode_object: invalid semicolon separator in query',
    );
  });
});
