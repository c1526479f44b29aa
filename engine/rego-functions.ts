/**
 * `compilePolicies` and `createStandardBuiltins` of `@gatehousejs/rego` as the engine has always
 * offered them: wrong options fail with the engine's {@link EngineError} `invalid_options` (the
 * Rego package's own `RegoError` of that code is its cause), every other failure is unchanged.
 */
import {
  type BuiltinRegistry,
  type CompileOptions,
  type PolicyModule,
  type PolicySet,
  RegoError,
  compilePolicies as regoCompilePolicies,
  createStandardBuiltins as regoCreateStandardBuiltins,
  type StandardBuiltinsOptions,
} from '@gatehousejs/rego';
import { EngineError } from './engine-error.ts';

function engineOptionsError(e: unknown): unknown {
  return e instanceof RegoError && e.code === 'invalid_options'
    ? new EngineError('invalid_options', e.detail, { cause: e })
    : e;
}

/**
 * Parses and compiles modules into a {@link PolicySet}. Throws `RegoError` (`rego_parse_error`,
 * `rego_compile_error`, `rego_type_error`, `rego_unsafe_var_error`, `rego_recursion_error`,
 * `rego_unsupported_error`) naming file, line and column.
 *
 * @throws {EngineError} `invalid_options` for options that are wrong
 * @example
 * const policies = compilePolicies([{ file: 'a.rego', source: 'package a\nallow if input.admin' }], {
 *   builtins: standardBuiltins,
 *   version: 'v1',
 * });
 * policies.evaluate('a.allow', { admin: true }); // true
 */
export function compilePolicies(modules: readonly PolicyModule[], options?: CompileOptions): PolicySet {
  try {
    return regoCompilePolicies(modules, options);
  } catch (e) {
    throw engineOptionsError(e);
  }
}

/**
 * Builds the registry of standard built-ins: OPA v1.15.2's, with the definitions of later
 * releases laid over them up to `opaVersion`.
 *
 * @param options.randomBytes randomness for `uuid.rfc4122` / `rand.intn`; default the platform's `crypto.getRandomValues`
 * @param options.outbound transports enabling `http.send` (allowed hosts only) and `net.lookup_ip_addr`; default none
 * @param options.opaVersion the OPA release followed (default `v1.15.2`, the OPA of Topaz 0.33.16)
 * @throws {EngineError} `invalid_options` for a release the engine does not follow
 * @example
 * createStandardBuiltins({ opaVersion: 'v1.22.2' }).has('uri.parse'); // true
 */
export function createStandardBuiltins(options?: StandardBuiltinsOptions): BuiltinRegistry {
  try {
    return regoCreateStandardBuiltins(options);
  } catch (e) {
    throw engineOptionsError(e);
  }
}
