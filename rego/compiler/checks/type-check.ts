/**
 * The types inferred for variables and rules (OPA's type checker does this after safety): not yet
 * inferred; every variable and rule reads as `any`.
 */
import type { RegoError } from '../../errors.ts';

/** Type errors found through variable and rule types (none yet). */
export function typeErrors(): RegoError[] {
  return [];
}
