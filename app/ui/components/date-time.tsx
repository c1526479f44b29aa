/**
 * A point in time as people read it: in words ("2 hours ago"), with the exact time in UTC in the
 * title (so every reader sees the same exact text) and machine-readable in `datetime`.
 */
import { timeInWords } from '../time-in-words.ts';

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** `<time>` for `date`; `now` (default: the time of rendering) is what "ago" is measured from. */
export function DateTime({ date, now = new Date() }: { readonly date: Date; readonly now?: Date }) {
  return (
    <time datetime={date.toISOString()} title={`${FORMAT.format(date)} UTC`}>
      {timeInWords(date, now)}
    </time>
  );
}
