/**
 * Go's reference-time layouts (`2006-01-02T15:04:05Z07:00`): splitting a layout into literal text
 * and elements exactly as Go's `nextStdChunk` does, and formatting a time with it.
 */
import type { CivilTime } from './civil-time.ts';

/** A layout element, named by its text in the reference time. */
export type LayoutElement =
  | { kind: 'literal'; text: string }
  | { kind: 'std'; text: string; code: StdCode; digits?: number };

/** Layout element codes. */
export type StdCode =
  | 'Jan'
  | 'January'
  | 'Mon'
  | 'Monday'
  | 'MST'
  | '1'
  | '01'
  | '2'
  | '_2'
  | '02'
  | '__2'
  | '002'
  | '15'
  | '3'
  | '03'
  | '4'
  | '04'
  | '5'
  | '05'
  | '06'
  | '2006'
  | 'PM'
  | 'pm'
  | '-070000'
  | '-07:00:00'
  | '-0700'
  | '-07:00'
  | '-07'
  | 'Z070000'
  | 'Z07:00:00'
  | 'Z0700'
  | 'Z07:00'
  | 'Z07'
  | '.000'
  | '.999';

const ZONES: StdCode[] = ['-070000', '-07:00:00', '-0700', '-07:00', '-07'];

/** The element starting at `rest`, following Go's `nextStdChunk`. */
function elementAt(rest: string): StdCode | undefined {
  const lowerNext = (n: number) => /^[a-z]/.test(rest.slice(n));
  switch (rest[0]) {
    case 'J':
      if (rest.startsWith('January')) return 'January';
      return rest.startsWith('Jan') && !lowerNext(3) ? 'Jan' : undefined;
    case 'M':
      if (rest.startsWith('Monday')) return 'Monday';
      if (rest.startsWith('Mon') && !lowerNext(3)) return 'Mon';
      return rest.startsWith('MST') ? 'MST' : undefined;
    case '0':
      if (/^0[1-6]/.test(rest)) return rest.slice(0, 2) as StdCode;
      return rest.startsWith('002') ? '002' : undefined;
    case '1':
      return rest.startsWith('15') ? '15' : '1';
    case '2':
      return rest.startsWith('2006') ? '2006' : '2';
    case '_':
      if (rest.startsWith('_2') && !rest.startsWith('_2006')) return '_2';
      return rest.startsWith('__2') ? '__2' : undefined;
    case '3':
    case '4':
    case '5':
      return rest[0] as StdCode;
    case 'P':
      return rest.startsWith('PM') ? 'PM' : undefined;
    case 'p':
      return rest.startsWith('pm') ? 'pm' : undefined;
    case '-':
      return ZONES.find((z) => rest.startsWith(z));
    case 'Z':
      return ZONES.map((z) => `Z${z.slice(1)}` as StdCode).find((z) => rest.startsWith(z));
    default:
      return undefined;
  }
}

const LAYOUT_CACHE_SIZE = 200;
const layouts = new Map<string, readonly LayoutElement[]>();

/** Splits a layout into literal text and elements (cached). */
export function parseLayout(layout: string): readonly LayoutElement[] {
  let elements = layouts.get(layout);
  if (!elements) {
    elements = splitLayout(layout);
    if (layouts.size >= LAYOUT_CACHE_SIZE) layouts.delete(layouts.keys().next().value as string);
    layouts.set(layout, elements);
  }
  return elements;
}

function splitLayout(layout: string): LayoutElement[] {
  const out: LayoutElement[] = [];
  let literal = '';
  for (let i = 0; i < layout.length; ) {
    const rest = layout.slice(i);
    const frac = /^[.,](0+|9+)(?![0-9])/.exec(rest);
    const code = frac ? undefined : elementAt(rest);
    if (!frac && !code) {
      literal += layout[i];
      i++;
      continue;
    }
    if (literal !== '') out.push({ kind: 'literal', text: literal });
    literal = '';
    if (frac) {
      const digits = (frac[1] as string).length;
      out.push({ kind: 'std', text: frac[0], code: frac[1]?.startsWith('0') ? '.000' : '.999', digits });
      i += frac[0].length;
    } else {
      out.push({ kind: 'std', text: code as string, code: code as StdCode });
      i += (code as string).length;
    }
  }
  if (literal !== '') out.push({ kind: 'literal', text: literal });
  return out;
}

/** English names as Go prints them. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** English weekday names, Sunday first. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function zeroPad(n: number, width: number): string {
  const s = String(Math.abs(n)).padStart(width, '0');
  return n < 0 ? `-${s}` : s;
}

function formatOffset(offset: number, code: StdCode): string {
  if (code.startsWith('Z') && offset === 0) return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = zeroPad(Math.floor(abs / 3600), 2);
  const mm = zeroPad(Math.floor(abs / 60) % 60, 2);
  const ss = zeroPad(abs % 60, 2);
  const shape = code.slice(1);
  if (shape === '07') return sign + hh;
  if (shape === '0700') return sign + hh + mm;
  if (shape === '07:00') return `${sign}${hh}:${mm}`;
  if (shape === '070000') return sign + hh + mm + ss;
  return `${sign}${hh}:${mm}:${ss}`;
}

function formatElement(e: Extract<LayoutElement, { kind: 'std' }>, t: CivilTime): string {
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  switch (e.code) {
    case 'Jan':
      return (MONTHS[t.month - 1] as string).slice(0, 3);
    case 'January':
      return MONTHS[t.month - 1] as string;
    case 'Mon':
      return (WEEKDAYS[t.weekday] as string).slice(0, 3);
    case 'Monday':
      return WEEKDAYS[t.weekday] as string;
    case 'MST':
      return t.abbreviation !== '' ? t.abbreviation : formatOffset(t.offset, '-0700');
    case '1':
      return String(t.month);
    case '01':
      return zeroPad(t.month, 2);
    case '2':
      return String(t.day);
    case '_2':
      return String(t.day).padStart(2, ' ');
    case '02':
      return zeroPad(t.day, 2);
    case '__2':
      return String(t.yearDay).padStart(3, ' ');
    case '002':
      return zeroPad(t.yearDay, 3);
    case '15':
      return zeroPad(t.hour, 2);
    case '3':
      return String(hour12);
    case '03':
      return zeroPad(hour12, 2);
    case '4':
      return String(t.minute);
    case '04':
      return zeroPad(t.minute, 2);
    case '5':
      return String(t.second);
    case '05':
      return zeroPad(t.second, 2);
    case '06':
      return zeroPad(((t.year % 100) + 100) % 100, 2);
    case '2006':
      return zeroPad(t.year, 4);
    case 'PM':
      return t.hour >= 12 ? 'PM' : 'AM';
    case 'pm':
      return t.hour >= 12 ? 'pm' : 'am';
    case '.000':
    case '.999': {
      const digits = String(t.nanosecond).padStart(9, '0').slice(0, e.digits);
      if (e.code === '.000') return e.text[0] + digits;
      const trimmed = digits.replace(/0+$/, '');
      return trimmed === '' ? '' : e.text[0] + trimmed;
    }
    default:
      return formatOffset(t.offset, e.code);
  }
}

/** Formats a time with a Go layout. */
export function formatTime(t: CivilTime, layout: string): string {
  return parseLayout(layout)
    .map((e) => (e.kind === 'literal' ? e.text : formatElement(e, t)))
    .join('');
}
