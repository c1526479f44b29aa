/**
 * A batch of evaluations of one policy set with the same options: what depends only on parts of
 * the input that do not change from one evaluation to the next (the caller, in every query of a
 * list) is checked and evaluated once.
 */
import { Ctx, type EvalSettings, EvalState, newBatch } from './eval/index.ts';
import { asRegoError, inputValue } from './evaluation-input.ts';
import { asValue, type Value } from './value/index.ts';

/** Evaluations sharing rule values that depend on unchanged parts of their inputs. */
export interface PolicyBatch {
  /**
   * The value of a `data` document for `input`, as `PolicySet.evaluate` gives it. Throws
   * {@link RegoError}.
   */
  evaluate(ref: string, input?: unknown): Value | undefined;
  /**
   * As {@link PolicyBatch.evaluate}, for an input the caller built of values only (what
   * `fromJson` or `asValue` return, strings, booleans): it is not walked again. An input that is
   * not a value gives undefined behaviour, so only hosts that checked it themselves use this.
   */
  evaluateValue(ref: string, input: Value): Value | undefined;
}

/**
 * `input` as a value, each top-level member object checked once per batch: a member seen (the
 * same object) in an earlier evaluation of the batch is not walked again.
 */
function batchInput(input: unknown, checked: WeakSet<object>): Value | undefined {
  if (typeof input !== 'object' || input === null || Object.getPrototypeOf(input) !== Object.prototype)
    return inputValue(input);
  const members = input as Record<string, unknown>;
  for (const key in members) {
    const member = members[key];
    if (typeof member !== 'object' || member === null) {
      if (!isReadyScalar(member)) return inputValue(input);
      continue;
    }
    if (checked.has(member)) continue;
    let ready: Value;
    try {
      ready = asValue(member);
    } catch {
      return inputValue(input); // raises the error as an evaluation names it
    }
    if (ready !== member) return inputValue(input);
    checked.add(member);
  }
  return input as Value;
}

function isReadyScalar(x: unknown): boolean {
  if (typeof x === 'string' || typeof x === 'boolean') return true;
  return (
    typeof x === 'number' &&
    Number.isFinite(x) &&
    (Number.isSafeInteger(x) || !Number.isInteger(x)) &&
    !Object.is(x, -0)
  );
}

/**
 * A batch over compiled getters.
 *
 * @param getter the compiled getter of a `data` ref
 * @param data the base document
 * @param settings the settings of every evaluation (with the batch's `time.now_ns()`)
 */
export function createPolicyBatch(
  getter: (ref: string) => (ctx: Ctx) => Value | undefined,
  data: Value,
  settings: EvalSettings,
): PolicyBatch {
  const batch = newBatch();
  const checked = new WeakSet<object>();
  const run = (ref: string, input: Value | undefined) => {
    const get = getter(ref);
    try {
      return get(new Ctx(new EvalState(settings), input, data, null, null, batch));
    } catch (e) {
      throw asRegoError(e);
    }
  };
  return {
    evaluate: (ref, input) => run(ref, batchInput(input, checked)),
    evaluateValue: run,
  };
}
