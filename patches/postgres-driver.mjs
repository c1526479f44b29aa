// Fixes the `postgres` driver 3.4.9 (the newest release) where it loses a connection under its
// user (its issues #1066, #1154, #1208), run by `postinstall`. Three edits in each of its builds:
//  1. closed(): forget the pending write (`chunk`, `nextWriteTimer`) with the socket. Without it a
//     reconnected connection never flushes its start-up message again and hangs.
//  2. execute(): a query sent on a connection whose socket is gone (a transaction or reserved
//     connection that closed under its user) is rejected with CONNECTION_CLOSED instead of being
//     written to nowhere.
//  3. nextWrite(): never write to a socket that is gone. Without 1–3 a `setImmediate` calls
//     `null.write` and the uncaught TypeError ends the process.
//  4. closed(): reject the queries still waiting for an answer also when the socket closed after
//     an error (they were sent between the error and the close; unanswered, they hang forever).
// Idempotent; any other version, or a file that does not match, stops the install with a message.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const MARKER = '/* gatehouse: closed-connection fix */';
const VERSION = '3.4.9';

const edits = [
  [
    /(async function closed\(hadError\) \{\n(?: {4}.*\n){3} {4}clearImmediate\(nextWriteTimer\))\n/,
    `$1\n    chunk = nextWriteTimer = null ${MARKER}\n`,
  ],
  [
    /( {2}function execute\(q\) \{\n {4}if \(terminated\)\n {6}return queryError\(q, Errors\.connection\('CONNECTION_DESTROYED', options\)\)\n)/,
    `$1\n    if (!socket) ${MARKER}\n      return queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true\n`,
  ],
  [
    /( {2}function nextWrite\(fn\) \{\n)/,
    `$1    if (!socket) ${MARKER}\n      return chunk = nextWriteTimer = null, false\n`,
  ],
  [
    / {4}!hadError && \(query \|\| sent\.length\) && error\(/,
    `    ${MARKER}\n    ;(query || sent.length) && error(`,
  ],
];

const require = createRequire(import.meta.url);
// The package exports no package.json: its CommonJS entry is <root>/cjs/src/index.js.
const root = path.resolve(path.dirname(require.resolve('postgres')), '../..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
if (version !== VERSION) {
  console.error(
    `patches/postgres-driver.mjs: postgres ${version} installed, the fix is for ${VERSION}: check it is still needed and update the fix`,
  );
  process.exit(1);
}
for (const build of ['src', 'cjs/src', 'cf/src']) {
  const file = path.join(root, build, 'connection.js');
  let text = readFileSync(file, 'utf8');
  if (text.includes(MARKER)) continue;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(text)) {
      console.error(`patches/postgres-driver.mjs: ${file} does not match the expected source; not patched`);
      process.exit(1);
    }
    text = text.replace(pattern, replacement);
  }
  writeFileSync(file, text);
}
