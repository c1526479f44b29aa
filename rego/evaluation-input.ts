/**
 * What every evaluation of a policy set does with what it is given and what goes wrong: the
 * input checked into a value, the engine's stack overflow turned into a clean error.
 */
import { isStackOverflow, RegoError } from './errors.ts';
import { asValue, type Value } from './value/index.ts';

/** Turns the engine's stack overflow (input or policy nested too deeply) into a clean error. */
export function asRegoError(e: unknown): unknown {
  if (isStackOverflow(e)) {
    return new RegoError('eval_limit_error', 'evaluation exceeded the maximum nesting depth', undefined, {
      cause: e,
    });
  }
  return e;
}

/**
 * `input` as a Rego value (JSON, or engine values such as sets).
 *
 * @throws {RegoError} `eval_type_error` naming the offending part
 */
export function inputValue(input: unknown): Value | undefined {
  if (input === undefined) return undefined;
  try {
    return asValue(input, 'input');
  } catch (e) {
    if (e instanceof TypeError)
      throw new RegoError('eval_type_error', `invalid input: ${e.message}`, undefined, { cause: e });
    throw e;
  }
}
