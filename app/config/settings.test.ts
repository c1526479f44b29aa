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

describe('loadSettings', () => {
  it('falls back to the development stack with the documented ports when nothing is set', () => {
    const settings = loadSettings({});
    expect(settings.port).toBe(8000);
    expect(settings.oidc.providerPort).toBe(9000);
    expect(settings.locationService.port).toBe(8001);
    expect(settings.appBaseUrl).toBe('http://127.0.0.1:8000');
    expect(settings.dataDir).toBe('.data');
    expect(settings.developmentStack).toBe(true);
    expect(settings.database.url).toBeUndefined();
    expect(settings.oidc.issuer).toBeUndefined();
    expect(settings.session.secret).toBeUndefined();
    expect(settings.session.cookieSecure).toBe(true);
    expect(settings.oidc.devUserPassword).toBe('password');
  });

  it('reads every port and treats an empty value as unset', () => {
    const settings = loadSettings({ PORT: '8100', OIDC_PROVIDER_PORT: '9100', LOCATION_SERVICE_PORT: '' });
    expect(settings.port).toBe(8100);
    expect(settings.appBaseUrl).toBe('http://127.0.0.1:8100');
    expect(settings.oidc.providerPort).toBe(9100);
    expect(settings.locationService.port).toBe(8001);
  });

  it('names the variable of a malformed port', () => {
    for (const value of ['abc', '0', '65536', '80.5', '-1']) {
      const error = failure({ OIDC_PROVIDER_PORT: value });
      expect(error.variables).toEqual(['OIDC_PROVIDER_PORT']);
      expect(error.message).toContain('OIDC_PROVIDER_PORT: must be a port number');
    }
  });

  it('requires SESSION_SECRET as soon as one external service is configured', () => {
    const externals: Record<string, string>[] = [
      { DATABASE_URL: 'postgres://u:p@db.internal:5432/app' },
      { LOCATION_SERVICE_URL: 'http://geo.internal:8001' },
      { TOPAZ_URL: 'topaz.internal:8282' },
    ];
    for (const env of externals) {
      const error = failure(env);
      expect(error.variables).toEqual(['SESSION_SECRET']);
    }
    const settings = loadSettings({
      DATABASE_URL: 'postgres://u:p@db.internal:5432/app',
      SESSION_SECRET: SECRET,
    });
    expect(settings.developmentStack).toBe(false);
    expect(settings.session.secret).toBe(SECRET);
  });

  it('refuses a session secret shorter than 32 bytes, even for the development stack', () => {
    expect(failure({ SESSION_SECRET: 'short' }).message).toContain(
      'SESSION_SECRET: must be at least 32 bytes',
    );
  });

  it('needs client id and secret with an external issuer, over https unless it is loopback', () => {
    const error = failure({ OIDC_ISSUER: 'http://idp.example.com', SESSION_SECRET: SECRET });
    expect(error.variables).toEqual(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
    const ok = loadSettings({
      OIDC_ISSUER: 'https://idp.example.com/application/o/gatehouse/',
      OIDC_CLIENT_ID: 'gatehouse',
      OIDC_CLIENT_SECRET: 'client-secret',
      SESSION_SECRET: SECRET,
    });
    expect(ok.oidc).toMatchObject({
      issuer: 'https://idp.example.com/application/o/gatehouse/',
      clientId: 'gatehouse',
    });
    expect(() =>
      loadSettings({
        OIDC_ISSUER: 'http://127.0.0.1:9999',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
        SESSION_SECRET: SECRET,
      }),
    ).not.toThrow();
  });

  it('lets SESSION_COOKIE_SECURE be false only for the development stack', () => {
    expect(loadSettings({ SESSION_COOKIE_SECURE: 'false' }).session.cookieSecure).toBe(false);
    const error = failure({
      SESSION_COOKIE_SECURE: 'false',
      DATABASE_URL: 'postgres://db/app',
      SESSION_SECRET: SECRET,
    });
    expect(error.variables).toEqual(['SESSION_COOKIE_SECURE']);
    expect(failure({ SESSION_COOKIE_SECURE: 'maybe' }).variables).toEqual(['SESSION_COOKIE_SECURE']);
  });

  it('signs out at the provider too unless SINGLE_LOGOUT=false', () => {
    expect(loadSettings({}).session.singleLogout).toBe(true);
    expect(loadSettings({ SINGLE_LOGOUT: 'false' }).session.singleLogout).toBe(false);
    expect(failure({ SINGLE_LOGOUT: 'yes' }).variables).toEqual(['SINGLE_LOGOUT']);
  });

  it('accepts APP_BASE_URL as an origin only', () => {
    expect(loadSettings({ APP_BASE_URL: 'https://docs.example.com/' }).appBaseUrl).toBe(
      'https://docs.example.com',
    );
    expect(failure({ APP_BASE_URL: 'https://docs.example.com/app' }).variables).toEqual(['APP_BASE_URL']);
    expect(failure({ APP_BASE_URL: 'ftp://docs.example.com' }).variables).toEqual(['APP_BASE_URL']);
  });

  it('reports every problem at once and never echoes a value', () => {
    const error = failure({
      PORT: 'x',
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      OIDC_ISSUER: 'not a url',
    });
    expect(error.variables).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'OIDC_ISSUER', 'SESSION_SECRET']),
    );
    expect(error.message).not.toContain('hunter2');
    expect(error.code).toBe('config_invalid');
  });

  it('reads the authorization and location settings, off and closed by default', () => {
    const defaults = loadSettings({});
    expect(defaults.authorization).toEqual({
      policiesDir: undefined,
      decisionCacheTtlSeconds: 0,
      allowUnknownLocation: false,
      directoryLoading: 'auto',
    });
    expect(defaults.locationService.cacheTtlSeconds).toBe(60);
    const set = loadSettings({
      POLICIES_DIR: '/srv/policies',
      DECISION_CACHE_TTL_SECONDS: '30',
      ALLOW_UNKNOWN_LOCATION: 'true',
      LOCATION_CACHE_TTL_SECONDS: '0',
      DIRECTORY_LOADING: 'on-demand',
    });
    expect(set.authorization).toEqual({
      policiesDir: '/srv/policies',
      decisionCacheTtlSeconds: 30,
      allowUnknownLocation: true,
      directoryLoading: 'on-demand',
    });
    expect(set.locationService.cacheTtlSeconds).toBe(0);
    const error = failure({
      DECISION_CACHE_TTL_SECONDS: '-5',
      LOCATION_CACHE_TTL_SECONDS: 'soon',
      DIRECTORY_LOADING: 'lazy',
    });
    expect(error.variables).toEqual([
      'DECISION_CACHE_TTL_SECONDS',
      'DIRECTORY_LOADING',
      'LOCATION_CACHE_TTL_SECONDS',
    ]);
    expect(error.message).toContain('DIRECTORY_LOADING: must be auto, snapshot or on-demand');
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadSettings({}).host).toBe('127.0.0.1');
    expect(loadSettings({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(failure({ HOST: 'a b' }).variables).toEqual(['HOST']);
  });
});
