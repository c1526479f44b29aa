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

/** A case file that could not be read, and why. */
export interface UnreadableCaseFile {
  readonly file: string;
  readonly reason: string;
}

/** The cases of one category and the files of it that could not be read. */
export interface ConformanceCategory {
  readonly cases: ConformanceCase[];
  readonly unreadable: UnreadableCaseFile[];
}

/** Category directories present in `dir`, sorted. */
export function listCategories(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort();
}

function asString(x: unknown, what: string): string {
  if (typeof x !== 'string') throw new Error(`${what} must be a string`);
  return x;
}

/**
 * Parses a case file as leniently as OPA's YAML reader (go-yaml v2 behind `sigs.k8s.io/yaml`):
 * a repeated key keeps its last value, and warnings do not fail the file.
 */
function parseCaseFile(text: string): unknown {
  return parse(text, { intAsBigInt: true, uniqueKeys: false, strict: false, prettyErrors: false });
}

function caseOf(category: string, file: string, c: Record<string, unknown>): ConformanceCase {
  return {
    category,
    file,
    note: asString(c.note, 'note'),
    query: asString(c.query, 'query'),
    modules: ((c.modules as unknown[] | undefined) ?? []).map((m) => asString(m, 'module')),
    data: c.data ?? {},
    input: c.input,
    inputTerm: c.input_term === undefined ? undefined : asString(c.input_term, 'input_term'),
    wantResult: c.want_result as Record<string, unknown>[] | undefined,
    wantError: c.want_error === undefined ? undefined : String(c.want_error),
    wantErrorCode: c.want_error_code === undefined ? undefined : String(c.want_error_code),
    sortBindings: c.sort_bindings === true,
    strictError: c.strict_error === true,
  };
}

/** Reads the cases of one category; a file that cannot be read is reported, not thrown. */
export function loadCategory(dir: string, category: string): ConformanceCategory {
  const folder = path.join(dir, category);
  const cases: ConformanceCase[] = [];
  const unreadable: UnreadableCaseFile[] = [];
  for (const file of readdirSync(folder)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()) {
    try {
      const doc = parseCaseFile(readFileSync(path.join(folder, file), 'utf8')) as {
        cases?: unknown;
      } | null;
      if (!Array.isArray(doc?.cases)) throw new Error('no `cases` list');
      const fileCases = (doc.cases as Record<string, unknown>[]).map((c) => caseOf(category, file, c));
      cases.push(...fileCases);
    } catch (e) {
      unreadable.push({ file, reason: (e as Error).message });
    }
  }
  return { cases, unreadable };
}

/** Whether `dir` holds conformance cases. */
export function hasConformanceCases(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}
