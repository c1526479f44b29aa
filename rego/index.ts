/**
 * @module The embedded Rego engine: parser (v0 and v1 syntax), compiler to closures, and an
 * evaluator with OPA's semantics; built-ins plug in through the {@link BuiltinRegistry} contract.
 */
export type {
  BuiltinContext,
  BuiltinDefinition,
  BuiltinErrorCode,
  BuiltinFunction,
  BuiltinRegistry,
  BuiltinRelation,
} from './builtin.ts';
export { BuiltinError } from './builtin.ts';
export type {
  CompileConfig,
  CompileOptions,
  EvalOptions,
  PolicyModule,
  QueryOptions,
} from './compile-options.ts';
export { compileOptionsSchema } from './compile-options.ts';
export type { RegoErrorCode, SourceLocation } from './errors.ts';
export { RegoError } from './errors.ts';
export { formatValue } from './eval/index.ts';
export type { OpaVersion } from './opa-version.ts';
export { DEFAULT_OPA_VERSION, OPA_VERSIONS } from './opa-version.ts';
export type { PolicySet, PolicyTest } from './policy-set.ts';
export { compilePolicies } from './policy-set.ts';
export type { Module, ParseOptions, RegoVersion } from './syntax/index.ts';
export { parseModule, parseQuery, parseTermText } from './syntax/index.ts';
export type { ArrayValue, JsonValue, ObjectValue, PlainObject, Value, ValueKind } from './value.ts';
export {
  asValue,
  canonicalKey,
  compare,
  equal,
  fromJson,
  isNumber,
  isObject,
  kindOf,
  makeObject,
  ObjectMap,
  objectEntries,
  objectGet,
  objectSize,
  SetValue,
  toJson,
} from './value.ts';
