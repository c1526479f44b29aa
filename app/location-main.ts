/**
 * The location service on its own (`node --import tsx app/location-main.ts`, or built: `node app/dist/location-main.js`), for deployments
 * that run it as a separate service (the compose stack): the development table (alice GB, bob DE,
 * charlie CN) on `HOST`:`LOCATION_SERVICE_PORT` (127.0.0.1:8001 by default). SIGINT/SIGTERM stop it.
 */
import { consola } from 'consola';
import { ConfigError, loadSettings } from './config/index.ts';
import { startLocationService } from './stack/index.ts';

const log = consola.withTag('location');

try {
  const settings = loadSettings();
  const service = await startLocationService({ port: settings.locationService.port, host: settings.host });
  console.log(
    `Location service on ${settings.host}:${settings.locationService.port} (${service.url}/health)`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void service.stop().then(() => process.exit(0)));
  }
} catch (error) {
  log.error(
    error instanceof ConfigError ? error.message : `The location service did not start: ${String(error)}`,
  );
  process.exit(1);
}
