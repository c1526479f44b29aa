/**
 * @module rego/builtins/declarations
 * What each built-in is — name, argument and result types, description, category, the OPA
 * releases that have it — apart from how it is computed (the families beside this folder).
 * Generated from OPA's metadata by `generate-declarations.ts`; the reference page of the
 * documentation is written from them (`reference-page.ts`), and the arguments of built-in calls
 * are checked against them before evaluation (`argument-types.ts`).
 */
export { BUILTIN_DECLARATIONS } from './all.ts';
export type { ArgumentProblem } from './argument-types.ts';
export { builtinArgumentProblems } from './argument-types.ts';
export { constantArgumentErrors, notIsOperator } from './constant-arguments.ts';
export type { BuiltinDeclaration, BuiltinOperand } from './declaration.ts';
export type { RegoType } from './type-notation.ts';
export { ANY_TYPE, parseTypeNotation } from './type-notation.ts';
export { arraySelect, isAnything, objectSelect, unifies } from './type-unification.ts';
