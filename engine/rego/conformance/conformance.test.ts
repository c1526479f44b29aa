/**
 * OPA's conformance cases against the engine and the standard built-ins. Every case must pass
 * unless its category's expected-failure list names it (with a reason); a listed case that now
 * passes fails too, so the lists stay true. `OPA_CONFORMANCE_DIR` overrides the case folder,
 * `OPA_CONFORMANCE_CATEGORIES=a,b` restricts the categories.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { standardBuiltins } from '../builtins/index.ts';
import { hasConformanceCases, listCategories, loadCategory } from './cases.ts';
import { expectedFailures } from './expected-failures.ts';
import { runCase } from './run-case.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = process.env.OPA_CONFORMANCE_DIR ?? path.resolve(repo, '../shared/conformance/opa');
const only = process.env.OPA_CONFORMANCE_CATEGORIES?.split(',')
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
  const tally = new Map<string, { passed: number; failed: number; refused: number; expected: number }>();
  const categories = listCategories(dir).filter((c) => !only || only.includes(c));

  for (const category of categories) {
    const expected = expectedFailures(category);
    const counts = { passed: 0, failed: 0, refused: 0, expected: 0 };
    tally.set(category, counts);
    describe(`OPA conformance: ${category}`, () => {
      const cases = loadCategory(dir, category);
      const notes = new Set(cases.map((c) => c.note));
      for (const note of expected.keys()) {
        it(`expected failure "${note}" names an existing case`, () => {
          expect(notes.has(note)).toBe(true);
        });
      }
      for (const c of cases) {
        it(`${c.file}: ${c.note}`, () => {
          const outcome = runCase(c, standardBuiltins);
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
    const rows = [...tally].map(
      ([category, t]) =>
        `${category.padEnd(22)} ${String(t.passed).padStart(5)} ${String(t.failed).padStart(7)} ${String(t.refused).padStart(8)} ${String(t.expected).padStart(9)}`,
    );
    const total = [...tally.values()].reduce(
      (a, t) => ({
        passed: a.passed + t.passed,
        failed: a.failed + t.failed,
        refused: a.refused + t.refused,
        expected: a.expected + t.expected,
      }),
      { passed: 0, failed: 0, refused: 0, expected: 0 },
    );
    console.log(
      [
        `OPA conformance (${dir})`,
        `${'category'.padEnd(22)} passed  failed  refused  expected`,
        ...rows,
        `${'total'.padEnd(22)} ${String(total.passed).padStart(5)} ${String(total.failed).padStart(7)} ${String(total.refused).padStart(8)} ${String(total.expected).padStart(9)}`,
      ].join('\n'),
    );
  });
}
