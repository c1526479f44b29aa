/**
 * The value of a set rule as a decision service answers it (`decideSet`): its members, which must
 * all be strings — a set, or an array as a rule may also build.
 */
import { DecisionServiceError } from '@gatehousejs/core';
import { type JsonValue, toJson, type Value } from '@gatehousejs/rego';

/**
 * The members of `value`, the value of `ref`.
 *
 * @throws {DecisionServiceError} `evaluation_failed` when it is not a set or array of strings
 * @example
 * const ids = setMembers(policies.evaluate(ref, input, {}), ref); // ['12', '40']
 */
export function setMembers(value: Value, ref: string): string[] {
  const json: JsonValue = toJson(value);
  if (!Array.isArray(json) || json.some((member) => typeof member !== 'string')) {
    throw new DecisionServiceError(
      'evaluation_failed',
      `${ref} must be a set of strings, but is ${JSON.stringify(json).slice(0, 80)}`,
    );
  }
  return json as string[];
}
