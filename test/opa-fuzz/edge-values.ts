/**
 * The values the fuzzer draws inputs from: the edge cases of each JSON type that built-ins and
 * operators treat specially (zero, negatives, fractions, empty and non-ASCII strings, strings that
 * look like numbers, JSON, durations, versions, CIDRs, empty and mixed collections).
 */

/** Numbers (all exact in a float64, so JSON carries them unchanged). */
export const EDGE_NUMBERS: readonly number[] = [0, 1, -1, 2, 3, 7, 10, 100, 0.5, 1.5, -2.5, 1000, 2147483648];

/** Strings. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  'a',
  'abc',
  'b',
  'Hello, World',
  'a,b,,c',
  '  pad  ',
  '10',
  '-3.5',
  '1e3',
  'aGk=',
  'ünï €',
  '1.2.3',
  '1.02.3',
  'v1.0.0-rc.1',
  '10Mi',
  '1.5h',
  '2017-06-02T19:00:00Z',
  '192.168.0.0/16',
  '{"a":1}',
  '[1,2',
  '%',
];

/** Any JSON value: the numbers and strings above, the other scalars, and small collections. */
export const EDGE_VALUES: readonly unknown[] = [
  ...EDGE_NUMBERS,
  ...EDGE_STRINGS,
  true,
  false,
  null,
  [],
  [1, 2, 3],
  ['b', 'a'],
  [1, 'a', null],
  [[1], [2, 3]],
  {},
  { a: 1, b: 2 },
  { a: { b: 1 } },
];
