/**
 * compose.yaml cannot run here (no Docker engine), so it is kept correct by construction: the
 * services the full stack needs, published ports, health checks and start order, secrets without
 * defaults, an environment the app's settings accept, and mounts of files that exist.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appEnvironmentSchema, loadSettings } from '../app/config/index.ts';
import {
  generatedEnvironment,
  loadCompose,
  repositoryFile,
  repositoryRoot,
  type VariableUse,
} from './support/compose-file.ts';

/** Variables of Node itself that the app container sets (not the application's settings). */
const NODE_VARIABLES = new Set(['NODE_EXTRA_CA_CERTS']);
const env = generatedEnvironment();
const compose = loadCompose(env);
const oneShot = (name: string) => compose.service(name).restart === 'no';

describe('compose.yaml', () => {
  it('runs the services of the full stack with pinned images', () => {
    const names = ['app', 'location', 'topaz', 'topaz-manifest', 'keycloak', 'app-db', 'keycloak-db'];
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(names));
    expect(compose.service('topaz').image).toMatch(/^ghcr\.io\/aserto-dev\/topaz:\d+\.\d+\.\d+$/);
    expect(compose.service('keycloak').image).toMatch(/^quay\.io\/keycloak\/keycloak:\d+\.\d+\.\d+$/);
    const postgres = Object.keys(compose.services).filter((name) =>
      /^postgres:16\b/.test(compose.service(name).image ?? ''),
    );
    expect(postgres.sort()).toEqual(['app-db', 'keycloak-db']);
    for (const name of ['app', 'location']) expect(compose.service(name).build?.target).toBe('app');
    // The image's compiled JavaScript (Dockerfile runs app/build.mjs), not TypeScript through tsx.
    expect(compose.service('app').command).toEqual(['node', '--enable-source-maps', 'app/dist/main.js']);
    expect(compose.service('location').command).toEqual([
      'node',
      '--enable-source-maps',
      'app/dist/location-main.js',
    ]);
  });

  it('publishes 8000, 8001, 8282, 8383 and 8443 on loopback only, and no database port', () => {
    const published = (name: string) => (compose.service(name).ports ?? []).map((p) => p.split(':'));
    for (const name of Object.keys(compose.services)) {
      for (const [ip, host, container] of published(name))
        expect([ip, host]).toEqual(['127.0.0.1', container]);
    }
    const ports = (name: string) => published(name).map((p) => Number(p[2]));
    const services = ['app', 'location', 'topaz', 'keycloak'];
    expect(services.map(ports)).toEqual([[8000], [8001], [8282, 8383], [8443]]);
    expect([...ports('app-db'), ...ports('keycloak-db')]).toEqual([]);
  });

  it('health-checks every long-running service and starts each after what it needs', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!oneShot(name)) expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
      for (const [target, { condition }] of Object.entries(service.depends_on ?? {})) {
        const expected = oneShot(target) ? 'service_completed_successfully' : 'service_healthy';
        expect(condition, `${name} → ${target}`).toBe(expected);
      }
    }
    const needs = Object.keys(compose.service('app').depends_on ?? {}).sort();
    expect(needs).toEqual(['app-db', 'keycloak', 'location', 'topaz', 'topaz-manifest']);
  });

  it('requires every secret from the environment, with no default', () => {
    const uses: VariableUse[] = [];
    loadCompose(env, uses);
    expect(uses.length).toBeGreaterThan(0);
    for (const { name, operator } of uses) expect(`${name} ${operator}`).toBe(`${name} :?`);
    const required = [...new Set(uses.map((use) => use.name))].sort();
    expect(Object.keys(env).sort()).toEqual(required);
    expect(
      repositoryFile('deploy/env.example')
        .match(/^[A-Z_]+(?==)/gm)
        ?.sort(),
    ).toEqual(required);
    const { APP_DB_PASSWORD: _, ...withoutOne } = env;
    expect(() => loadCompose(withoutOne)).toThrow(/^APP_DB_PASSWORD: set APP_DB_PASSWORD/);
  });

  it('gives the app and the location service environments their settings accept', () => {
    const known = new Set(Object.keys(appEnvironmentSchema.in.shape));
    const appEnv = compose.service('app').environment ?? {};
    for (const name of Object.keys(appEnv))
      expect(known.has(name) || NODE_VARIABLES.has(name), name).toBe(true);
    const settings = loadSettings(appEnv);
    expect(settings.developmentStack).toBe(false);
    expect(settings.topaz).toMatchObject({ url: 'topaz:8282', directoryUrl: 'topaz:9292' });
    expect(settings.session.secret).toBe(env.SESSION_SECRET);

    const db = new URL(settings.database.url ?? '');
    const dbEnv = compose.service('app-db').environment ?? {};
    expect([db.hostname, db.port, db.pathname]).toEqual(['app-db', '5432', `/${dbEnv.POSTGRES_DB}`]);
    expect([db.username, db.password]).toEqual([dbEnv.POSTGRES_USER, dbEnv.POSTGRES_PASSWORD]);

    const locationEnv = compose.service('location').environment ?? {};
    for (const name of Object.keys(locationEnv)) expect(known.has(name), name).toBe(true);
    const location = new URL(settings.locationService.url ?? '');
    expect(location.hostname).toBe('location');
    expect(Number(location.port)).toBe(loadSettings(locationEnv).locationService.port);
  });

  it('has the app run on Topaz, and the app and the location service listen on every interface', () => {
    const appSettings = loadSettings(compose.service('app').environment ?? {});
    expect(appSettings.topaz).toMatchObject({
      url: 'topaz:8282',
      directoryUrl: 'topaz:9292',
      caCertFile: compose.service('app').environment?.TOPAZ_CA_CERT_FILE,
      insecure: false,
    });
    // Inside a container, 127.0.0.1 is the container itself: neither published ports nor the
    // other services would reach a server listening there.
    expect(appSettings.host).toBe('0.0.0.0');
    expect(loadSettings(compose.service('location').environment ?? {}).host).toBe('0.0.0.0');
    // The embedded engine's settings are refused under Topaz; the stack leaves them unset.
    expect(appSettings.authorization.allowUnknownLocation).toBe(false);
    expect(appSettings.authorization.policiesDir).toBeUndefined();
  });

  it('mounts only files and folders that exist in the repository', () => {
    const sources = Object.values(compose.services).flatMap((s) =>
      (s.volumes ?? []).map((v) => v.split(':')[0]),
    );
    for (const source of sources) {
      if (source?.startsWith('.')) expect(existsSync(path.join(repositoryRoot, source)), source).toBe(true);
      else expect(Object.keys(compose.volumes), source).toContain(source);
    }
  });
});
