/**
 * OPA's conformance cases against the engine and the standard built-ins: the copy in
 * `../shared/conformance/opa` (the interop suite runs OPA's whole upstream suite, see
 * `opa-suite.interop.test.ts`). `OPA_CONFORMANCE_DIR` overrides the case folder,
 * `OPA_CONFORMANCE_REGO_VERSION=v1` parses the cases as Rego v1, and
 * `OPA_CONFORMANCE_CATEGORIES=a,b` restricts the categories.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { hasConformanceCases } from './cases.ts';
import { EXPECTED_FAILURES_DIR } from './expected-failures.ts';
import { defineConformanceSuite } from './testing/conformance-suite.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = process.env.OPA_CONFORMANCE_DIR ?? path.resolve(repo, '../shared/conformance/opa');
const version = process.env.OPA_CONFORMANCE_REGO_VERSION === 'v1' ? 'v1' : 'v0';
const categories = process.env.OPA_CONFORMANCE_CATEGORIES?.split(',')
  .map((c) => c.trim())
  .filter(Boolean);

if (!hasConformanceCases(dir)) {
  describe('OPA conformance', () => {
    it(`NOT RUN: no conformance cases at ${dir} (set OPA_CONFORMANCE_DIR)`, (ctx) => {
      console.warn(`OPA conformance cases not found at ${dir}; nothing was checked.`);
      ctx.skip();
    });
  });
} else {
  defineConformanceSuite({
    title: 'OPA conformance',
    dir,
    version,
    expectedFailuresDir: path.join(EXPECTED_FAILURES_DIR, 'shared-copy'),
    ...(categories ? { categories } : {}),
  });
}
