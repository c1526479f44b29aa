/** Field readers of Go's `time.Parse`: numbers, names, zone abbreviations, fractions. */

/** A value that does not fit the layout element being parsed. */
export class Bad extends Error {}

/** Numeric zone offsets by layout shape (`-07:00` → `07:00`). */
export const ZONE_PATTERNS: Record<string, RegExp> = {
  '07': /^[+-](\d\d)/,
  '0700': /^[+-](\d\d)(\d\d)/,
  '07:00': /^[+-](\d\d):(\d\d)/,
  '070000': /^[+-](\d\d)(\d\d)(\d\d)/,
  '07:00:00': /^[+-](\d\d):(\d\d):(\d\d)/,
};

/** One or two digits (exactly two when `fixed`), like Go's `getnum`. */
export function num(v: string, fixed: boolean): [number, string] {
  if (!/^\d/.test(v)) throw new Bad();
  if (!/^\d\d/.test(v)) {
    if (fixed) throw new Bad();
    return [Number(v[0]), v.slice(1)];
  }
  return [Number(v.slice(0, 2)), v.slice(2)];
}

/** A name from `names` (case-insensitive), like Go's `lookup`. */
export function lookupName(v: string, names: readonly string[]): [number, string] {
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (v.length >= name.length && v.slice(0, name.length).toLowerCase() === name.toLowerCase()) {
      return [i, v.slice(name.length)];
    }
  }
  throw new Bad();
}

/** Length of a zone abbreviation at the start of `v` (Go's `parseTimeZone`), or 0. */
export function zoneNameLength(v: string): number {
  if (v.length < 3) return 0;
  if (v.startsWith('ChST') || v.startsWith('MeST')) return 4;
  if (v.startsWith('GMT')) {
    const m = /^GMT([+-]\d{1,2})?/.exec(v) as RegExpExecArray;
    return m[1] && Math.abs(Number(m[1])) <= 23 ? m[0].length : 3;
  }
  if (v[0] === '+' || v[0] === '-') return /^[+-]\d\d(?!\d)/.test(v) ? 3 : 0;
  const upper = (/^[A-Z]{0,6}/.exec(v) as RegExpExecArray)[0].length;
  if (upper === 3) return 3;
  if (upper === 4 && (v[3] === 'T' || v.startsWith('WITA'))) return 4;
  if (upper === 5 && v[4] === 'T') return 5;
  return 0;
}

/** Consumes layout text; a space matches one or more spaces (Go's `skip`). */
export function skipLiteral(value: string, prefix: string): string {
  let v = value;
  let p = prefix;
  while (p.length > 0) {
    if (p[0] === ' ') {
      if (v.length > 0 && v[0] !== ' ') throw new Bad();
      p = p.replace(/^ +/, '');
      v = v.replace(/^ +/, '');
      continue;
    }
    if (v.length === 0 || v[0] !== p[0]) throw new Bad();
    p = p.slice(1);
    v = v.slice(1);
  }
  return v;
}

/** Nanoseconds of a `.123` fraction of `n` characters (point included). */
export function fraction(v: string, n: number): number {
  if (v[0] !== '.' && v[0] !== ',') throw new Bad();
  const digits = v.slice(1, Math.min(n, 10));
  if (!/^\d+$/.test(digits)) throw new Bad();
  return Number(digits.padEnd(9, '0'));
}
