/**
 * OPA's conformance cases against the engine and the standard built-ins: the copy in
 * `../shared/conformance/opa` (the interop suite runs OPA's whole upstream suite, see
 * `opa-suite.interop.test.ts`). `OPA_CONFORMANCE_DIR` overrides the case folder,
 * `OPA_CONFORMANCE_REGO_VERSION=v1` parses the cases as Rego v1,
 * `OPA_CONFORMANCE_OPA_VERSION=v1.22.2` judges them by that OPA release's rules (language,
 * built-ins, error wording; its expected failures in `expected-failures/shared-copy-v1.22.2/`),
 * and `OPA_CONFORMANCE_CATEGORIES=a,b` restricts the categories.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { DEFAULT_OPA_VERSION, OPA_VERSIONS } from '../opa-version.ts';
import { hasConformanceCases } from './cases.ts';
import { EXPECTED_FAILURES_DIR } from './expected-failures.ts';
import { defineConformanceSuite } from './testing/conformance-suite.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = process.env.OPA_CONFORMANCE_DIR ?? path.resolve(repo, '../shared/conformance/opa');
const version = process.env.OPA_CONFORMANCE_REGO_VERSION === 'v1' ? 'v1' : 'v0';
const requested = process.env.OPA_CONFORMANCE_OPA_VERSION ?? DEFAULT_OPA_VERSION;
const opaVersion = OPA_VERSIONS.find((v) => v === requested);
if (!opaVersion) {
  throw new Error(`OPA_CONFORMANCE_OPA_VERSION must be one of ${OPA_VERSIONS.join(', ')}, not ${requested}`);
}
const listFolder = opaVersion === DEFAULT_OPA_VERSION ? 'shared-copy' : `shared-copy-${opaVersion}`;
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
    title: `OPA conformance (${opaVersion})`,
    dir,
    version,
    opaVersion,
    expectedFailuresDir: path.join(EXPECTED_FAILURES_DIR, listFolder),
    ...(categories ? { categories } : {}),
  });
}
