/**
 * Options of the Topaz adapter: where Topaz listens, how to authenticate and trust it, the
 * per-call deadline and the connection pool bounds. Zod schemas hold the defaults; a bad value is
 * an `AuthzConfigError` naming the field.
 */
import { readFileSync } from 'node:fs';
import { AuthzConfigError } from '@gatehousejs/core';
import { parseOptions } from '@gatehousejs/core/adapter';
import { z } from 'zod';
import { ConnectionPool, ConnectionPoolOptionsSchema } from './connection-pool.ts';

const address = z.string().regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, {
  message: 'must be host:port, e.g. localhost:8282',
});

/** Connection settings shared by the authorizer and the directory clients. */
const connectionShape = {
  /** Topaz's gRPC address as `host:port` (authorizer 8282, directory 9292); always dialled over TLS. */
  url: address,
  /** Sent as `aserto-tenant-id` (multi-tenant deployments only). */
  tenantId: z.string().min(1).optional(),
  /** Sent as `authorization: basic <apiKey>`. */
  apiKey: z.string().min(1).optional(),
  /** Sent verbatim as `authorization` (e.g. `Bearer …`); exclusive with `apiKey`. */
  token: z.string().min(1).optional(),
  /** PEM file of the CA that signed Topaz's certificate (default: the system's CAs). */
  caFile: z.string().min(1).optional(),
  /** Skip verifying Topaz's certificate (default false; development only). */
  insecure: z.boolean().default(false),
  /**
   * Deadline of every call from the moment it is sent, in ms (default 1,000); waiting for a pooled
   * connection does not count (calls in flight are bounded by the pool instead).
   */
  timeoutMs: z.int().min(1).max(600_000).default(1_000),
  /** Pool bounds `{ minConnections = 1, maxConnections = 10 }`, or a shared `ConnectionPool`. */
  pool: z.union([z.instanceof(ConnectionPool), ConnectionPoolOptionsSchema]).prefault({}),
};

const exclusiveCredentials = {
  check: (o: { apiKey?: string | undefined; token?: string | undefined }) => !(o.apiKey && o.token),
  params: { message: 'set either apiKey or token, not both', path: ['token'] },
};
// Verifying against a CA and not verifying at all contradict each other: refuse rather than pick one.
const verifiedOrInsecure = {
  check: (o: { caFile?: string | undefined; insecure: boolean }) => !(o.caFile && o.insecure),
  params: {
    message: 'set either caFile (verify against that CA) or insecure (verify nothing), not both',
    path: ['insecure'],
  },
};

/** Options of `createTopazRelationDirectory`; the schema holds the defaults. Unknown keys are refused. */
export const TopazDirectoryOptionsSchema = z
  .strictObject(connectionShape)
  .refine(exclusiveCredentials.check, exclusiveCredentials.params)
  .refine(verifiedOrInsecure.check, verifiedOrInsecure.params);

/** Options of `createTopazDecisionService`; the schema holds the defaults. Unknown keys are refused. */
export const TopazDecisionServiceOptionsSchema = z
  .strictObject({
    ...connectionShape,
    /** Topaz policy instance name, sent with every request. */
    policyInstanceName: z.string().min(1),
    /** Policy instance label (default: the name, as Topaz's SDK does). */
    policyInstanceLabel: z.string().min(1).optional(),
  })
  .refine(exclusiveCredentials.check, exclusiveCredentials.params)
  .refine(verifiedOrInsecure.check, verifiedOrInsecure.params);

/** Options accepted by `createTopazDecisionService`. */
export type TopazDecisionServiceOptions = z.input<typeof TopazDecisionServiceOptionsSchema>;
/** Resolved options of `createTopazDecisionService`. */
export type TopazDecisionServiceConfig = z.output<typeof TopazDecisionServiceOptionsSchema>;
/** Options accepted by `createTopazRelationDirectory`. */
export type TopazDirectoryOptions = z.input<typeof TopazDirectoryOptionsSchema>;
/** Resolved options of `createTopazRelationDirectory`. */
export type TopazDirectoryConfig = z.output<typeof TopazDirectoryOptionsSchema>;

/**
 * Parses options with `schema` through core's `parseOptions` (the error names the first offending
 * field), then reads `caFile`.
 *
 * @throws {AuthzConfigError} when a value is invalid or `caFile` cannot be read
 */
export function parseTopazOptions<S extends z.ZodType>(
  schema: S,
  options: unknown,
): z.output<S> & { ca?: Buffer } {
  const config = parseOptions(schema, options) as z.output<S> & { caFile?: string };
  if (!config.caFile) return config;
  try {
    return { ...config, ca: readFileSync(config.caFile) };
  } catch (error) {
    throw new AuthzConfigError('caFile', `cannot read ${config.caFile}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
