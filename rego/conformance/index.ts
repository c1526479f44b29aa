/**
 * @module rego/conformance
 * Runner of OPA's Rego conformance cases (`../shared/conformance/opa/` by default,
 * `OPA_CONFORMANCE_DIR` to override; OPA's whole upstream suite in the interop suite), parsed as
 * Rego v0 or v1, with per-suite, per-category expected-failure lists.
 */
export type { ConformanceCase, ConformanceCategory, UnreadableCaseFile } from './cases.ts';
export { hasConformanceCases, listCategories, loadCategory } from './cases.ts';
export type { ExpectedFailure } from './expected-failures.ts';
export { EXPECTED_FAILURES_DIR, expectedFailures } from './expected-failures.ts';
export type { CaseOutcome } from './run-case.ts';
export { runCase } from './run-case.ts';
