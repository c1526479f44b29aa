/**
 * Starting on Topaz against a scripted gRPC responder: the policies Topaz lists and the manifest
 * its directory holds (model API `GetManifest`, streamed in parts) decide whether the start goes on.
 */
import { readFile } from 'node:fs/promises';
import { Authorizer } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/authorizer_pb.js';
import { Model } from '@aserto/node-directory/src/gen/cjs/aserto/directory/model/v3/model_pb.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedGrpcServer, startScriptedGrpcServer } from '../../test/support/scripted-grpc.ts';
import { TOPAZ_DEFAULTS } from '../config/index.ts';
import { AuthorizationStartError } from './authorization-error.ts';
import { startTopazAuthorization } from './topaz-authorization.ts';

const shipped = await readFile(new URL('../../policies/manifest.yaml', import.meta.url), 'utf8');
let responder: ScriptedGrpcServer;
let manifest = shipped;

/** The manifest as Topaz streams it: metadata, then the text in parts of at most 64 bytes. */
function manifestParts(text: string) {
  const bytes = Buffer.from(text);
  const parts = [];
  for (let at = 0; at < bytes.byteLength; at += 64) parts.push(bytes.subarray(at, at + 64));
  return [
    { msg: { case: 'metadata' as const, value: { etag: '1' } } },
    ...parts.map((data) => ({ msg: { case: 'body' as const, value: { data } } })),
  ];
}

beforeAll(async () => {
  responder = await startScriptedGrpcServer();
  responder.on(Authorizer.method.listPolicies, () => ({
    message: { result: [{ packagePath: 'data.webapp.GET.api.documents' }] },
  }));
  responder.on(Model.method.getManifest, () => ({ messages: manifestParts(manifest) }));
});

afterAll(async () => {
  await responder?.stop();
});

const start = () =>
  startTopazAuthorization({
    url: responder.url,
    directoryUrl: responder.url,
    tenantId: undefined,
    apiKey: undefined,
    caCertFile: responder.caFile,
    insecure: false,
    policyInstanceName: 'webapp',
    timeoutMs: 5_000,
    pool: { minConnections: 0, maxConnections: TOPAZ_DEFAULTS.maxConnections },
  });

async function refusal(): Promise<AuthorizationStartError> {
  const error = await start().then(
    async (backend) => {
      await backend.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthorizationStartError);
  return error as AuthorizationStartError;
}

describe('starting on Topaz checks the directory model', () => {
  it('starts when the directory holds the application manifest, read from all its parts', async () => {
    manifest = shipped;
    const backend = await start();
    await backend.close();
    expect(responder.requests('GetManifest').length).toBeGreaterThan(0);
  });

  it('refuses a directory without a manifest in one line', async () => {
    manifest = '';
    const error = await refusal();
    expect(error.code).toBe('directory_model_incomplete');
    expect(error.message).toBe(
      `Topaz's directory at ${responder.url} has no directory model (no manifest set): set the application's policies/manifest.yaml`,
    );
  });

  it('names what a manifest without groups lacks', async () => {
    manifest =
      'model:\n  version: 3\ntypes:\n  user:\n    relations:\n      identifier: identity\n  identity: {}\n';
    const error = await refusal();
    expect(error.code).toBe('directory_model_incomplete');
    expect(error.message).not.toContain('\n');
    expect(error.message).toBe(
      `Topaz's directory at ${responder.url} lacks what the application writes and asks: ` +
        'object type group, object type folder, object type document',
    );
  });

  it('reports a directory that does not give its manifest as Topaz unavailable', async () => {
    responder.on(Model.method.getManifest, () => ({ status: 14, text: 'connection refused' }));
    try {
      const error = await refusal();
      expect(error.code).toBe('topaz_unavailable');
      expect(error.message).toContain(`Topaz's directory at ${responder.url} did not give its manifest`);
    } finally {
      responder.on(Model.method.getManifest, () => ({ messages: manifestParts(manifest) }));
    }
  });
});
