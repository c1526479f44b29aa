/**
 * Time built-ins on nanosecond timestamps: `time.now_ns` (from the evaluation's clock),
 * `time.parse_ns`, `time.parse_rfc3339_ns`, `time.parse_duration_ns`, `time.date`, `time.clock`,
 * `time.weekday`, `time.add_date`, `time.diff`, `time.format`. Zones are IANA names, `UTC`
 * (default) or `Local`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { isDecimal, isNumber, normalizeNumber, type Value } from '../../value/index.ts';
import { arg, builtinError, defineFunction, intArg, stringArg, typeError } from '../operands.ts';
import { type CivilTime, civilTime, daysIn, instantOf, isKnownZone } from './civil-time.ts';
import { DurationError, parseDuration } from './duration.ts';
import { formatTime, WEEKDAYS } from './go-time-layout.ts';
import { parseTime, TimeParseError } from './go-time-parse.ts';

const MIN_NS = -(2n ** 63n);
const MAX_NS = 2n ** 63n - 1n;
const TZ_EXPECTED = 'either number (ns) or [number (ns), string (tz)]';
const RFC3339 = '2006-01-02T15:04:05Z07:00';
const RFC3339_NANO = '2006-01-02T15:04:05.999999999Z07:00';

/**
 * The named layouts OPA accepts in `time.format` and `time.parse_ns` (Go's constants up to
 * `RFC3339Nano`; OPA passes other names, `Kitchen` included, through as literal layouts).
 */
const NAMED_LAYOUTS = new Map<string, string>(
  Object.entries({
    ANSIC: 'Mon Jan _2 15:04:05 2006',
    UnixDate: 'Mon Jan _2 15:04:05 MST 2006',
    RubyDate: 'Mon Jan 02 15:04:05 -0700 2006',
    RFC822: '02 Jan 06 15:04 MST',
    RFC822Z: '02 Jan 06 15:04 -0700',
    RFC850: 'Monday, 02-Jan-06 15:04:05 MST',
    RFC1123: 'Mon, 02 Jan 2006 15:04:05 MST',
    RFC1123Z: 'Mon, 02 Jan 2006 15:04:05 -0700',
    RFC3339,
    RFC3339Nano: RFC3339_NANO,
  }),
);

/** A timestamp with its zone and (for `time.format`) layout. */
interface ZonedTime {
  ns: bigint;
  zone: string;
  layout: string;
}

function safeNs(name: string, ns: bigint): Value {
  if (ns < MIN_NS || ns > MAX_NS) throw builtinError(name, 'time outside of valid range');
  return normalizeNumber(ns);
}

/** Reads `ns`, `[ns]`, `[ns, tz]` or `[ns, tz, layout]` (OPA's `tzTime`). */
function zonedTime(name: string, v: Value): ZonedTime {
  let nsValue: Value = v;
  let zone = 'UTC';
  let layout = '';
  if (Array.isArray(v)) {
    if (v.length === 0) throw typeError(name, 1, v, TZ_EXPECTED);
    nsValue = v[0] as Value;
    if (!isNumber(nsValue)) throw typeError(name, 1, nsValue, 'number');
    if (v.length > 1) {
      const tz = v[1] as Value;
      if (typeof tz !== 'string') throw typeError(name, 1, tz, 'string');
      if (!isKnownZone(tz)) throw builtinError(name, `unknown time zone ${tz}`);
      zone = tz === '' ? 'UTC' : tz;
    }
    if (v.length > 2) {
      const l = v[2] as Value;
      if (typeof l !== 'string') throw typeError(name, 1, l, 'string');
      layout = NAMED_LAYOUTS.get(l) ?? l;
    }
  } else if (!isNumber(v)) throw typeError(name, 1, v, TZ_EXPECTED);
  // OPA reads the number's value (`1e10` is a time), not its text.
  const n = isDecimal(nsValue) ? nsValue.value : (nsValue as number | bigint);
  if (typeof n === 'number' && !Number.isInteger(n)) throw builtinError(name, 'timestamp too big');
  const ns = BigInt(n);
  if (ns < MIN_NS || ns > MAX_NS) throw builtinError(name, 'timestamp too big');
  return { ns, zone, layout };
}

function civil(name: string, args: readonly Value[], i = 0): CivilTime & { zone: string; ns: bigint } {
  const t = zonedTime(name, arg(args, i));
  return { ...civilTime(t.ns, t.zone), zone: t.zone, ns: t.ns };
}

function diff(args: readonly Value[]): Value {
  let a = civil('time.diff', args, 0);
  const bz = zonedTime('time.diff', arg(args, 1));
  let b = { ...civilTime(bz.ns, a.zone), ns: bz.ns };
  if (a.ns > b.ns) [a, b] = [{ ...b, zone: a.zone }, a];
  let year = b.year - a.year;
  let month = b.month - a.month;
  let day = b.day - a.day;
  let hour = b.hour - a.hour;
  let minute = b.minute - a.minute;
  let second = b.second - a.second;
  if (second < 0) [second, minute] = [second + 60, minute - 1];
  if (minute < 0) [minute, hour] = [minute + 60, hour - 1];
  if (hour < 0) [hour, day] = [hour + 24, day - 1];
  if (day < 0) [day, month] = [day + daysIn(a.month, a.year), month - 1];
  if (month < 0) [month, year] = [month + 12, year - 1];
  return [year, month, day, hour, minute, second];
}

function parseWith(name: string, layout: string, text: string): Value {
  try {
    return safeNs(name, parseTime(layout, text));
  } catch (e) {
    if (e instanceof TimeParseError) throw builtinError(name, e.message, e);
    throw e;
  }
}

/** Time built-ins. */
export const timeBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('time.now_ns', 0, (_args, ctx) => normalizeNumber(ctx.nowNs)),
  defineFunction('time.parse_ns', 2, (args) => {
    const layout = stringArg('time.parse_ns', args, 0);
    return parseWith(
      'time.parse_ns',
      NAMED_LAYOUTS.get(layout) ?? layout,
      stringArg('time.parse_ns', args, 1),
    );
  }),
  defineFunction('time.parse_rfc3339_ns', 1, (args) =>
    parseWith('time.parse_rfc3339_ns', RFC3339, stringArg('time.parse_rfc3339_ns', args, 0)),
  ),
  defineFunction('time.parse_duration_ns', 1, (args) => {
    const text = stringArg('time.parse_duration_ns', args, 0);
    try {
      return normalizeNumber(parseDuration(text));
    } catch (e) {
      if (e instanceof DurationError) throw builtinError('time.parse_duration_ns', e.message, e);
      throw e;
    }
  }),
  defineFunction('time.date', 1, (args) => {
    const t = civil('time.date', args);
    return [t.year, t.month, t.day];
  }),
  defineFunction('time.clock', 1, (args) => {
    const t = civil('time.clock', args);
    return [t.hour, t.minute, t.second];
  }),
  defineFunction('time.weekday', 1, (args) => WEEKDAYS[civil('time.weekday', args).weekday] as string),
  defineFunction('time.add_date', 4, (args) => {
    const t = civil('time.add_date', args);
    const years = intArg('time.add_date', args, 1);
    const months = intArg('time.add_date', args, 2);
    const days = intArg('time.add_date', args, 3);
    // Far beyond the int64 range either way; keeps the calendar arithmetic in safe numbers.
    if (Math.abs(years) > 1e5 || Math.abs(months) > 1.2e6 || Math.abs(days) > 4e7) {
      throw builtinError('time.add_date', 'time outside of valid range');
    }
    const ns = instantOf(
      t.zone,
      t.year + years,
      t.month + months,
      t.day + days,
      t.hour,
      t.minute,
      t.second,
      t.nanosecond,
    );
    return safeNs('time.add_date', ns);
  }),
  defineFunction('time.diff', 2, diff),
  defineFunction('time.format', 1, (args) => {
    const t = zonedTime('time.format', arg(args, 0));
    return formatTime(civilTime(t.ns, t.zone, true), t.layout === '' ? RFC3339_NANO : t.layout);
  }),
];
