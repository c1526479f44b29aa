import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Authorizer as SdkAuthorizer } from '@aserto/aserto-node';
import { IdentityType } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import { generate } from 'selfsigned';
import { describe, expect, it } from 'vitest';
import { AuthzConfigError } from '../../core/index.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import { freePort } from '../../test/support/free-port.ts';
import { startTopazCompatibleServer, TopazServerError } from './index.ts';
import { MemoryRelationDirectory, startTestTopazServer } from './testing/index.ts';

const backends = () => ({
  decisionService: new InMemoryDecisionService({ rules: { 'app.GET.x': () => true } }),
  relationDirectory: new MemoryRelationDirectory(),
});
const isRequest = {
  identityContext: { type: IdentityType.SUB, identity: 'alice' },
  policyContext: { path: 'app.GET.x', decisions: ['allowed'] },
};

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function failure(start: Promise<unknown>): Promise<unknown> {
  return start.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('startTopazCompatibleServer', () => {
  it('rejects invalid settings with an error naming the field', async () => {
    const badPort = await failure(
      startTopazCompatibleServer({ ...backends(), ports: { authorizer: 70_000 } }),
    );
    expect(badPort).toBeInstanceOf(AuthzConfigError);
    expect((badPort as AuthzConfigError).field).toBe('ports.authorizer');
    const badCert = await failure(
      startTopazCompatibleServer({ ...backends(), tls: { cert: 'nope', key: 'nope' } }),
    );
    expect((badCert as AuthzConfigError).field).toBe('tls.cert');
    const noService = await failure(
      startTopazCompatibleServer({ ...backends(), decisionService: undefined as never }),
    );
    expect((noService as AuthzConfigError).field).toBe('decisionService');
  });

  it('reports a port in use as listen_failed and releases the ports it had already bound', async () => {
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const busy = (blocker.address() as net.AddressInfo).port;
    const authorizer = await freePort();
    try {
      const error = await failure(
        startTopazCompatibleServer({ ...backends(), ports: { authorizer, directory: 0, gateway: busy } }),
      );
      expect(error).toBeInstanceOf(TopazServerError);
      expect((error as TopazServerError).code).toBe('listen_failed');
      expect((error as Error).message).toContain(`REST gateway cannot listen on 127.0.0.1:${busy}`);
      expect(await refused(authorizer)).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('serves with a provided certificate and hands it out as caCert', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const topaz = await startTestTopazServer({ ...backends(), tls: { cert: pems.cert, key: pems.private } });
    try {
      expect(topaz.server.caCert).toBe(pems.cert);
      const caFile = path.join(tmpdir(), `gatehouse-provided-${process.pid}.pem`);
      await writeFile(caFile, pems.cert);
      const sdk = new SdkAuthorizer({ authorizerServiceUrl: topaz.server.authorizerUrl, caFile });
      expect(await sdk.Is(isRequest)).toBe(true);
    } finally {
      await topaz.close();
    }
  });

  it('closes every listener and ends the client connections', async () => {
    const topaz = await startTestTopazServer(backends());
    const sdk = new SdkAuthorizer({ authorizerServiceUrl: topaz.server.authorizerUrl, caFile: topaz.caFile });
    expect(await sdk.Is(isRequest)).toBe(true);
    expect(topaz.server.connections().authorizer).toEqual({ opened: 1, active: 1 });
    await topaz.close();
    expect(topaz.server.connections().authorizer.active).toBe(0);
    const ports = [topaz.server.authorizerUrl, topaz.server.directoryUrl, topaz.server.restUrl].map((url) =>
      Number(url.split(':').at(-1)),
    );
    expect(await Promise.all(ports.map(refused))).toEqual([true, true, true]);
  });
});
