/**
 * `time.parse_duration_ns` as OPA v1.22 has it: Go durations plus days (`d`, 24h), weeks (`w`,
 * 168h) and years (`y`, 365 days). A duration using them is read segment by segment, each
 * extended segment rewritten to hours, and the result read as a Go duration.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { normalizeNumber } from '../../value/index.ts';
import { builtinError, defineFunction, stringArg } from '../operands.ts';
import { goQuote } from '../rego-text.ts';
import { DurationError, parseDuration } from '../time/index.ts';

/** Hours in one of the extended units. */
const HOURS: Record<string, number> = { d: 24, w: 7 * 24, y: 365 * 24 };

/** The grammar OPA reads extended durations with: a sign, then number-unit segments. */
const EXTENDED = /^([-+]?)((?:[0-9.]+(?:ms|us|µs|ns|[a-z]))+)$/;
const SEGMENT = /([0-9.]+)(ms|us|µs|ns|[a-z])/g;

/** Go's `strconv.FormatFloat(x, 'f', -1, 64)`: the shortest digits, never an exponent. */
function plainDecimal(x: number): string {
  const [mantissa = '', exponent] = x.toString().split('e');
  if (exponent === undefined) return mantissa;
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return digits.padEnd(point, '0');
}

/** Nanoseconds of `text`, a Go duration that may use `d`, `w` and `y`. */
export function parseExtendedDuration(text: string): bigint {
  const invalid = () => new DurationError(`time: invalid duration ${goQuote(text)}`);
  if (text === '') throw invalid();
  if (!/[dwy]/.test(text)) return parseDuration(text);
  const m = EXTENDED.exec(text);
  if (!m) throw invalid();
  let rewritten = m[1] as string;
  for (const [, digits = '', unit = ''] of (m[2] as string).matchAll(SEGMENT)) {
    const hours = HOURS[unit];
    if (hours === undefined) {
      rewritten += digits + unit;
      continue;
    }
    const value = /^\d*\.?\d*$/.test(digits) && digits !== '.' ? Number(digits) : Number.NaN;
    if (Number.isNaN(value)) throw invalid();
    rewritten += `${plainDecimal(value * hours)}h`;
  }
  try {
    return parseDuration(rewritten);
  } catch (e) {
    if (!(e instanceof DurationError)) throw e;
    // OPA names the duration the policy wrote, not the rewritten one.
    throw new DurationError(`${e.message.slice(0, e.message.lastIndexOf(' '))} ${goQuote(text)}`);
  }
}

/** The `time.parse_duration_ns` built-in of OPA v1.22. */
export const extendedDurationBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('time.parse_duration_ns', 1, (args) => {
    const text = stringArg('time.parse_duration_ns', args, 0);
    try {
      return normalizeNumber(parseExtendedDuration(text));
    } catch (e) {
      if (e instanceof DurationError) throw builtinError('time.parse_duration_ns', e.message, e);
      throw e;
    }
  }),
];
