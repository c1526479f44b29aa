/**
 * Options of the Topaz-compatible server: a zod schema holding the defaults (Topaz's ports,
 * loopback only) plus the ports and capabilities it serves.
 */
import { z } from 'zod';
import type { Clock, DecisionService, RelationDirectory } from '../../core/index.ts';
import type { ManifestStore, PolicyCatalog, RegoQueryEvaluator } from './capabilities.ts';

const port = z.int().min(0).max(65_535);

/** Listening, TLS, authentication and build settings; the schema holds the defaults. */
export const TopazServerSettingsSchema = z.object({
  /** Address to listen on (default `127.0.0.1`: loopback only; `0.0.0.0` to expose it). */
  host: z.string().min(1).default('127.0.0.1'),
  ports: z
    .object({
      /** Authorizer gRPC (default 8282; 0 = a free port). */
      authorizer: port.default(8282),
      /** Authorizer REST gateway (default 8383; 0 = a free port). */
      gateway: port.default(8383),
      /** Directory reader/writer/model gRPC (default 9292; 0 = a free port). */
      directory: port.default(9292),
    })
    .prefault({}),
  /** PEM certificate and key to serve with (default: a generated self-signed certificate). */
  tls: z
    .object({
      cert: z.string().includes('BEGIN CERTIFICATE', { message: 'must be a PEM certificate' }),
      key: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }),
      /** The CA that issued `cert`, handed to clients as `caCert` (default: `cert` itself). */
      ca: z.string().optional(),
    })
    .optional(),
  /** When non-empty, every call must send `authorization: basic <one of these keys>` (default none). */
  apiKeys: z.array(z.string().min(1)).default([]),
  /** What `Info` reports (default version `dev`). */
  build: z
    .object({
      version: z.string().default('dev'),
      commit: z.string().default(''),
      date: z.string().default(''),
    })
    .prefault({}),
  /** How long `close()` lets open calls finish before cutting connections, in ms (default 5,000). */
  closeGraceMs: z.int().min(0).default(5_000),
});

/** Settings accepted by `startTopazCompatibleServer`. */
export type TopazServerSettings = z.input<typeof TopazServerSettingsSchema>;
/** Resolved settings. */
export type TopazServerConfig = z.output<typeof TopazServerSettingsSchema>;

/** What the server serves: core's two ports and the optional capabilities. */
export interface TopazServerBackends {
  /** Answers `Is` and `DecisionTree` (and nothing else). */
  readonly decisionService: DecisionService;
  /** Serves the directory reader and writer. */
  readonly relationDirectory: RelationDirectory;
  /** Needed by `DecisionTree`, `ListPolicies`, `GetPolicy`. */
  readonly policyCatalog?: PolicyCatalog;
  /** Needed by `Query`. */
  readonly queryEvaluator?: RegoQueryEvaluator;
  /** Needed by the model service (`GetManifest`, `SetManifest`, `DeleteManifest`). */
  readonly manifestStore?: ManifestStore;
  /** Time stamped on directory writes (default the system clock). */
  readonly clock?: Clock;
}

/** Options of `startTopazCompatibleServer`. */
export type TopazCompatibleServerOptions = TopazServerSettings & TopazServerBackends;
