/**
 * Topaz's configuration for one machine, derived from the compose stack's `deploy/topaz/config.yaml`
 * (not a second copy): every listen address moves to 127.0.0.1 on the port chosen for its role,
 * the database and TLS files move into a local data directory, and the local bundle is the
 * repository's `policies/` folder. Everything else (timeouts, watch, logging) stays as compose
 * runs it.
 */
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { StackError } from './stack-error.ts';

/** The ports of a Topaz, by role. */
export interface TopazPorts {
  readonly authorizer: number;
  readonly authorizerGateway: number;
  readonly directory: number;
  readonly directoryGateway: number;
  readonly health: number;
}

/** The ports `deploy/topaz/config.yaml` uses (and `npm run start:topaz` keeps by default). */
export const COMPOSE_TOPAZ_PORTS: TopazPorts = {
  authorizer: 8282,
  authorizerGateway: 8383,
  directory: 9292,
  directoryGateway: 9393,
  health: 9494,
};

/** Where the local Topaz keeps its files. */
export interface LocalTopazPlaces {
  readonly ports: TopazPorts;
  /** Folder of the directory database (`db_path`'s file name is kept). */
  readonly dbDir: string;
  /** Folder of `topaz.crt`, `topaz.key` and `ca.crt` (file names kept). */
  readonly tlsDir: string;
  readonly policiesDir: string;
}

type Node = unknown;

function relocate(
  value: Node,
  key: string,
  places: LocalTopazPlaces,
  byComposePort: Map<number, number>,
): Node {
  if (Array.isArray(value)) return value.map((item) => relocate(item, key, places, byComposePort));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, Node>).map(([k, v]) => [
        k,
        relocate(v, k, places, byComposePort),
      ]),
    );
  }
  if (typeof value !== 'string') return value;
  if (key === 'listen_address' || key === 'address') {
    const port = Number(value.slice(value.lastIndexOf(':') + 1));
    const local = byComposePort.get(port);
    if (local === undefined) {
      throw new StackError(
        'topaz_config',
        `deploy/topaz/config.yaml: ${key} ${value} uses a port of no known role`,
      );
    }
    return `127.0.0.1:${local}`;
  }
  if (key === 'db_path') return path.join(places.dbDir, path.basename(value));
  if (key.startsWith('tls_') && key.endsWith('_path')) return path.join(places.tlsDir, path.basename(value));
  return value;
}

/**
 * The compose configuration's text turned into one for this machine.
 *
 * @throws {StackError} `topaz_config` when the file is not a Topaz configuration this can place
 * @example
 * const text = localTopazConfig(await readFile('deploy/topaz/config.yaml', 'utf8'), {
 *   ports: COMPOSE_TOPAZ_PORTS, dbDir: '.data/topaz/db', tlsDir: '.data/topaz/tls', policiesDir: 'policies',
 * });
 */
export function localTopazConfig(composeText: string, places: LocalTopazPlaces): string {
  const config = parse(composeText) as Record<string, Node> | null;
  if (!config || typeof config !== 'object' || config.version !== 2) {
    throw new StackError(
      'topaz_config',
      'deploy/topaz/config.yaml is not a Topaz configuration of version 2',
    );
  }
  const byComposePort = new Map<number, number>(
    (Object.keys(COMPOSE_TOPAZ_PORTS) as (keyof TopazPorts)[]).map((role) => [
      COMPOSE_TOPAZ_PORTS[role],
      places.ports[role],
    ]),
  );
  const local = relocate(config, '', places, byComposePort) as Record<string, Record<string, unknown>>;
  const opa = local.opa ?? {};
  const bundles = (opa.local_bundles ?? {}) as Record<string, unknown>;
  local.opa = { ...opa, local_bundles: { ...bundles, paths: [path.resolve(places.policiesDir)] } };
  return stringify(local);
}
