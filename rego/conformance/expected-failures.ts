/**
 * The committed lists of expected conformance failures: one YAML file per category in
 * `expected-failures/<suite>/` (`shared-copy`, `opa-v0`, `opa-v1`), each a list of `{ note, reason }`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Folder of the expected-failure lists. */
export const EXPECTED_FAILURES_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'expected-failures',
);

/** An expected failure and why it is accepted. */
export interface ExpectedFailure {
  readonly note: string;
  readonly reason: string;
}

/** The expected failures of `category` by case note (empty when the category has no list). */
export function expectedFailures(category: string, dir = EXPECTED_FAILURES_DIR): Map<string, string> {
  const file = path.join(dir, `${category}.yaml`);
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const entries = (parse(readFileSync(file, 'utf8')) ?? []) as ExpectedFailure[];
  if (!Array.isArray(entries)) throw new Error(`${file}: expected a list of { note, reason }`);
  for (const e of entries) {
    if (typeof e?.note !== 'string' || typeof e.reason !== 'string' || e.reason.trim() === '') {
      throw new Error(`${file}: every entry needs a note and a reason`);
    }
    out.set(e.note, e.reason);
  }
  return out;
}
