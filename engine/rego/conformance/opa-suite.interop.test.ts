/**
 * OPA's whole conformance suite, as it ships in OPA's Go module (`v1/test/cases/testdata/v0`
 * parsed as Rego v0, `…/v1` parsed as Rego v1), against the engine. Installing the OPA peer puts
 * the module in Go's module cache. Exceptions are listed with their reasons in
 * `expected-failures/opa-v0/` and `expected-failures/opa-v1/`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensurePeer } from '../../../test/support/peers.ts';
import { EXPECTED_FAILURES_DIR } from './expected-failures.ts';
import { defineConformanceSuite } from './testing/conformance-suite.ts';

const OPA_VERSION = 'v1.15.2';

ensurePeer('opa', [OPA_VERSION]);
const moduleCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
const testdata = path.join(
  moduleCache,
  `github.com/open-policy-agent/opa@${OPA_VERSION}/v1/test/cases/testdata`,
);

for (const version of ['v0', 'v1'] as const) {
  defineConformanceSuite({
    title: `OPA ${OPA_VERSION} conformance ${version}`,
    dir: path.join(testdata, version),
    version,
    expectedFailuresDir: path.join(EXPECTED_FAILURES_DIR, `opa-${version}`),
  });
}
