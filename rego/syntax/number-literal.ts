/**
 * Number literals as OPA reads them: no leading zero, integers exact at any size, decimals a
 * double only when it holds them exactly, and the literal's text kept where OPA's differs from
 * the value's.
 */
import { RegoError } from '../errors.ts';
import { numberText, parseNumber } from '../value/index.ts';
import type { Term } from './ast.ts';
import type { ParserState } from './parser-state.ts';

const INTEGER_TEXT = /^-?\d+$/;

/**
 * A number literal; its text is kept beside the value when OPA's text of it differs from the
 * value's own (`1.0`, `1e2`, `2.50` are floats written as such).
 * @throws {RegoError} a parse error for a leading zero or a number too big, and
 *   `rego_unsupported_error` for a decimal no double holds exactly
 */
export function numberTerm(p: ParserState, text: string, loc: Term['loc']): Term {
  const value = numberValue(p, text, loc);
  if (!INTEGER_TEXT.test(text) && numberText(value) !== text) return { type: 'scalar', value, text, loc };
  return { type: 'scalar', value, loc };
}

function numberValue(p: ParserState, text: string, loc: Term['loc']): number | bigint {
  const digits = text.replace(/^-/, '');
  if (/^0\d/.test(digits)) p.fail(loc, 'expected number without leading zero');
  const n = parseNumber(text);
  if (n === undefined) p.fail(loc, `number too big: ${text.slice(0, 40)}`);
  if (typeof n === 'number' && !Number.isInteger(n) && !exactFloat(text, n)) {
    throw new RegoError(
      'rego_unsupported_error',
      `number ${text.slice(0, 40)} cannot be represented without losing precision`,
      loc,
    );
  }
  return n;
}

/** Significant decimal digits of a number literal. */
function significand(text: string): string {
  const m = /^-?(\d*)(?:\.(\d*))?/.exec(text);
  return `${m?.[1] ?? ''}${m?.[2] ?? ''}`.replace(/^0+/, '').replace(/0+$/, '');
}

/** Whether the float `n` read from `text` denotes exactly the decimal written (as OPA keeps it). */
function exactFloat(text: string, n: number): boolean {
  const digits = significand(text.replace(/[eE].*$/, ''));
  if (digits.length <= 15) return true;
  if (digits.length > 100) return false;
  return (
    significand(
      Math.abs(n)
        .toPrecision(digits.length)
        .replace(/[eE].*$/, ''),
    ) === digits
  );
}
