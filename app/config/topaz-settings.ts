/**
 * The environment variables that make Topaz the application's decision service and directory
 * (`TOPAZ_URL` and its companions), their checks and their defaults. Without `TOPAZ_URL` the
 * application runs the embedded engine, and every other `TOPAZ_*` variable is refused rather
 * than silently ignored.
 */
import type { z } from 'zod';
import { optionalAddress, optionalBoolean, optionalInteger, optionalText } from './env-fields.ts';

/** Defaults of the Topaz settings. */
export const TOPAZ_DEFAULTS = Object.freeze({
  /** Port of Topaz's directory gRPC API, on the authorizer's host when `TOPAZ_DIRECTORY_URL` is unset. */
  directoryPort: 9292,
  /** The policy instance sent with every request (Topaz with local policies accepts any name). */
  policyInstanceName: 'webapp',
  /** Deadline of every call to Topaz, in milliseconds. */
  timeoutMs: 1_000,
  minConnections: 1,
  maxConnections: 10,
});

/** The Topaz variables and their formats. */
export const topazEnvironmentShape = {
  TOPAZ_URL: optionalAddress(),
  TOPAZ_DIRECTORY_URL: optionalAddress(),
  TOPAZ_TENANT_ID: optionalText(255),
  TOPAZ_API_KEY: optionalText(),
  TOPAZ_CA_CERT_FILE: optionalText(),
  TOPAZ_INSECURE: optionalBoolean(),
  TOPAZ_POLICY_INSTANCE_NAME: optionalText(255),
  TOPAZ_TIMEOUT_MS: optionalInteger(1, 60_000),
  TOPAZ_POOL_MIN_CONNECTIONS: optionalInteger(0, 100),
  TOPAZ_POOL_MAX_CONNECTIONS: optionalInteger(1, 100),
};

type TopazVariable = keyof typeof topazEnvironmentShape;
type TopazEnvironment = { readonly [K in TopazVariable]?: z.output<(typeof topazEnvironmentShape)[K]> };

/** Where Topaz is and how to reach it: the adapter's options, from the environment. */
export interface TopazSettings {
  /** Authorizer gRPC address `host:port` (`TOPAZ_URL`). */
  readonly url: string;
  /** Directory gRPC address `host:port` (`TOPAZ_DIRECTORY_URL`, default the authorizer's host, port 9292). */
  readonly directoryUrl: string;
  readonly tenantId: string | undefined;
  readonly apiKey: string | undefined;
  /** PEM file of the CA that signed Topaz's certificate (`TOPAZ_CA_CERT_FILE`; default the system's CAs). */
  readonly caCertFile: string | undefined;
  /** Skip verifying Topaz's certificate: only when `TOPAZ_INSECURE=true` is set explicitly. */
  readonly insecure: boolean;
  readonly policyInstanceName: string;
  readonly timeoutMs: number;
  readonly pool: { readonly minConnections: number; readonly maxConnections: number };
}

/**
 * Reports the problems of the Topaz variables through `problem` (variable, message).
 * `embeddedOnly` lists the settings of the embedded engine (e.g. `POLICIES_DIR`), refused with
 * `TOPAZ_URL` when set, since Topaz would silently ignore them.
 */
export function checkTopazEnvironment(
  env: TopazEnvironment,
  embeddedOnly: readonly { variable: string; set: boolean; why: string }[],
  problem: (variable: string, message: string) => void,
): void {
  if (env.TOPAZ_URL === undefined) {
    for (const variable of Object.keys(topazEnvironmentShape) as TopazVariable[]) {
      const value = env[variable];
      if (variable !== 'TOPAZ_URL' && value !== undefined && value !== false) {
        problem(
          variable,
          'is used only with TOPAZ_URL (Topaz as the decision service); set TOPAZ_URL or unset it',
        );
      }
    }
    return;
  }
  if (env.TOPAZ_INSECURE && env.TOPAZ_CA_CERT_FILE !== undefined) {
    problem(
      'TOPAZ_INSECURE',
      'set either TOPAZ_CA_CERT_FILE (verify Topaz) or TOPAZ_INSECURE=true (do not), not both',
    );
  }
  const min = env.TOPAZ_POOL_MIN_CONNECTIONS ?? TOPAZ_DEFAULTS.minConnections;
  const max = env.TOPAZ_POOL_MAX_CONNECTIONS ?? TOPAZ_DEFAULTS.maxConnections;
  if (min > max) problem('TOPAZ_POOL_MIN_CONNECTIONS', `must not exceed TOPAZ_POOL_MAX_CONNECTIONS (${max})`);
  for (const { variable, set, why } of embeddedOnly) {
    if (set) problem(variable, `applies to the embedded engine only, not with TOPAZ_URL: ${why}`);
  }
}

/** The Topaz settings, or `undefined` when `TOPAZ_URL` is unset (the embedded engine). */
export function topazSettings(env: TopazEnvironment): TopazSettings | undefined {
  const url = env.TOPAZ_URL;
  if (url === undefined) return undefined;
  return {
    url,
    directoryUrl:
      env.TOPAZ_DIRECTORY_URL ?? `${url.slice(0, url.lastIndexOf(':'))}:${TOPAZ_DEFAULTS.directoryPort}`,
    tenantId: env.TOPAZ_TENANT_ID,
    apiKey: env.TOPAZ_API_KEY,
    caCertFile: env.TOPAZ_CA_CERT_FILE,
    insecure: env.TOPAZ_INSECURE ?? false,
    policyInstanceName: env.TOPAZ_POLICY_INSTANCE_NAME ?? TOPAZ_DEFAULTS.policyInstanceName,
    timeoutMs: env.TOPAZ_TIMEOUT_MS ?? TOPAZ_DEFAULTS.timeoutMs,
    pool: {
      minConnections: env.TOPAZ_POOL_MIN_CONNECTIONS ?? TOPAZ_DEFAULTS.minConnections,
      maxConnections: env.TOPAZ_POOL_MAX_CONNECTIONS ?? TOPAZ_DEFAULTS.maxConnections,
    },
  };
}
