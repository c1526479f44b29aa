import { AuthzConfigError } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import {
  createTopazDecisionService,
  createTopazRelationDirectory,
  TopazDecisionServiceOptionsSchema,
} from './index.ts';

function configError(create: () => unknown): AuthzConfigError {
  try {
    create();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthzConfigError);
    return error as AuthzConfigError;
  }
  throw new Error('expected an AuthzConfigError');
}

describe('Topaz adapter options', () => {
  it('holds the defaults: 1 s deadline, certificate verified, pool of 1 to 10 connections', () => {
    const config = TopazDecisionServiceOptionsSchema.parse({
      url: 'localhost:8282',
      policyInstanceName: 'webapp',
    });
    expect(config).toMatchObject({
      timeoutMs: 1_000,
      insecure: false,
      pool: { minConnections: 1, maxConnections: 10 },
    });
  });

  it('names the field of an invalid option', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'https://localhost', policyInstanceName: 'w' }, 'url'],
      [{ url: 'localhost:8282' }, 'policyInstanceName'],
      [{ url: 'localhost:8282', policyInstanceName: 'w', timeoutMs: 0 }, 'timeoutMs'],
      [{ url: 'localhost:8282', policyInstanceName: 'w', apiKey: 'k', token: 'Bearer t' }, 'token'],
      [
        { url: 'localhost:8282', policyInstanceName: 'w', pool: { minConnections: 5, maxConnections: 2 } },
        'pool.minConnections',
      ],
      [{ url: 'localhost:8282', policyInstanceName: 'w', caCert: '/etc/topaz/ca.pem' }, 'caCert'],
      [
        { url: 'localhost:8282', policyInstanceName: 'w', caFile: '/etc/topaz/ca.pem', insecure: true },
        'insecure',
      ],
    ];
    for (const [options, field] of cases) {
      const error = configError(() => createTopazDecisionService(options as never));
      expect(error.field).toBe(field);
    }
  });

  it('refuses options it does not know, by name, and policy options on the directory', () => {
    const misspelt = configError(() =>
      createTopazDecisionService({
        url: 'localhost:8282',
        policyInstanceName: 'w',
        caCert: 'ca.pem',
      } as never),
    );
    expect(misspelt.message).toBe('caCert: is not an option here');
    const onDirectory = configError(() =>
      createTopazRelationDirectory({ url: 'localhost:9292', policyInstanceName: 'w' } as never),
    );
    expect(onDirectory.field).toBe('policyInstanceName');
  });

  it('refuses a CA file together with insecure', () => {
    const error = configError(() =>
      createTopazRelationDirectory({ url: 'localhost:9292', caFile: 'ca.pem', insecure: true }),
    );
    expect(error.message).toContain(
      'set either caFile (verify against that CA) or insecure (verify nothing), not both',
    );
  });

  it('explains why a pool is invalid', () => {
    const error = configError(() =>
      createTopazDecisionService({
        url: 'localhost:8282',
        policyInstanceName: 'w',
        pool: { minConnections: 5, maxConnections: 2 },
      }),
    );
    expect(error.message).toContain('must not exceed maxConnections');
  });

  it('fails at construction when the CA file cannot be read', () => {
    const error = configError(() =>
      createTopazRelationDirectory({ url: '[::1]:9292', caFile: '/nonexistent/topaz-ca.pem' }),
    );
    expect(error.field).toBe('caFile');
    expect(error.message).toContain('/nonexistent/topaz-ca.pem');
  });
});
