/**
 * Whether the installed `postgres` driver carries the fix that `patches/postgres-driver.mjs`
 * applies at `npm install` (without it, a database restart under load ends the process).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseError } from './database-error.ts';

const MARKER = '/* gatehouse: closed-connection fix */';

/**
 * Throws unless the driver that `import 'postgres'` loads is fixed.
 *
 * @throws {DatabaseError} `driver_unfixed`, saying to run `npm run postinstall`
 */
export function assertDriverFixed(): void {
  const entry = fileURLToPath(import.meta.resolve('postgres'));
  const connection = path.join(path.dirname(entry), 'connection.js');
  if (!readFileSync(connection, 'utf8').includes(MARKER)) {
    throw new DatabaseError(
      'driver_unfixed',
      `the postgres driver at ${connection} lacks Gatehouse's closed-connection fix (a database restart would end the process): run \`npm run postinstall\``,
    );
  }
}
