/**
 * @module rego/builtins/rego-ast
 * `rego.parse_module`: a module's AST as OPA's JSON, with comments and rule annotations.
 */
export { parseModuleBuiltins } from './parse-module.ts';
