/**
 * @module rego/builtins/regex
 * Regular expressions with Go's `regexp` (RE2) syntax and semantics (`regex.*`), and globs
 * (`glob.match`, `glob.quote_meta`, `regex.globs_match`).
 */
export { regexBuiltins } from './builtins.ts';
export { globBuiltins } from './glob.ts';
export { globsMatchBuiltins } from './globs-match.ts';
export type { CompiledRegex } from './go-regexp.ts';
export { compileRegex, matches } from './go-regexp.ts';
