/**
 * OPA's whole conformance suite, as it ships in OPA's Go module (`v1/test/cases/testdata/v0`
 * parsed as Rego v0, `…/v1` parsed as Rego v1), against the engine, for two OPA versions: the one
 * Topaz 0.33.16 embeds (v1.15.2, the engine's reference) and the latest pinned (v1.22.2).
 * Installing the OPA peer puts the module in Go's module cache. Exceptions are listed with their
 * reasons in `expected-failures/opa-v0/`, `…/opa-v1/` (v1.15.2) and `…/opa-v1.22.2-v0/`,
 * `…/opa-v1.22.2-v1/`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensurePeer } from '../../test/support/peers.ts';
import { EXPECTED_FAILURES_DIR } from './expected-failures.ts';
import { defineConformanceSuite } from './testing/conformance-suite.ts';

const moduleCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();

/** Each OPA version and the prefix of its expected-failure folders. */
const SUITES = [
  { opaVersion: 'v1.15.2', listPrefix: 'opa-' },
  { opaVersion: 'v1.22.2', listPrefix: 'opa-v1.22.2-' },
] as const;

for (const { opaVersion, listPrefix } of SUITES) {
  ensurePeer('opa', [opaVersion]);
  const testdata = path.join(
    moduleCache,
    `github.com/open-policy-agent/opa@${opaVersion}/v1/test/cases/testdata`,
  );
  for (const version of ['v0', 'v1'] as const) {
    defineConformanceSuite({
      title: `OPA ${opaVersion} conformance ${version}`,
      dir: path.join(testdata, version),
      version,
      opaVersion,
      expectedFailuresDir: path.join(EXPECTED_FAILURES_DIR, `${listPrefix}${version}`),
    });
  }
}
