import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDecisionServiceContract } from '../../core/ports/decision-service.contract.ts';
import { contractRules } from '../../core/testing/contract-rules.ts';
import { InMemoryDecisionService } from '../../core/testing/in-memory-decision-service.ts';
import {
  createEmbeddedDecisionService,
  createMemoryRelationStore,
  parseManifest,
} from '../../engine/index.ts';
import { MemoryRelationDirectory, startTestTopazServer } from '../../engine/server/testing/index.ts';
import { createTopazDecisionService, createTopazRelationDirectory } from './index.ts';

// The adapter talks gRPC (TLS, loopback) to the Topaz-compatible server, backed by the real
// embedded engine: the fixture's Rego policies and manifest, evaluated as the in-process engine
// evaluates them (engine/embedded-decision-service.test.ts runs the same cases in-process). The
// fixture's objects and relations are written through Topaz's directory API with the adapter's
// directory client, as an application's outbox relay writes them.
runDecisionServiceContract(
  'Topaz adapter over gRPC to the embedded engine behind the server',
  async (fixture) => {
    const policiesDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-contract-'));
    for (const { file, source } of fixture.policies) {
      await mkdir(path.dirname(path.join(policiesDir, file)), { recursive: true });
      await writeFile(path.join(policiesDir, file), source);
    }
    const store = createMemoryRelationStore({ manifest: parseManifest(fixture.manifest, 'manifest.yaml') });
    const engine = await createEmbeddedDecisionService({ policiesDir, store });
    const topaz = await startTestTopazServer({
      decisionService: engine,
      relationDirectory: engine.directory,
      policyCatalog: engine,
      queryEvaluator: engine,
      manifestStore: engine,
    });
    const directory = createTopazRelationDirectory({ url: topaz.server.directoryUrl, caFile: topaz.caFile });
    for (const object of fixture.objects) await directory.setObject(object);
    for (const relation of fixture.relations) await directory.setRelation(relation);
    await directory.close();
    const service = createTopazDecisionService({
      url: topaz.server.authorizerUrl,
      caFile: topaz.caFile,
      policyInstanceName: 'contract',
      timeoutMs: 10_000,
    });
    return {
      service,
      close: async () => {
        await service.close();
        await topaz.close();
        await engine.close();
        await store.close();
        await rm(policiesDir, { recursive: true, force: true });
      },
    };
  },
);

// The same cases against a server backed by the in-memory double evaluating the fixture's rules.
runDecisionServiceContract(
  'Topaz adapter over gRPC to the in-memory double behind the server',
  async (fixture) => {
    const topaz = await startTestTopazServer({
      decisionService: new InMemoryDecisionService({ rules: contractRules(fixture) }),
      relationDirectory: new MemoryRelationDirectory(),
    });
    const service = createTopazDecisionService({
      url: topaz.server.authorizerUrl,
      caFile: topaz.caFile,
      policyInstanceName: 'contract',
      timeoutMs: 10_000,
    });
    return {
      service,
      close: async () => {
        await service.close();
        await topaz.close();
      },
    };
  },
);
