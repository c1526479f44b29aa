/**
 * @module rego/compiler/checks
 * The checks stage (OPA's `CheckTypes`): argument types of built-in calls, from what is written
 * and from the types inferred for variables and rules.
 */
export { checkTypes } from './checks-stage.ts';
