/**
 * How long ago something happened, as people say it: "just now", "5 minutes ago", "2 hours ago",
 * "3 days ago", and past a week the date itself.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * `date` in words, seen at `now`.
 *
 * @example
 * timeInWords(new Date('2026-11-24T10:00Z'), new Date('2026-11-24T12:10Z')); // '2 hours ago'
 */
export function timeInWords(date: Date, now: Date): string {
  // A time slightly ahead (another server's clock) is still "just now".
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return count(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return count(Math.floor(elapsed / DAY), 'day');
  return `on ${DATE.format(date)}`;
}
