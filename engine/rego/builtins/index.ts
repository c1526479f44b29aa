/**
 * @module The standard Rego built-in functions with OPA's semantics and error texts: operators,
 * aggregates, arrays, sets, objects, strings, `sprintf`, regex (Go RE2 syntax), glob, types,
 * casts, JSON/YAML, encodings, `walk`, time, units, semver, CIDR, hashes, and runtime helpers.
 */

export type { StandardBuiltinsOptions } from './registry.ts';
export { createStandardBuiltins, standardBuiltins } from './registry.ts';
export type { RandomBytes } from './runtime.ts';
