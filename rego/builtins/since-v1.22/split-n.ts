/**
 * `strings.split_n(s, delimiter, n)` (OPA v1.22): the first `n` fields of `s` split at
 * `delimiter` (the rest dropped), or with a negative `n` the last `-n` fields; `0` gives `[]`.
 * An empty delimiter splits between characters, as Go's `strings.Split` does.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import type { Value } from '../../value/index.ts';
import { defineFunction, intArg, numberArg, operandError, stringArg } from '../operands.ts';

const INT64_MAX = 2n ** 63n - 1n;

/** Go's `strings.Split`: an empty separator splits into UTF-8 sequences (code points). */
function splitAll(s: string, delimiter: string): string[] {
  return delimiter === '' ? Array.from(s) : s.split(delimiter);
}

function splitN(args: readonly Value[]): string[] {
  const text = stringArg('strings.split_n', args, 0);
  const delimiter = stringArg('strings.split_n', args, 1);
  const count = numberArg('strings.split_n', args, 2);
  // OPA reads the count as an int64: larger integers are refused like fractions.
  if (typeof count === 'bigint' && (count > INT64_MAX || count < -INT64_MAX - 1n))
    throw operandError('strings.split_n', 3, 'must be integer number but got floating-point number');
  const n = intArg('strings.split_n', args, 2);
  const parts = splitAll(text, delimiter);
  return n >= 0 ? parts.slice(0, n) : parts.slice(Math.max(parts.length + n, 0));
}

/** The `strings.split_n` built-in. */
export const splitNBuiltins: readonly BuiltinDefinition[] = [defineFunction('strings.split_n', 3, splitN)];
