/**
 * A real Topaz for one test file (`npm run test:topaz`): the user's `topazd` (TOPAZD or PATH),
 * started on free loopback ports in a temporary data directory from `deploy/topaz/config.yaml`,
 * with the given policies folder and manifest; and clients of it through the adapter.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DirectoryObject, Relation } from '@gatehousejs/core';
import {
  createTopazDecisionService,
  createTopazRelationDirectory,
  type TopazDecisionService,
  type TopazRelationDirectory,
} from '@gatehousejs/topaz';
import {
  findTopazd,
  startTopaz,
  TOPAZ_INSTALL_HINT,
  type TopazServer,
} from '../../app/stack/topaz-server.ts';
import { freePort } from './free-port.ts';

/** Options of {@link startTestTopaz}. */
export interface TestTopazOptions {
  /** Default: the repository's `policies/`. */
  readonly policiesDir?: string;
  /** Rego files to serve instead of a folder (written to a temporary one). */
  readonly policies?: readonly { readonly file: string; readonly source: string }[];
  /** Manifest YAML; default the policies folder's `manifest.yaml`; `null` sets none. */
  readonly manifest?: string | null;
}

/** A Topaz of a test file, with its data directory removed on `stop`. */
export interface TestTopaz extends TopazServer {
  /** A decision service on it (`webapp` instance unless named), closed by `stop`. */
  decisionService(options?: {
    policyInstanceName?: string;
    timeoutMs?: number;
    maxConnections?: number;
  }): TopazDecisionService;
  /** A directory client on it, closed by `stop`. */
  directory(options?: { timeoutMs?: number }): TopazRelationDirectory;
  /** Sets objects then relations. */
  load(objects: readonly DirectoryObject[], relations: readonly Relation[]): Promise<void>;
}

/** The `topazd` of this run; throws the install hint when there is none (the runner checks first). */
export function requireTopazd(): string {
  const topazd = findTopazd();
  if (!topazd) throw new Error(TOPAZ_INSTALL_HINT);
  return topazd;
}

/** Starts a Topaz on free ports; `stop()` it in `afterAll`. */
export async function startTestTopaz(options: TestTopazOptions = {}): Promise<TestTopaz> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-topaz-'));
  let policiesDir = options.policiesDir;
  if (options.policies) {
    policiesDir = path.join(dataDir, 'policies');
    for (const { file, source } of options.policies) {
      await mkdir(path.dirname(path.join(policiesDir, file)), { recursive: true });
      await writeFile(path.join(policiesDir, file), source);
    }
  }
  let manifestFile: string | null | undefined = options.manifest === null ? null : undefined;
  if (typeof options.manifest === 'string') {
    manifestFile = path.join(dataDir, 'manifest.yaml');
    await writeFile(manifestFile, options.manifest);
  }
  const ports = {
    authorizer: await freePort(),
    authorizerGateway: await freePort(),
    directory: await freePort(),
    directoryGateway: await freePort(),
    health: await freePort(),
  };
  const server = await startTopaz({ topazd: requireTopazd(), dataDir, policiesDir, manifestFile, ports });
  const clients: { close(): Promise<void> }[] = [];
  const directory = (o: { timeoutMs?: number } = {}) => {
    const client = createTopazRelationDirectory({
      url: server.directoryUrl,
      caFile: server.caFile,
      timeoutMs: o.timeoutMs ?? 10_000,
    });
    clients.push(client);
    return client;
  };
  return {
    ...server,
    decisionService(o = {}) {
      const service = createTopazDecisionService({
        url: server.authorizerUrl,
        caFile: server.caFile,
        policyInstanceName: o.policyInstanceName ?? 'webapp',
        timeoutMs: o.timeoutMs ?? 10_000,
        pool: { minConnections: 0, maxConnections: o.maxConnections ?? 10 },
      });
      clients.push(service);
      return service;
    },
    directory,
    async load(objects, relations) {
      const client = directory();
      for (const object of objects) await client.setObject(object);
      for (const relation of relations) await client.setRelation(relation);
    },
    async stop() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
