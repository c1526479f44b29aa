/**
 * `npm run start:topaz` — the production topology on one machine: the real Topaz from the user's
 * own `topazd` (TOPAZD, else `topazd` on PATH), configured from `deploy/topaz/config.yaml` on its
 * compose ports (authorizer 8282, gateway 8383, directory 9292; `TOPAZ_PORTS` moves them) with the
 * manifest set; Keycloak with the compose realm when `test/peers/keycloak.sh` has installed it
 * (else the development provider); then the application as `npm start` runs it (PostgreSQL, the
 * location service, one banner) with Topaz as its decision service and directory. Ctrl-C stops
 * everything it started.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { consola } from 'consola';
import { addCompanionService, companionServices, DEV_USERS } from './stack/index.ts';
import { findKeycloak, KEYCLOAK_VERSION, startKeycloak } from './stack/keycloak-server.ts';
import { COMPOSE_TOPAZ_PORTS, type TopazPorts } from './stack/topaz-config.ts';
import { findTopazd, startTopaz, TOPAZ_INSTALL_HINT } from './stack/topaz-server.ts';

const log = consola.withTag('gatehouse');

/** Stops what has started so far and exits; Ctrl-C before the application runs comes here. */
async function stopAndExit(code: number): Promise<never> {
  for (const service of [...companionServices()].reverse()) {
    await service
      .stop()
      .catch((error: unknown) => log.warn(`while stopping ${service.label}: ${String(error)}`));
  }
  process.exit(code);
}

function fail(message: string): Promise<never> {
  log.error(`npm run start:topaz did not start: ${message}`);
  return stopAndExit(1);
}

/** `TOPAZ_PORTS`: authorizer, authorizer gateway, directory, directory gateway and health ports. */
function topazPorts(value: string | undefined): TopazPorts | undefined {
  if (value === undefined || value.trim() === '') return COMPOSE_TOPAZ_PORTS;
  const ports = value.split(',').map((part) => Number(part.trim()));
  if (ports.length !== 5 || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65_535)) {
    return undefined;
  }
  const [authorizer, authorizerGateway, directory, directoryGateway, health] = ports as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { authorizer, authorizerGateway, directory, directoryGateway, health };
}

/** A port free on 127.0.0.1 now (for Keycloak's management port, which nothing else calls). */
function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A secret kept in the data directory unless set in the environment (sessions outlive a restart). */
async function keptSecret(dataDir: string, name: string, bytes: number): Promise<string> {
  const file = path.join(dataDir, name);
  const kept = (await readFile(file, 'utf8').catch(() => ''))?.trim();
  if (kept) return kept;
  const secret = randomBytes(bytes).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log.info('Stopping…');
    void stopAndExit(130);
  });
}

const topazd = findTopazd();
if (!topazd) await fail(TOPAZ_INSTALL_HINT);
const ports = topazPorts(process.env.TOPAZ_PORTS);
if (!ports) {
  await fail(
    `TOPAZ_PORTS must be five ports "authorizer,authorizer gateway,directory,directory gateway,health" (default ${Object.values(COMPOSE_TOPAZ_PORTS).join(',')}), not "${process.env.TOPAZ_PORTS}"`,
  );
}
const dataDir = path.resolve(process.env.DATA_DIR || '.data');
await mkdir(path.join(dataDir, 'topaz'), { recursive: true });

log.start(`Starting Topaz (${topazd})…`);
try {
  const topaz = await startTopaz({
    topazd: topazd as string,
    dataDir: path.join(dataDir, 'topaz'),
    ports: ports as TopazPorts,
  });
  addCompanionService({
    label: 'Topaz',
    description: `${topaz.authorizerUrl} (directory ${topaz.directoryUrl}, log ${topaz.logFile})`,
    stop: () => topaz.stop(),
  });
  process.env.TOPAZ_URL = topaz.authorizerUrl;
  process.env.TOPAZ_DIRECTORY_URL = topaz.directoryUrl;
  process.env.TOPAZ_CA_CERT_FILE = topaz.caFile;
} catch (error) {
  await fail(`Topaz did not start: ${(error as Error).message}`);
}

process.env.SESSION_SECRET ||= await keptSecret(path.join(dataDir, 'topaz'), 'session-secret', 48);

const keycloakHome = process.env.OIDC_ISSUER ? undefined : findKeycloak();
if (keycloakHome) {
  const port = Number(process.env.OIDC_PROVIDER_PORT || 9000);
  const appBaseUrl = process.env.APP_BASE_URL || `http://127.0.0.1:${process.env.PORT || 8000}`;
  const clientSecret =
    process.env.OIDC_CLIENT_SECRET || (await keptSecret(dataDir, 'keycloak-client-secret', 24));
  const userPassword = process.env.DEV_USER_PASSWORD || 'password';
  log.start(`Starting Keycloak ${KEYCLOAK_VERSION} (${keycloakHome})…`);
  try {
    const keycloak = await startKeycloak({
      home: keycloakHome,
      port,
      managementPort: await anyFreePort(),
      appBaseUrl,
      clientSecret,
      userPassword,
    });
    addCompanionService({
      label: 'OpenID provider',
      description: `Keycloak ${KEYCLOAK_VERSION} ${keycloak.issuer}`,
      users: DEV_USERS,
      stop: () => keycloak.stop(),
    });
    process.env.OIDC_ISSUER = keycloak.issuer;
    process.env.OIDC_CLIENT_ID = 'gatehouse-app';
    process.env.OIDC_CLIENT_SECRET = clientSecret;
  } catch (error) {
    await fail(`Keycloak did not start: ${(error as Error).message}`);
  }
} else if (!process.env.OIDC_ISSUER) {
  log.info(
    'Keycloak is not installed (bash test/peers/keycloak.sh installs it): using the development provider',
  );
}

await import('./main.ts');
