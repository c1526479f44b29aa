/**
 * Fault injection for the emulator: matching requests get an error status (with `Retry-After`),
 * a dropped connection (before or after the change is made), a delay, or a concurrent change made
 * just before they are handled (`before`, e.g. someone else saving the page).
 */

/** What happens to a matching request. */
export type FaultAction =
  | { readonly status: number; readonly retryAfter?: string }
  | { readonly drop: 'before' | 'after' }
  | { readonly delayMs: number }
  | { readonly before: () => void };

/** A fault for requests matching a method and a path. */
export interface FaultRule {
  /** HTTP method to match (any when absent). */
  readonly method?: string;
  /** Substring of, or pattern for, the path without the context path (any when absent). */
  readonly path?: string | RegExp;
  /** How many matching requests it hits (default 1). */
  readonly times?: number;
  readonly action: FaultAction;
}

/** The pending faults, taken in the order they were added. */
export class FaultPlan {
  readonly #rules: Array<{ rule: FaultRule; left: number }> = [];

  add(rule: FaultRule): void {
    this.#rules.push({ rule, left: rule.times ?? 1 });
  }

  /** The action for this request, if a rule matches (using up one of its hits). */
  take(method: string, path: string): FaultAction | undefined {
    const entry = this.#rules.find(({ rule, left }) => {
      if (left <= 0) return false;
      if (rule.method && rule.method !== method) return false;
      if (rule.path === undefined) return true;
      return typeof rule.path === 'string' ? path.includes(rule.path) : rule.path.test(path);
    });
    if (!entry) return undefined;
    entry.left -= 1;
    return entry.rule.action;
  }

  /** Hits not yet used. */
  pending(): number {
    return this.#rules.reduce((sum, { left }) => sum + left, 0);
  }
}
