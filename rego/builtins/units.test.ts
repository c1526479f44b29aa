import { describe, expect, it } from 'vitest';
import { call, failure } from './test-support.ts';

describe('units built-ins', () => {
  it.each([
    ['1KB', 1000],
    ['1kib', 1024],
    ['1.5Gi', 1610612736],
    ['"10M"', 10_000_000],
    ['1e3', 1000],
    ['12', 12],
    ['1EiB', 2n ** 60n],
  ])('units.parse_bytes(%j) = %s', (s, want) => {
    expect(call('units.parse_bytes', s)).toBe(want);
  });

  it('reports unparseable byte amounts', () => {
    expect(failure('units.parse_bytes', 'foo').message).toBe(
      'units.parse_bytes: units.parse_bytes: no byte amount provided',
    );
    expect(failure('units.parse_bytes', '1 KB').message).toBe(
      'units.parse_bytes: units.parse_bytes: spaces not allowed in resource strings',
    );
    expect(failure('units.parse_bytes', '1xb').message).toBe(
      'units.parse_bytes: units.parse_bytes: byte unit xb not recognized',
    );
    expect(failure('units.parse_bytes', '1.2.3').message).toBe(
      'units.parse_bytes: units.parse_bytes: could not parse byte amount to a number',
    );
  });

  it.each([
    ['100m', 0.1],
    ['1m', 0.001],
    ['1M', 1_000_000],
    ['1.5k', 1500],
    ['10Ki', 10240],
    ['2mi', 2_097_152],
    ['1', 1],
  ])('units.parse(%j) = %s', (s, want) => {
    expect(call('units.parse', s)).toBe(want);
  });

  it('reports unknown units', () => {
    expect(failure('units.parse', '1x').message).toBe('units.parse: units.parse: unit x not recognized');
    expect(failure('units.parse', 'k').message).toBe('units.parse: units.parse: no amount provided');
  });
});
