/**
 * @module @gatehousejs/rego
 * The Rego language with OPA's semantics: parser (v0 and v1 syntax), compiler, evaluator, values
 * and the standard built-ins; further built-ins plug in through the {@link BuiltinRegistry}
 * contract. Runtime-neutral (Web APIs only) and independent of the rest of Gatehouse.
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
  ArgumentProblem,
  BuiltinDeclaration,
  BuiltinOperand,
} from './builtins/declarations/index.ts';
export { BUILTIN_DECLARATIONS, builtinArgumentProblems } from './builtins/declarations/index.ts';
export type {
  OnDemandBuiltins,
  OnDemandBuiltinsOptions,
  OutboundCalls,
  OutboundRequest,
  OutboundResponse,
  RandomBytes,
  StandardBuiltinsOptions,
} from './builtins/index.ts';
export { createOnDemandBuiltins, createStandardBuiltins, standardBuiltins } from './builtins/index.ts';
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
export type { PolicyBatch } from './policy-batch.ts';
export type { PolicySet, PolicyTest } from './policy-set.ts';
export { compilePolicies } from './policy-set.ts';
export type { Module, ParseOptions, RegoVersion } from './syntax/index.ts';
export { parseModule, parseQuery, parseTermText } from './syntax/index.ts';
export type { ArrayValue, JsonValue, ObjectValue, PlainObject, Value, ValueKind } from './value/index.ts';
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
} from './value/index.ts';
