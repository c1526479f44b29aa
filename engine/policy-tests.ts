/**
 * `runPolicyTests`: runs the `test_` rules of a policy directory like `opa test` — every rule
 * whose name starts with `test_`, in any loaded file; a test passes when its value is exactly
 * `true`, fails when it is undefined or anything else, and errors when evaluation fails.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { createMemoryRelationStore, parseManifest, type RelationStore } from '@gatehousejs/directory';
import {
  type BuiltinDefinition,
  compilePolicies,
  createStandardBuiltins,
  DEFAULT_OPA_VERSION,
  type JsonValue,
  OPA_VERSIONS,
  type PolicyTest,
} from '@gatehousejs/rego';
import { z } from 'zod';
import { createDirectoryBuiltins } from './directory-builtins/index.ts';
import { parseEngineOptions } from './embedded-service-options.ts';
import { loadManifestFile } from './manifest-file.ts';
import { readPolicySources } from './policy-source.ts';

/** Options of {@link runPolicyTests}. */
export const policyTestOptionsSchema = z
  .object({
    /** Runs only the tests whose full name (`data.<package>.<rule>`) matches (default: all). */
    filter: z.instanceof(RegExp).optional(),
    /** The relation store `ds.*` reads (default: a memory store of `manifestFile`). */
    store: z
      .custom<RelationStore>((v) => typeof (v as RelationStore | undefined)?.checkNow === 'function', {
        message: 'must be a relation store',
      })
      .optional(),
    /** Manifest of the default store (default `<dir>/manifest.yaml` when present, else an empty model). */
    manifestFile: z.string().min(1).optional(),
    /** The base document under `data` (default `{}`). */
    data: z.custom<JsonValue>(() => true).default({}),
    /** Syntax of modules that do not say otherwise (default `v0`, as Topaz). */
    regoVersion: z.enum(['v0', 'v1']).default('v0'),
    /** The OPA release whose language and built-ins the policies get (default `v1.15.2`, as Topaz 0.33.16). */
    opaVersion: z.enum(OPA_VERSIONS).default(DEFAULT_OPA_VERSION),
    /** Report built-in errors as test errors instead of undefined expressions (default false). */
    strictBuiltinErrors: z.boolean().default(false),
  })
  .prefault({});

/** Options of {@link runPolicyTests} as callers write them. */
export type PolicyTestOptions = z.input<typeof policyTestOptionsSchema>;

/** The outcome of one test. */
export interface PolicyTestResult {
  /** Full name, e.g. `data.webapp.test_owner_can_read`. */
  readonly name: string;
  readonly packageName: string;
  readonly rule: string;
  readonly file: string;
  readonly line: number;
  /** `pass` (value `true`), `fail` (undefined or another value), `error` (evaluation failed). */
  readonly outcome: 'pass' | 'fail' | 'error';
  readonly durationMs: number;
  /** Why evaluation failed (outcome `error`), with file and line when known. */
  readonly error?: string;
  /** What the test printed with `print(…)`. */
  readonly output: readonly string[];
}

/** The outcome of a test run. */
export interface PolicyTestReport {
  readonly results: readonly PolicyTestResult[];
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  /** Whether every test passed (and at least one ran). */
  readonly ok: boolean;
}

async function defaultStore(dir: string, manifestFile: string | undefined): Promise<RelationStore> {
  let file = manifestFile;
  if (file === undefined) {
    const candidate = path.join(dir, 'manifest.yaml');
    file = await access(candidate).then(
      () => candidate,
      () => undefined,
    );
  }
  const manifest = file
    ? await loadManifestFile(file)
    : parseManifest('model:\n  version: 3\n', '(no manifest)');
  return createMemoryRelationStore({ manifest });
}

function runTest(
  policies: ReturnType<typeof compilePolicies>,
  test: PolicyTest,
  strict: boolean,
): PolicyTestResult {
  const output: string[] = [];
  const started = performance.now();
  let outcome: PolicyTestResult['outcome'];
  let error: string | undefined;
  try {
    const value = policies.evaluate(test.path, undefined, { strict, print: (m) => output.push(m) });
    outcome = value === true ? 'pass' : 'fail';
  } catch (e) {
    outcome = 'error';
    error = e instanceof Error ? e.message : String(e);
  }
  const durationMs = performance.now() - started;
  const { packageName, rule, file, line } = test;
  return { name: test.path, packageName, rule, file, line, outcome, durationMs, error, output };
}

/**
 * Loads every policy file below `dir` (test files included), compiles them with the standard
 * and directory built-ins, and runs the `test_` rules in package and name order.
 *
 * @param dir the policy directory
 * @param options `filter`, `store` or `manifestFile`, `data`, `regoVersion` (default `v0`), `strictBuiltinErrors`
 * @throws {RegoError} when a policy does not compile (file:line:column), {@link EngineError} when
 *   the directory cannot be read, {@link ManifestError} for a bad manifest
 * @example
 * const report = await runPolicyTests('policies', { filter: /owner/ });
 * for (const r of report.results) console.log(`${r.name}: ${r.outcome.toUpperCase()} (${r.durationMs.toFixed(1)} ms)`);
 */
export async function runPolicyTests(dir: string, options?: PolicyTestOptions): Promise<PolicyTestReport> {
  const config = parseEngineOptions(policyTestOptionsSchema, options, 'policy test');
  const sources = await readPolicySources(dir);
  const store = config.store ?? (await defaultStore(dir, config.manifestFile));
  try {
    const directoryBuiltins = createDirectoryBuiltins(store).map((b): [string, BuiltinDefinition] => [
      b.name,
      b,
    ]);
    const policies = compilePolicies(
      sources.map((s) => ({ file: s.file, source: s.source })),
      {
        builtins: new Map([
          ...createStandardBuiltins({ opaVersion: config.opaVersion }),
          ...directoryBuiltins,
        ]),
        data: config.data,
        version: config.regoVersion,
        opaVersion: config.opaVersion,
      },
    );
    const filter = config.filter;
    const results = policies
      .tests()
      .filter((test) => !filter || test.path.search(filter) !== -1)
      .map((test) => runTest(policies, test, config.strictBuiltinErrors));
    const count = (outcome: PolicyTestResult['outcome']) =>
      results.filter((r) => r.outcome === outcome).length;
    const passed = count('pass');
    return {
      results,
      passed,
      failed: count('fail'),
      errored: count('error'),
      ok: results.length > 0 && passed === results.length,
    };
  } finally {
    if (!config.store) await store.close();
  }
}
