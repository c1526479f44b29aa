import { describe, expect, it } from 'vitest';
import { ConfigError, loadSettings } from './index.ts';

const SECRET = 'x'.repeat(32);

function failure(env: Record<string, string>): ConfigError {
  try {
    loadSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadSettings: Topaz as the decision service', () => {
  it('leaves Topaz off without TOPAZ_URL, and resolves its settings with defaults when set', () => {
    expect(loadSettings({}).topaz).toBeUndefined();
    expect(loadSettings({ TOPAZ_URL: 'topaz:8282', SESSION_SECRET: SECRET }).topaz).toEqual({
      url: 'topaz:8282',
      directoryUrl: 'topaz:9292',
      tenantId: undefined,
      apiKey: undefined,
      caCertFile: undefined,
      insecure: false,
      policyInstanceName: 'webapp',
      timeoutMs: 1000,
      pool: { minConnections: 1, maxConnections: 10 },
    });
    expect(loadSettings({ TOPAZ_URL: '[::1]:8282', SESSION_SECRET: SECRET }).topaz?.directoryUrl).toBe(
      '[::1]:9292',
    );
    const all = loadSettings({
      SESSION_SECRET: SECRET,
      TOPAZ_URL: 'authz.internal:18282',
      TOPAZ_DIRECTORY_URL: 'directory.internal:19292',
      TOPAZ_TENANT_ID: 'tenant-1',
      TOPAZ_API_KEY: 'key-1',
      TOPAZ_CA_CERT_FILE: '/etc/topaz/ca.crt',
      TOPAZ_POLICY_INSTANCE_NAME: 'gatehouse',
      TOPAZ_TIMEOUT_MS: '2500',
      TOPAZ_POOL_MIN_CONNECTIONS: '0',
      TOPAZ_POOL_MAX_CONNECTIONS: '4',
    });
    expect(all.topaz).toEqual({
      url: 'authz.internal:18282',
      directoryUrl: 'directory.internal:19292',
      tenantId: 'tenant-1',
      apiKey: 'key-1',
      caCertFile: '/etc/topaz/ca.crt',
      insecure: false,
      policyInstanceName: 'gatehouse',
      timeoutMs: 2500,
      pool: { minConnections: 0, maxConnections: 4 },
    });
    expect(
      loadSettings({ TOPAZ_URL: 'topaz:8282', TOPAZ_INSECURE: 'true', SESSION_SECRET: SECRET }).topaz,
    ).toMatchObject({ insecure: true });
  });

  it('names a malformed Topaz address, timeout or pool bound', () => {
    for (const url of ['https://topaz:8282', 'topaz', 'topaz:0', 'topaz:99999', 'to paz:8282']) {
      const error = failure({ TOPAZ_URL: url, SESSION_SECRET: SECRET });
      expect(error.variables, url).toEqual(['TOPAZ_URL']);
      expect(error.message).toContain('TOPAZ_URL: must be host:port without a scheme');
    }
    const error = failure({
      TOPAZ_URL: 'topaz:8282',
      TOPAZ_DIRECTORY_URL: 'topaz',
      TOPAZ_TIMEOUT_MS: '0',
      TOPAZ_POOL_MAX_CONNECTIONS: 'many',
      TOPAZ_INSECURE: 'yes',
      SESSION_SECRET: SECRET,
    });
    expect(error.variables).toEqual([
      'TOPAZ_DIRECTORY_URL',
      'TOPAZ_INSECURE',
      'TOPAZ_TIMEOUT_MS',
      'TOPAZ_POOL_MAX_CONNECTIONS',
    ]);
    const pool = failure({
      TOPAZ_URL: 'topaz:8282',
      TOPAZ_POOL_MIN_CONNECTIONS: '5',
      TOPAZ_POOL_MAX_CONNECTIONS: '2',
      SESSION_SECRET: SECRET,
    });
    expect(pool.message).toContain(
      'TOPAZ_POOL_MIN_CONNECTIONS: must not exceed TOPAZ_POOL_MAX_CONNECTIONS (2)',
    );
  });

  it('refuses Topaz variables without TOPAZ_URL instead of ignoring them', () => {
    const error = failure({
      TOPAZ_DIRECTORY_URL: 'topaz:9292',
      TOPAZ_API_KEY: 'key',
      TOPAZ_CA_CERT_FILE: '/ca.crt',
      TOPAZ_INSECURE: 'true',
    });
    expect(error.variables).toEqual([
      'TOPAZ_DIRECTORY_URL',
      'TOPAZ_API_KEY',
      'TOPAZ_CA_CERT_FILE',
      'TOPAZ_INSECURE',
    ]);
    expect(error.message).toContain('TOPAZ_API_KEY: is used only with TOPAZ_URL');
    expect(loadSettings({ TOPAZ_INSECURE: 'false' }).topaz).toBeUndefined();
  });

  it('verifies Topaz unless TOPAZ_INSECURE=true, and never both ways at once', () => {
    const error = failure({
      TOPAZ_URL: 'topaz:8282',
      TOPAZ_CA_CERT_FILE: '/ca.crt',
      TOPAZ_INSECURE: 'true',
      SESSION_SECRET: SECRET,
    });
    expect(error.variables).toEqual(['TOPAZ_INSECURE']);
  });

  it('refuses settings of the embedded engine under Topaz, which would silently ignore them', () => {
    const error = failure({
      TOPAZ_URL: 'topaz:8282',
      POLICIES_DIR: '/srv/policies',
      ALLOW_UNKNOWN_LOCATION: 'true',
      DIRECTORY_LOADING: 'on-demand',
      SESSION_SECRET: SECRET,
    });
    expect(error.variables).toEqual(['POLICIES_DIR', 'ALLOW_UNKNOWN_LOCATION', 'DIRECTORY_LOADING']);
    expect(error.message).toContain('ALLOW_UNKNOWN_LOCATION: applies to the embedded engine only');
    expect(
      loadSettings({ TOPAZ_URL: 'topaz:8282', ALLOW_UNKNOWN_LOCATION: 'false', SESSION_SECRET: SECRET })
        .authorization.allowUnknownLocation,
    ).toBe(false);
  });
});
