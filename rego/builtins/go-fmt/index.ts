/**
 * @module rego/builtins/go-fmt
 * Go's `fmt` printing as OPA's `sprintf` does it: verbs, flags, widths and precision over Go's
 * operand types, with Go's float and integer formatting.
 */
export { formatFloatMagnitude } from './float.ts';
export type { GoArg } from './operand.ts';
export { createSprintfBuiltins, formatGoArgs, sprintfBuiltins } from './sprintf.ts';
