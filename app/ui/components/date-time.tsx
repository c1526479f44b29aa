/**
 * A point in time as people read it (UTC, so every reader sees the same text), machine-readable
 * in `datetime`.
 */

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** `<time>` for `date`. */
export function DateTime({ date }: { readonly date: Date }) {
  return <time datetime={date.toISOString()}>{`${FORMAT.format(date)} UTC`}</time>;
}
