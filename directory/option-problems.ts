/**
 * One line naming every problem zod found in an options object, for the engine's and the
 * directory's `invalid_options` errors.
 */
import type { z } from 'zod';

/**
 * `field: message` for each issue, `; `-separated (`(options)` for the object itself).
 *
 * @example
 * optionProblems(schema.safeParse({ maxSteps: 0 }).error!); // 'maxSteps: Too small: expected …'
 */
export function optionProblems(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
}
