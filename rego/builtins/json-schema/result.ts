/**
 * Results of validating against a JSON schema as gojsonschema keeps them: the errors in order and
 * a score (+1 per passed check, -2 per error) used to pick the closest failing branch.
 */

/** One validation error, as OPA reports it. */
export interface SchemaViolation {
  readonly type: string;
  readonly field: string;
  readonly desc: string;
}

/** Errors found so far and gojsonschema's score (which failed branch came closest). */
export class Result {
  readonly errors: SchemaViolation[] = [];
  score = 0;
  /** Records an error of `type` at `context`. */
  add(type: string, context: readonly string[], desc: string): void {
    this.errors.push({ type, field: context.length === 1 ? '(Root)' : context.slice(1).join('.'), desc });
    this.score -= 2;
  }
  /** Takes over another result's errors and score. */
  merge(other: Result): void {
    this.errors.push(...other.errors);
    this.score += other.score;
  }
  /** No error found. */
  get valid(): boolean {
    return this.errors.length === 0;
  }
}

/** The branch with the best score among failed ones (the first on ties). */
export function best(results: readonly Result[]): Result | undefined {
  let top: Result | undefined;
  for (const x of results) if (!top || x.score > top.score) top = x;
  return top;
}

/** The field of a context as gojsonschema prints it: `(Root)`, or the path below the root. */
export function fieldOf(context: readonly string[]): string {
  return context.length === 1 ? '(Root)' : context.slice(1).join('.');
}
