/**
 * Loading OPA's conformance cases: one YAML file per test file, `<dir>/<category>/<file>.yaml`,
 * each with a `cases` list (see the README beside the cases for the fields).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** One conformance case. */
export interface ConformanceCase {
  readonly category: string;
  readonly file: string;
  readonly note: string;
  readonly query: string;
  readonly modules: readonly string[];
  readonly data: unknown;
  /** `undefined` when the case has no input. */
  readonly input: unknown;
  /** The input written as a Rego term. */
  readonly inputTerm: string | undefined;
  readonly wantResult: readonly Record<string, unknown>[] | undefined;
  readonly wantError: string | undefined;
  readonly wantErrorCode: string | undefined;
  readonly sortBindings: boolean;
  readonly strictError: boolean;
}

/** Category directories present in `dir`, sorted. */
export function listCategories(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort();
}

function asString(x: unknown, what: string, file: string): string {
  if (typeof x !== 'string') throw new Error(`${file}: ${what} must be a string`);
  return x;
}

/** Reads the cases of one category. */
export function loadCategory(dir: string, category: string): ConformanceCase[] {
  const folder = path.join(dir, category);
  const cases: ConformanceCase[] = [];
  for (const file of readdirSync(folder)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    const doc = parse(readFileSync(path.join(folder, file), 'utf8'), { intAsBigInt: true }) as {
      cases?: Record<string, unknown>[];
    };
    for (const c of doc?.cases ?? []) {
      cases.push({
        category,
        file,
        note: asString(c.note, 'note', file),
        query: asString(c.query, 'query', file),
        modules: ((c.modules as unknown[] | undefined) ?? []).map((m) => asString(m, 'module', file)),
        data: c.data ?? {},
        input: c.input,
        inputTerm: c.input_term === undefined ? undefined : asString(c.input_term, 'input_term', file),
        wantResult: c.want_result as Record<string, unknown>[] | undefined,
        wantError: c.want_error === undefined ? undefined : String(c.want_error),
        wantErrorCode: c.want_error_code === undefined ? undefined : String(c.want_error_code),
        sortBindings: c.sort_bindings === true,
        strictError: c.strict_error === true,
      });
    }
  }
  return cases;
}

/** Whether `dir` holds conformance cases. */
export function hasConformanceCases(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}
