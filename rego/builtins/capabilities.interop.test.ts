/**
 * The registry against OPA's own list of built-ins: for each OPA release the engine follows,
 * `createStandardBuiltins({ opaVersion })` offers exactly the built-ins (names and arities) of
 * that release's `capabilities.json` (from OPA's module, which installing the OPA peer puts in
 * Go's module cache), except the ones listed below with the reason. A listed name that the
 * registry gains makes the test fail, so the list stays true.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePeer } from '../../test/support/peers.ts';
import { OPA_VERSIONS } from '../opa-version.ts';
import { createStandardBuiltins } from './registry.ts';

/** OPA built-ins that are not registry entries, and why. */
const NOT_IN_REGISTRY: Readonly<Record<string, string>> = {
  eq: 'unification (`=`) is evaluated by the evaluator',
  assign: 'assignment (`:=`) is evaluated by the evaluator',
  'internal.print': '`print(…)` calls are compiled by the evaluator',
  'internal.template_string': 'template strings are compiled by the evaluator',
  'internal.test_case': "an internal of OPA's test runner, not callable from policies",
  'rego.metadata.rule': "answered by the compiler from the rule's annotations",
  'rego.metadata.chain': "answered by the compiler from the rule's annotations",
};

interface Capability {
  name: string;
  decl: { args?: unknown[]; variadic?: unknown };
}

const moduleCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();

function capabilities(opaVersion: string): Capability[] {
  ensurePeer('opa', [opaVersion]);
  const file = path.join(moduleCache, `github.com/open-policy-agent/opa@${opaVersion}/capabilities.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { builtins: Capability[] }).builtins;
}

describe.each(OPA_VERSIONS)('the registry for OPA %s', (opaVersion) => {
  const declared = capabilities(opaVersion);
  const registry = createStandardBuiltins({ opaVersion });

  it('has every built-in of the release but the listed ones', () => {
    const missing = declared.map((b) => b.name).filter((name) => !registry.has(name));
    expect(missing.sort()).toEqual(Object.keys(NOT_IN_REGISTRY).sort());
  });

  it('has no built-in the release lacks', () => {
    const names = new Set(declared.map((b) => b.name));
    expect([...registry.keys()].filter((name) => !names.has(name))).toEqual([]);
  });

  it("gives each built-in the release's arity", () => {
    const wrong = declared
      .filter((b) => registry.has(b.name))
      .map((b) => ({ name: b.name, opa: b.decl.variadic ? -1 : (b.decl.args?.length ?? 0) }))
      .filter(({ name, opa }) => registry.get(name)?.arity !== opa);
    expect(wrong).toEqual([]);
  });
});
