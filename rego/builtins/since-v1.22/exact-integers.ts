/**
 * OPA v1.22 computes with integers exactly at any size (`big.Int`) where v1.15 passed integers
 * beyond the small range through a 64-bit `big.Float`: `+ - * %`, `sum`, `product`, `format_int`,
 * `bits.*` and `numbers.range*` of big integers.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { createNumberFoldBuiltins } from '../aggregates.ts';
import { createArithmeticBuiltins } from '../arithmetic.ts';
import { createFormatIntBuiltin } from '../strings.ts';

/** The integer-exact arithmetic built-ins of OPA v1.22. */
export const exactIntegerBuiltins: readonly BuiltinDefinition[] = [
  ...createArithmeticBuiltins('exact'),
  ...createNumberFoldBuiltins('exact'),
  createFormatIntBuiltin('exact'),
];
