import { describe, expect, it } from 'vitest';
import { InMemoryDecisionService } from '../../core/testing/index.ts';
import {
  MemoryPolicyCatalog,
  MemoryRelationDirectory,
  startTestTopazServer,
} from '../../engine/server/testing/index.ts';
import { freePort } from '../../test/support/free-port.ts';
import { ConfigError, TOPAZ_DEFAULTS, type TopazSettings } from '../config/index.ts';
import { AuthorizationStartError, startTopazAuthorization } from './index.ts';

const settings = (overrides: Partial<TopazSettings>): TopazSettings => ({
  url: '127.0.0.1:1',
  directoryUrl: '127.0.0.1:1',
  tenantId: undefined,
  apiKey: undefined,
  caCertFile: undefined,
  insecure: false,
  policyInstanceName: TOPAZ_DEFAULTS.policyInstanceName,
  timeoutMs: 5_000,
  pool: { minConnections: 1, maxConnections: 2 },
  ...overrides,
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error,
  );
}

describe('startTopazAuthorization', () => {
  it('lists the packages of a reachable Topaz over TLS with the given CA, with an API key', async () => {
    const topaz = await startTestTopazServer({
      decisionService: new InMemoryDecisionService(),
      relationDirectory: new MemoryRelationDirectory(),
      policyCatalog: new MemoryPolicyCatalog([
        { id: 'b.rego', packagePath: 'webapp.GET.b', ruleNames: ['allowed'], raw: '' },
        { id: 'a.rego', packagePath: 'webapp.GET.a', ruleNames: ['allowed'], raw: '' },
      ]),
      apiKeys: ['s3cret'],
    });
    const url = topaz.server.authorizerUrl;
    try {
      const backend = await startTopazAuthorization(
        settings({
          url,
          directoryUrl: topaz.server.directoryUrl,
          caCertFile: topaz.caFile,
          apiKey: 's3cret',
        }),
      );
      expect(backend.policyPackages).toEqual(['webapp.GET.a', 'webapp.GET.b']);
      expect(backend.description).toBe(
        `Topaz at ${url} (policy instance webapp, 2 packages; directory ${topaz.server.directoryUrl})`,
      );
      await backend.close();

      const wrongKey = await rejection(
        startTopazAuthorization(settings({ url, caCertFile: topaz.caFile, apiKey: 'wrong' })),
      );
      expect(wrongKey).toBeInstanceOf(AuthorizationStartError);
      expect(wrongKey.message).toContain('rejected the credentials');
      const untrusted = await rejection(startTopazAuthorization(settings({ url, apiKey: 's3cret' })));
      expect(untrusted.message).toContain('check caFile/insecure');
    } finally {
      await topaz.close();
    }
  });

  it('refuses to start when Topaz is unreachable, naming its address', async () => {
    const url = `127.0.0.1:${await freePort()}`;
    const error = await rejection(startTopazAuthorization(settings({ url, insecure: true })));
    expect(error).toBeInstanceOf(AuthorizationStartError);
    expect((error as AuthorizationStartError).code).toBe('topaz_unavailable');
    expect(error.message).toMatch(new RegExp(`^Topaz at ${url} did not list its policies: .*unavailable`));
  });

  it('refuses a Topaz without policies', async () => {
    const topaz = await startTestTopazServer({
      decisionService: new InMemoryDecisionService(),
      relationDirectory: new MemoryRelationDirectory(),
      policyCatalog: new MemoryPolicyCatalog([]),
    });
    try {
      const error = await rejection(
        startTopazAuthorization(settings({ url: topaz.server.authorizerUrl, caCertFile: topaz.caFile })),
      );
      expect((error as AuthorizationStartError).code).toBe('topaz_without_policies');
    } finally {
      await topaz.close();
    }
  });

  it('names TOPAZ_CA_CERT_FILE when the CA file cannot be read', async () => {
    const error = await rejection(startTopazAuthorization(settings({ caCertFile: '/nonexistent/ca.crt' })));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['TOPAZ_CA_CERT_FILE']);
    expect(error.message).toContain('TOPAZ_CA_CERT_FILE: cannot read /nonexistent/ca.crt');
  });
});
