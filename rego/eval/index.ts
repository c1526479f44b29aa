/**
 * @module rego/eval
 * Rego evaluator: compiles resolved rules into closures once and evaluates them with
 * OPA's semantics (unification, virtual documents, conflicts, `with`, limits).
 */
export type { EvalLimits, EvalSettings } from './context.ts';
export { Ctx, EvalState, newBatch } from './context.ts';
export { compileDataGetter, compileQueryRunner } from './entry-points.ts';
export { formatValue } from './format.ts';
export { CompiledProgram } from './program.ts';
