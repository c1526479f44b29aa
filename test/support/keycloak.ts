/**
 * The real Keycloak (installed by `test/peers/keycloak.sh`) for one test file, on free loopback
 * ports, started as `npm run start:topaz` starts it (app/stack/keycloak-server.ts).
 */
import {
  type RunningKeycloak,
  startKeycloak as startInstalledKeycloak,
} from '../../app/stack/keycloak-server.ts';
import { freePort } from './free-port.ts';
import { ensurePeer } from './peers.ts';

export type { RunningKeycloak };

/** Options of {@link startKeycloak}. */
export interface KeycloakOptions {
  /** The application's address, e.g. `http://127.0.0.1:20001` (its redirect and post-logout URIs). */
  readonly appBaseUrl: string;
  readonly clientSecret: string;
  /** The password of alice, bob and charlie. */
  readonly userPassword: string;
}

/**
 * Installs Keycloak when missing and starts it; resolves once the realm's discovery document is served.
 *
 * @example
 * const keycloak = await startKeycloak({ appBaseUrl, clientSecret, userPassword: 'password' });
 * await keycloak.stop();
 */
export async function startKeycloak(options: KeycloakOptions): Promise<RunningKeycloak> {
  return startInstalledKeycloak({
    ...options,
    home: ensurePeer('keycloak'),
    port: await freePort(),
    managementPort: await freePort(),
  });
}
