/**
 * The methods of `json.Number`, which OPA v1.15.2's templates can call on numbers from the vars
 * (`{{.n.Int64}}`); OPA v1.22.2's method-less copy of `text/template` has none.
 */
import { FunctionError } from './function-error.ts';
import type { GoValue } from './values.ts';

/** The method names. */
export const JSON_NUMBER_METHODS: ReadonlySet<string> = new Set(['String', 'Float64', 'Int64']);

/** Calls method `name` on the number written `text`; a parse failure is Go's `strconv` error. */
export function numberMethod(name: string, text: string): GoValue {
  if (name === 'String') return { kind: 'string', v: text };
  const parse = name === 'Int64' ? 'ParseInt' : 'ParseFloat';
  const failure = (why: string): FunctionError =>
    new FunctionError(`strconv.${parse}: parsing ${JSON.stringify(text)}: ${why}`);
  if (name === 'Int64') {
    if (!/^[+-]?\d+$/.test(text)) throw failure('invalid syntax');
    const n = BigInt(text);
    if (n < -(2n ** 63n) || n >= 2n ** 63n) throw failure('value out of range');
    return { kind: 'int', v: n };
  }
  const f = Number(text);
  if (!Number.isFinite(f)) throw failure('value out of range');
  return { kind: 'float64', v: f };
}
