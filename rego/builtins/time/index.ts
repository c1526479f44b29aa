/**
 * @module rego/builtins/time
 * The time built-ins (`time.*`): Go's time layouts, parsing and durations over a civil calendar.
 */
export { timeBuiltins } from './builtins.ts';
export { DurationError, parseDuration } from './duration.ts';
export { parseTime } from './go-time-parse.ts';
