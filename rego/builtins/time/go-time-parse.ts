/**
 * Go's `time.Parse(layout, value)`: the result in nanoseconds since the epoch, and Go's error
 * texts (`parsing time "x" as "2006-01-02": cannot parse "x" as "2006"`).
 */

import { goQuote } from '../rego-text.ts';
import { daysFromCivil, daysIn, instantOf } from './civil-time.ts';
import {
  Bad,
  fraction,
  lookupName,
  num,
  skipLiteral,
  ZONE_PATTERNS,
  zoneNameLength,
} from './go-time-fields.ts';
import { type LayoutElement, MONTHS, parseLayout, WEEKDAYS } from './go-time-layout.ts';

/** A parse failure with Go's message. */
export class TimeParseError extends Error {
  override readonly name = 'TimeParseError';
}

/** Parses `value` with a Go layout; returns nanoseconds since the epoch. */
export function parseTime(layout: string, value: string): bigint {
  const elements = parseLayout(layout);
  const f = { year: 0, month: -1, day: -1, yday: -1, hour: 0, min: 0, sec: 0, nsec: 0, pm: false, am: false };
  let zoneOffset: number | undefined;
  let v = value;
  const fail = (rest: string, elem: string): never => {
    throw new TimeParseError(
      `parsing time ${goQuote(value)} as ${goQuote(layout)}: cannot parse ${goQuote(rest)} as ${goQuote(elem)}`,
    );
  };
  const range = (what: string): never => {
    throw new TimeParseError(`parsing time ${goQuote(value)}: ${what} out of range`);
  };
  for (let k = 0; k < elements.length; k++) {
    const e = elements[k] as LayoutElement;
    const hold = v;
    try {
      if (e.kind === 'literal') {
        v = skipLiteral(v, e.text);
        continue;
      }
      switch (e.code) {
        case '2006':
          if (!/^\d{4}/.test(v)) throw new Bad();
          f.year = Number(v.slice(0, 4));
          v = v.slice(4);
          break;
        case '06': {
          const [y, r] = num(v, true);
          f.year = y >= 69 ? 1900 + y : 2000 + y;
          v = r;
          break;
        }
        case 'Jan':
        case 'January': {
          const names = e.code === 'Jan' ? MONTHS.map((m) => m.slice(0, 3)) : MONTHS;
          const [i, r] = lookupName(v, names);
          f.month = i + 1;
          v = r;
          break;
        }
        case 'Mon':
        case 'Monday':
          v = lookupName(v, e.code === 'Mon' ? WEEKDAYS.map((d) => d.slice(0, 3)) : WEEKDAYS)[1];
          break;
        case '1':
        case '01':
          [f.month, v] = num(v, e.code === '01');
          if (f.month < 1 || f.month > 12) range('month');
          break;
        case '2':
        case '_2':
        case '02':
          if (e.code === '_2' && v[0] === ' ') v = v.slice(1);
          [f.day, v] = num(v, e.code === '02');
          break;
        case '__2':
        case '002': {
          if (e.code === '__2') v = v.replace(/^ {1,2}/, '');
          const m = (e.code === '002' ? /^\d{3}/ : /^\d{1,3}/).exec(v);
          if (!m) throw new Bad();
          f.yday = Number(m[0]);
          v = v.slice(m[0].length);
          if (f.yday < 1 || f.yday > 366) range('day-of-year');
          break;
        }
        case '15':
          [f.hour, v] = num(v, false);
          if (f.hour > 23) range('hour');
          break;
        case '3':
        case '03':
          [f.hour, v] = num(v, e.code === '03');
          if (f.hour > 12) range('hour');
          break;
        case '4':
        case '04':
          [f.min, v] = num(v, e.code === '04');
          if (f.min > 59) range('minute');
          break;
        case '5':
        case '05': {
          [f.sec, v] = num(v, e.code === '05');
          if (f.sec > 59) range('second');
          const next = elements[k + 1];
          const layoutHasFraction = next?.kind === 'std' && (next.code === '.000' || next.code === '.999');
          const m = /^[.,]\d+/.exec(v);
          if (m && !layoutHasFraction) {
            f.nsec = fraction(v, m[0].length);
            v = v.slice(m[0].length);
          }
          break;
        }
        case 'PM':
        case 'pm': {
          const word = v.slice(0, 2);
          const [am, pm] = e.code === 'PM' ? ['AM', 'PM'] : ['am', 'pm'];
          if (word === pm) f.pm = true;
          else if (word === am) f.am = true;
          else throw new Bad();
          v = v.slice(2);
          break;
        }
        case '.000':
          if (v.length < 1 + (e.digits ?? 0)) throw new Bad();
          f.nsec = fraction(v, 1 + (e.digits ?? 0));
          v = v.slice(1 + (e.digits ?? 0));
          break;
        case '.999': {
          const m = /^[.,]\d+/.exec(v);
          if (m) {
            f.nsec = fraction(v, m[0].length);
            v = v.slice(m[0].length);
          }
          break;
        }
        case 'MST': {
          if (v.startsWith('UTC')) {
            zoneOffset = 0;
            v = v.slice(3);
            break;
          }
          const n = zoneNameLength(v);
          if (n === 0) throw new Bad();
          const name = v.slice(0, n);
          const gmt = /^GMT([+-]\d+)$/.exec(name);
          zoneOffset = gmt ? Number(gmt[1]) * 3600 : /^[+-]\d\d$/.test(name) ? Number(name) * 3600 : 0;
          v = v.slice(n);
          break;
        }
        default: {
          if (e.code.startsWith('Z') && v[0] === 'Z') {
            zoneOffset = 0;
            v = v.slice(1);
            break;
          }
          const m = ZONE_PATTERNS[e.code.slice(1)]?.exec(v);
          if (!m) throw new Bad();
          const [hh, mm, ss] = [m[1], m[2], m[3]].map((x) => Number(x ?? '0')) as [number, number, number];
          if (hh > 24) range('time zone offset hour');
          if (mm > 60) range('time zone offset minute');
          if (ss > 60) range('time zone offset second');
          zoneOffset = (v[0] === '-' ? -1 : 1) * (hh * 3600 + mm * 60 + ss);
          v = v.slice(m[0].length);
        }
      }
    } catch (err) {
      if (err instanceof Bad) fail(hold, e.text);
      throw err;
    }
  }
  if (v !== '') throw new TimeParseError(`parsing time ${goQuote(value)}: extra text: ${goQuote(v)}`);
  if (f.pm && f.hour < 12) f.hour += 12;
  else if (f.am && f.hour === 12) f.hour = 0;
  if (f.yday >= 0) {
    const days = daysFromCivil(f.year, 1, 1) + f.yday - 1;
    const jan1 = daysFromCivil(f.year, 1, 1);
    if (f.yday > 365 + (daysIn(2, f.year) === 29 ? 1 : 0)) range('day-of-year');
    let m = 1;
    while (days - jan1 >= daysFromCivil(f.year, m + 1, 1) - jan1) m++;
    const d = days - daysFromCivil(f.year, m, 1) + 1;
    if ((f.month >= 0 && f.month !== m) || (f.day >= 0 && f.day !== d)) {
      throw new TimeParseError(`parsing time ${goQuote(value)}: day-of-year does not match month`);
    }
    f.month = m;
    f.day = d;
  }
  if (f.month < 0) f.month = 1;
  if (f.day < 0) f.day = 1;
  if (f.day < 1 || f.day > daysIn(f.month, f.year)) range('day');
  const utc = instantOf('UTC', f.year, f.month, f.day, f.hour, f.min, f.sec, f.nsec);
  return utc - BigInt(zoneOffset ?? 0) * 1_000_000_000n;
}
