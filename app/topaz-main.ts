/**
 * `npm run start:topaz` — the production topology on one machine: the real Topaz from the user's
 * own `topazd` (TOPAZD, else `topazd` on PATH), configured from `deploy/topaz/config.yaml` on its
 * compose ports (authorizer 8282, gateway 8383, directory 9292) with the manifest set, then the
 * application as `npm start` runs it (PostgreSQL, sign-in, location service, one banner) with
 * Topaz as its decision service and directory. Ctrl-C stops everything it started.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { consola } from 'consola';
import { findTopazd, startTopaz, TOPAZ_INSTALL_HINT } from './stack/topaz-server.ts';

const log = consola.withTag('gatehouse');
const topazd = findTopazd();
if (!topazd) {
  log.error(`npm run start:topaz cannot start: ${TOPAZ_INSTALL_HINT}`);
  process.exit(1);
}
log.start(`Starting Topaz (${topazd})…`);
const dataDir = path.join(process.env.DATA_DIR || '.data', 'topaz');
let topaz: Awaited<ReturnType<typeof startTopaz>>;
try {
  topaz = await startTopaz({ topazd, dataDir });
} catch (error) {
  log.error(`Topaz did not start: ${(error as Error).message}`);
  process.exit(1);
}
// The application's own Ctrl-C handling ends the process; Topaz goes with it.
process.on('exit', () => {
  void topaz.stop();
});
// Sessions outlive a restart: the secret is kept in the data directory unless SESSION_SECRET is set.
if (!process.env.SESSION_SECRET) {
  const file = path.join(dataDir, 'session-secret');
  const kept = await readFile(file, 'utf8').catch(() => undefined);
  const secret = kept?.trim() || randomBytes(48).toString('base64');
  if (!kept) await writeFile(file, secret, { mode: 0o600 });
  process.env.SESSION_SECRET = secret;
}
process.env.TOPAZ_URL = topaz.authorizerUrl;
process.env.TOPAZ_DIRECTORY_URL = topaz.directoryUrl;
process.env.TOPAZ_CA_CERT_FILE = topaz.caFile;
log.info(`Topaz ${topaz.authorizerUrl} (directory ${topaz.directoryUrl}), log ${topaz.logFile}`);
await import('./main.ts');
