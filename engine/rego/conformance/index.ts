/**
 * @module Runner of OPA's Rego conformance cases (`../shared/conformance/opa/` by default,
 * `OPA_CONFORMANCE_DIR` to override) with per-category expected-failure lists.
 */
export type { ConformanceCase } from './cases.ts';
export { hasConformanceCases, listCategories, loadCategory } from './cases.ts';
export type { ExpectedFailure } from './expected-failures.ts';
export { EXPECTED_FAILURES_DIR, expectedFailures } from './expected-failures.ts';
export type { CaseOutcome } from './run-case.ts';
export { runCase } from './run-case.ts';
