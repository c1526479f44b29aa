/**
 * Calendar arithmetic on nanosecond timestamps (proleptic Gregorian, like Go's `time`), and time
 * zone offsets from the platform's IANA database (`Intl`).
 */

/** Wall-clock fields of an instant in some zone. */
export interface CivilTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanosecond: number;
  /** 0 = Sunday */
  weekday: number;
  /** 1–366 */
  yearDay: number;
  /** Seconds east of UTC. */
  offset: number;
  /** Zone abbreviation (only when asked for, else ''). */
  abbreviation: string;
}

const NS_PER_SECOND = 1_000_000_000n;
const SECONDS_PER_DAY = 86_400n;

/** Days since 1970-01-01 of a civil date (months and days may overflow, as in Go's `time.Date`). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y0 = year + Math.floor((month - 1) / 12);
  const m0 = (((month - 1) % 12) + 12) % 12;
  const y = m0 < 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (m0 + 10) % 12;
  const doy = Math.floor((153 * mp + 2) / 5);
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468 + (day - 1);
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Whether `year` is a leap year. */
export function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days in `month` of `year`. */
export function daysIn(month: number, year: number): number {
  return month === 2
    ? isLeap(year)
      ? 29
      : 28
    : ([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const OFFSET_CACHE_SIZE = 10_000;
const offsetCache = new Map<string, number>();

function formatter(zone: string, locale = 'en-US'): Intl.DateTimeFormat {
  const key = `${locale} ${zone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: zone === 'Local' ? undefined : zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
      timeZoneName: 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

/** The zone's abbreviation (`EST`, `CET`), or tzdata's numeric name (`+04`, `+0530`) when it has none. */
function abbreviationOf(zone: string, date: Date, offset: number, usName: string): string {
  const plain = (name: string) => /^[A-Z]{2,5}$/.test(name) && name !== 'GMT';
  if (plain(usName)) return usName;
  const gbName =
    formatter(zone, 'en-GB')
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (plain(gbName) || (gbName === 'GMT' && offset === 0)) return gbName;
  const abs = Math.abs(offset);
  const minutes = Math.floor(abs / 60) % 60;
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  return `${offset < 0 ? '-' : '+'}${hh}${minutes === 0 ? '' : String(minutes).padStart(2, '0')}`;
}

/** Whether the platform knows the zone (`UTC`, `Local` or an IANA name). */
export function isKnownZone(zone: string): boolean {
  if (zone === '' || zone === 'UTC' || zone === 'Local') return true;
  // Go finds zones by their file name, case-sensitively, and no zone's name is all lower case
  // (`utc`, `europe/paris` are unknown to OPA); the platform's lookup ignores case.
  if (/[a-z]/.test(zone) && zone === zone.toLowerCase()) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offset (seconds east of UTC) of `zone` at `unixSeconds`, and its abbreviation when asked for
 * (that costs a second lookup).
 */
export function zoneAt(
  zone: string,
  unixSeconds: number,
  named = false,
): { offset: number; abbreviation: string } {
  if (zone === '' || zone === 'UTC') return { offset: 0, abbreviation: 'UTC' };
  // Zone transitions fall on quarter hours, so the offset is constant within one.
  const key = `${zone} ${Math.floor(unixSeconds / 900)}`;
  if (!named) {
    const cached = offsetCache.get(key);
    if (cached !== undefined) return { offset: cached, abbreviation: '' };
  }
  const date = new Date(unixSeconds * 1000);
  const parts = formatter(zone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const bc = get('era') === 'BC';
  const year = bc ? 1 - Number(get('year')) : Number(get('year'));
  const wall =
    daysFromCivil(year, Number(get('month')), Number(get('day'))) * 86_400 +
    Number(get('hour')) * 3600 +
    Number(get('minute')) * 60 +
    Number(get('second'));
  const offset = wall - Math.floor(unixSeconds);
  if (offsetCache.size >= OFFSET_CACHE_SIZE) offsetCache.delete(offsetCache.keys().next().value as string);
  offsetCache.set(key, offset);
  return { offset, abbreviation: named ? abbreviationOf(zone, date, offset, get('timeZoneName')) : '' };
}

/**
 * Wall-clock fields of `ns` (nanoseconds since the epoch) in `zone`.
 * @param named also look up the zone abbreviation (default false: `abbreviation` is '')
 */
export function civilTime(ns: bigint, zone: string, named = false): CivilTime {
  const seconds = ns >= 0n ? ns / NS_PER_SECOND : -((-ns + NS_PER_SECOND - 1n) / NS_PER_SECOND);
  const nanosecond = Number(ns - seconds * NS_PER_SECOND);
  const { offset, abbreviation } = zoneAt(zone, Number(seconds), named);
  const local = seconds + BigInt(offset);
  const days = local >= 0n ? local / SECONDS_PER_DAY : -((-local + SECONDS_PER_DAY - 1n) / SECONDS_PER_DAY);
  const secOfDay = Number(local - days * SECONDS_PER_DAY);
  const { year, month, day } = civilFromDays(Number(days));
  return {
    year,
    month,
    day,
    hour: Math.floor(secOfDay / 3600),
    minute: Math.floor(secOfDay / 60) % 60,
    second: secOfDay % 60,
    nanosecond,
    weekday: (((Number(days) + 4) % 7) + 7) % 7,
    yearDay: Number(days) - daysFromCivil(year, 1, 1) + 1,
    offset,
    abbreviation,
  };
}

/**
 * The instant of a wall-clock time in `zone` (fields may overflow, as in Go's `time.Date`),
 * in nanoseconds since the epoch.
 */
export function instantOf(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  nanosecond: number,
): bigint {
  const wall =
    BigInt(daysFromCivil(year, month, day)) * SECONDS_PER_DAY + BigInt(hour * 3600 + minute * 60 + second);
  let offset = zoneAt(zone, Number(wall)).offset;
  if (offset !== 0) {
    const again = zoneAt(zone, Number(wall) - offset).offset;
    if (again !== offset) offset = again;
  }
  return (wall - BigInt(offset)) * NS_PER_SECOND + BigInt(nanosecond);
}
