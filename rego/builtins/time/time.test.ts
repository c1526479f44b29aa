import { describe, expect, it } from 'vitest';
import { standardBuiltins } from '../index.ts';
import { call, failure, testContext } from '../test-support.ts';

const NOV_14_2023 = 1_700_000_000_000_000_000n; // 2023-11-14T22:13:20Z, a Tuesday

describe('time built-ins', () => {
  it('reads the evaluation clock', () => {
    const def = standardBuiltins.get('time.now_ns');
    expect(def?.kind === 'function' && def.call([], { ...testContext(), nowNs: 42n })).toBe(42);
  });

  it('parses RFC 3339 with fractions and offsets', () => {
    expect(call('time.parse_rfc3339_ns', '2017-06-02T19:00:00Z')).toBe(1_496_430_000_000_000_000n);
    expect(call('time.parse_rfc3339_ns', '2017-06-02T19:00:00.123456789-07:00')).toBe(
      1_496_455_200_123_456_789n,
    );
    expect(failure('time.parse_rfc3339_ns', 'foo')).toEqual({
      code: 'eval_builtin_error',
      message:
        'time.parse_rfc3339_ns: parsing time "foo" as "2006-01-02T15:04:05Z07:00": cannot parse "foo" as "2006"',
    });
    expect(failure('time.parse_rfc3339_ns', '2017-13-02T19:00:00Z').message).toBe(
      'time.parse_rfc3339_ns: parsing time "2017-13-02T19:00:00Z": month out of range',
    );
  });

  it('parses Go layouts', () => {
    expect(call('time.parse_ns', '2006-01-02', '2023-11-14')).toBe(1_699_920_000_000_000_000n);
    expect(call('time.parse_ns', 'Jan _2 2006 3:04PM MST', 'Feb  5 2021 1:30PM UTC')).toBe(
      1_612_531_800_000_000_000n,
    );
    expect(
      call('time.parse_ns', 'Monday, 02-Jan-06 15:04:05 -0700', 'Tuesday, 14-Nov-23 23:13:20 +0100'),
    ).toBe(NOV_14_2023);
    expect(failure('time.parse_ns', '2006-01-02', '2020-02-30').message).toBe(
      'time.parse_ns: parsing time "2020-02-30": day out of range',
    );
    expect(failure('time.parse_ns', '2006-01-02', '2020-02-03x').message).toBe(
      'time.parse_ns: parsing time "2020-02-03x": extra text: "x"',
    );
    expect(failure('time.parse_ns', '15:04', '10:30').message).toBe(
      'time.parse_ns: time outside of valid range',
    );
  });

  it('parses durations', () => {
    expect(call('time.parse_duration_ns', '1h30m')).toBe(5_400_000_000_000);
    expect(call('time.parse_duration_ns', '-1.5s')).toBe(-1_500_000_000);
    expect(call('time.parse_duration_ns', '1µs2ns')).toBe(1002);
    expect(call('time.parse_duration_ns', '0')).toBe(0);
    expect(failure('time.parse_duration_ns', '1d').message).toBe(
      'time.parse_duration_ns: time: unknown unit "d" in duration "1d"',
    );
    expect(failure('time.parse_duration_ns', '10').message).toBe(
      'time.parse_duration_ns: time: missing unit in duration "10"',
    );
    expect(failure('time.parse_duration_ns', '9999999999h').message).toBe(
      'time.parse_duration_ns: time: invalid duration "9999999999h"',
    );
  });

  it('splits timestamps into date, clock and weekday, in a zone', () => {
    expect(call('time.date', NOV_14_2023)).toEqual([2023, 11, 14]);
    expect(call('time.clock', NOV_14_2023)).toEqual([22, 13, 20]);
    expect(call('time.weekday', NOV_14_2023)).toBe('Tuesday');
    expect(call('time.date', [NOV_14_2023, 'Asia/Tokyo'])).toEqual([2023, 11, 15]);
    expect(call('time.clock', [NOV_14_2023, 'America/New_York'])).toEqual([17, 13, 20]);
    expect(call('time.date', -1)).toEqual([1969, 12, 31]);
    expect(failure('time.date', [0, 'Nowhere/X']).message).toBe('time.date: unknown time zone Nowhere/X');
    // OPA v1.15.2 and v1.22.2: zone names are case-sensitive.
    expect(failure('time.date', [0, 'europe/paris']).message).toBe(
      'time.date: unknown time zone europe/paris',
    );
    expect(failure('time.clock', [0, 'utc']).message).toBe('time.clock: unknown time zone utc');
    expect(failure('time.date', 'x').message).toBe(
      'time.date: operand 1 must be either number (ns) or [number (ns), string (tz)] but got string',
    );
    expect(failure('time.date', 1.5).message).toBe('time.date: timestamp too big');
  });

  it('adds calendar periods with Go normalisation', () => {
    const jan31 = call('time.parse_rfc3339_ns', '2023-01-31T10:00:00Z') as bigint;
    expect(call('time.add_date', jan31, 0, 1, 0)).toBe(call('time.parse_rfc3339_ns', '2023-03-03T10:00:00Z'));
    expect(call('time.add_date', jan31, -1, 0, 1)).toBe(
      call('time.parse_rfc3339_ns', '2022-02-01T10:00:00Z'),
    );
    expect(failure('time.add_date', 0, 2262, 1, 1).message).toBe(
      'time.add_date: time outside of valid range',
    );
  });

  it('computes calendar differences', () => {
    const a = call('time.parse_rfc3339_ns', '2020-01-31T12:00:00Z') as bigint;
    const b = call('time.parse_rfc3339_ns', '2023-03-01T08:30:15Z') as bigint;
    expect(call('time.diff', a, b)).toEqual([3, 1, 0, 20, 30, 15]);
    expect(call('time.diff', b, a)).toEqual([3, 1, 0, 20, 30, 15]);
  });

  it('formats with Go layouts and zone names', () => {
    expect(call('time.format', NOV_14_2023 + 120_000_000n)).toBe('2023-11-14T22:13:20.12Z');
    expect(call('time.format', [NOV_14_2023, 'Europe/Berlin', 'RFC1123'])).toBe(
      'Tue, 14 Nov 2023 23:13:20 CET',
    );
    expect(call('time.format', [NOV_14_2023, 'Asia/Kolkata', '2006-01-02 15:04:05 -07:00'])).toBe(
      '2023-11-15 03:43:20 +05:30',
    );
    expect(call('time.format', [NOV_14_2023, 'UTC', 'Mon Jan _2 3:04:05.000 PM 06 002'])).toBe(
      'Tue Nov 14 10:13:20.000 PM 23 318',
    );
  });

  it('knows the named layouts OPA knows, in parsing too, and no others', () => {
    expect(call('time.parse_ns', 'RFC822Z', '02 Jun 17 19:00 -0700')).toBe(1496455200000000000n);
    expect(call('time.format', [0, 'UTC', 'Kitchen'])).toBe('Kitchen');
    expect(call('time.format', [0, 'UTC', 'toString'])).toBe('toString');
  });
});
