/**
 * `sprintf` as OPA v1.22 has it: integers reach Go's `fmt` as `int64`, so `%T` prints `int64`
 * and a wrong verb prints `%!f(int64=1)` where OPA v1.15 printed `%!f(int=1)`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { createSprintfBuiltins } from '../go-fmt/index.ts';

/** The `sprintf` built-in of OPA v1.22. */
export const int64SprintfBuiltins: readonly BuiltinDefinition[] = createSprintfBuiltins('int64');
