/**
 * @module rego/builtins/since-v1.22
 * The built-ins OPA v1.22 adds to or changes from v1.15, one concept per file, laid over
 * the v1.15 registry by `createStandardBuiltins({ opaVersion: 'v1.22.2' })`.
 */
export { builtinsSinceV1_22 } from './overlay.ts';
export { acceptingWholeDecimals, INTEGER_OPERAND_BUILTINS } from './whole-decimal-operands.ts';
