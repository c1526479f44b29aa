/**
 * Registers a folder of OPA conformance cases as vitest tests: one test per case, one per
 * expected failure (it must name an existing case) and one per unreadable file, then prints a
 * table of passed, failed, refused and expected-failure counts per category.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createStandardBuiltins } from '../../builtins/index.ts';
import { DEFAULT_OPA_VERSION, type OpaVersion } from '../../opa-version.ts';
import type { RegoVersion } from '../../syntax/index.ts';
import { listCategories, loadCategory } from '../cases.ts';
import { expectedFailures } from '../expected-failures.ts';
import { runCase } from '../run-case.ts';

/** What {@link defineConformanceSuite} runs. */
export interface ConformanceSuiteOptions {
  /** Title of the suite in test names and the printed table. */
  readonly title: string;
  /** Folder of category folders of case files. */
  readonly dir: string;
  /** Syntax the cases' modules are parsed as. */
  readonly version: RegoVersion;
  /** The OPA release the engine follows for these cases (default `v1.15.2`). */
  readonly opaVersion?: OpaVersion;
  /** Folder of the expected-failure lists, one `<category>.yaml` each. */
  readonly expectedFailuresDir: string;
  /** Categories to run (default: all). */
  readonly categories?: readonly string[];
}

interface Tally {
  passed: number;
  failed: number;
  refused: number;
  expected: number;
}

function tableRow(name: string, t: Tally): string {
  return `${name.padEnd(38)} ${String(t.passed).padStart(6)} ${String(t.failed).padStart(7)} ${String(t.refused).padStart(8)} ${String(t.expected).padStart(9)}`;
}

/**
 * Defines the tests of one conformance suite. A case listed as an expected failure must not pass
 * (so the lists stay true); every other case must pass.
 * @example defineConformanceSuite({ title: 'OPA v1 cases', dir, version: 'v1', expectedFailuresDir });
 */
export function defineConformanceSuite(options: ConformanceSuiteOptions): void {
  const { title, dir, version, expectedFailuresDir } = options;
  const opaVersion = options.opaVersion ?? DEFAULT_OPA_VERSION;
  const builtins = createStandardBuiltins({ opaVersion });
  const tally = new Map<string, Tally>();
  const categories = listCategories(dir).filter((c) => !options.categories || options.categories.includes(c));

  for (const category of categories) {
    const expected = expectedFailures(category, expectedFailuresDir);
    const counts: Tally = { passed: 0, failed: 0, refused: 0, expected: 0 };
    tally.set(category, counts);
    describe(`${title}: ${category}`, () => {
      const { cases, unreadable } = loadCategory(dir, category);
      for (const problem of unreadable) {
        it(`${problem.file} is readable`, () => {
          expect.fail(`${dir}/${category}/${problem.file}: ${problem.reason}`);
        });
      }
      const notes = new Set(cases.map((c) => c.note));
      for (const note of expected.keys()) {
        it(`expected failure "${note}" names an existing case`, () => {
          expect(notes.has(note)).toBe(true);
        });
      }
      for (const c of cases) {
        it(`${c.file}: ${c.note}`, () => {
          const outcome = runCase(c, builtins, version, opaVersion);
          counts[outcome.status]++;
          const reason = expected.get(c.note);
          if (reason !== undefined) {
            if (outcome.status !== 'passed') counts.expected++;
            expect(outcome.status, `listed as expected failure (${reason}) but it passes now`).not.toBe(
              'passed',
            );
            return;
          }
          expect(outcome.detail, `${outcome.status}: ${c.note}`).toBe('');
        });
      }
    });
  }

  afterAll(() => {
    const total: Tally = { passed: 0, failed: 0, refused: 0, expected: 0 };
    for (const t of tally.values()) {
      total.passed += t.passed;
      total.failed += t.failed;
      total.refused += t.refused;
      total.expected += t.expected;
    }
    console.log(
      [
        `${title} (${dir}, parsed as Rego ${version})`,
        `${'category'.padEnd(38)} passed  failed  refused  expected`,
        ...[...tally].map(([category, t]) => tableRow(category, t)),
        tableRow('total', total),
      ].join('\n'),
    );
  });
}
