/**
 * Comparing and printing answers of the engine and of OPA.
 */
import type { OpaAnswer } from './opa-server.ts';

/**
 * JSON text with object keys sorted and numbers as float64, so equal documents compare equal.
 * @example canonical({ b: 1, a: 2 }) // '{"a":2,"b":1}'
 */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) => {
    if (typeof x === 'bigint') return Number(x);
    if (x && typeof x === 'object' && !Array.isArray(x)) {
      return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return x;
  });
}

/**
 * Whether two answers agree: equal documents, or errors of the same kind. A stalled answer
 * agrees with nothing.
 * @example sameAnswer({ kind: 'result', value: 1 }, { kind: 'result', value: 1 }) // true
 */
export function sameAnswer(a: OpaAnswer, b: OpaAnswer): boolean {
  if (a.kind === 'stalled' || b.kind === 'stalled') return false;
  if (a.kind === 'error') return b.kind === 'error' && a.code === b.code;
  return b.kind === 'result' && canonical(a.value) === canonical(b.value);
}

/**
 * An answer as one line of text.
 * @example showAnswer({ kind: 'error', code: 'eval_conflict_error', message: 'm' }) // 'error eval_conflict_error: m'
 */
export function showAnswer(a: OpaAnswer): string {
  if (a.kind === 'stalled') return `stalled (${a.reason})`;
  return a.kind === 'error' ? `error ${a.code}: ${a.message}` : canonical(a.value);
}

/**
 * The kind of an answer as a tally reads it: the error code, `undefined`, `value` or `stalled`.
 * @example answerKind({ kind: 'result', value: undefined }) // 'undefined'
 */
export function answerKind(a: OpaAnswer): string {
  if (a.kind === 'stalled') return 'stalled';
  return a.kind === 'error' ? a.code : a.value === undefined ? 'undefined' : 'value';
}
