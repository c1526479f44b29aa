/** Go's `time.ParseDuration` (`1h30m`, `1.5s`, `-250ms`, `0`), exact to the nanosecond. */
import { goQuote } from '../rego-text.ts';

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const MAX = 2n ** 63n;

/** A duration that Go rejects, with Go's message. */
export class DurationError extends Error {
  override readonly name = 'DurationError';
}

/** Parses a Go duration string into nanoseconds. */
export function parseDuration(text: string): bigint {
  const invalid = () => new DurationError(`time: invalid duration ${goQuote(text)}`);
  let s = text;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') throw invalid();
  let total = 0n;
  while (s !== '') {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s) as RegExpExecArray;
    const whole = m[1] as string;
    const frac = m[2];
    if (whole === '' && (frac === undefined || frac === '')) throw invalid();
    s = s.slice(m[0].length);
    const unitText = (/^[^0-9.]*/.exec(s) as RegExpExecArray)[0];
    if (unitText === '') throw new DurationError(`time: missing unit in duration ${goQuote(text)}`);
    const unit = UNITS[unitText];
    if (unit === undefined) {
      throw new DurationError(`time: unknown unit ${goQuote(unitText)} in duration ${goQuote(text)}`);
    }
    s = s.slice(unitText.length);
    let v = whole === '' ? 0n : BigInt(whole);
    if (v > MAX / unit) throw invalid();
    v *= unit;
    if (frac) v += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    total += v;
    if (total > MAX) throw invalid();
  }
  if (!negative && total > MAX - 1n) throw invalid();
  return negative ? -total : total;
}
