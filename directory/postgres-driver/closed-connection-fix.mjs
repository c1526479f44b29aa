// Gatehouse's fix of the `postgres` driver 3.4.9 (the newest release), which loses a connection
// under its user (its issues #1066, #1154, #1208). Four edits of `src/connection.js`:
//  1. closed(): forget the pending write (`chunk`, `nextWriteTimer`) with the socket. Without it a
//     reconnected connection never flushes its start-up message again and hangs.
//  2. execute(): a query sent on a connection whose socket is gone (a transaction or reserved
//     connection that closed under its user) is rejected with CONNECTION_CLOSED instead of being
//     written to nowhere.
//  3. nextWrite(): never write to a socket that is gone. Without 1–3 a `setImmediate` calls
//     `null.write` and the uncaught TypeError ends the process.
//  4. closed(): reject the queries still waiting for an answer also when the socket closed after
//     an error (they were sent between the error and the close; unanswered, they hang forever).

/** The release of `postgres` the edits are written for. */
export const DRIVER_VERSION = '3.4.9';

/** Marks each edited line (in the edited source; bundling drops comments). */
export const FIX_MARKER = '/* gatehouse: closed-connection fix */';

/** Pairs of a pattern of the release's source and its replacement. */
export const CLOSED_CONNECTION_FIX = [
  [
    /(async function closed\(hadError\) \{\n(?: {4}.*\n){3} {4}clearImmediate\(nextWriteTimer\))\n/,
    `$1\n    chunk = nextWriteTimer = null ${FIX_MARKER}\n`,
  ],
  [
    /( {2}function execute\(q\) \{\n {4}if \(terminated\)\n {6}return queryError\(q, Errors\.connection\('CONNECTION_DESTROYED', options\)\)\n)/,
    `$1\n    if (!socket) ${FIX_MARKER}\n      return queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true\n`,
  ],
  [
    /( {2}function nextWrite\(fn\) \{\n)/,
    `$1    if (!socket) ${FIX_MARKER}\n      return chunk = nextWriteTimer = null, false\n`,
  ],
  [
    / {4}!hadError && \(query \|\| sent\.length\) && error\(/,
    `    ${FIX_MARKER}\n    ;(query || sent.length) && error(`,
  ],
];
