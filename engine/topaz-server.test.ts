import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DirectoryV3, Authorizer as SdkAuthorizer } from '@aserto/aserto-node';
import { IdentityType } from '@aserto/node-authorizer/src/gen/cjs/aserto/authorizer/v2/api/identity_context_pb.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionServiceFixture } from '../core/ports/decision-service.fixture.ts';
import { createMemoryRelationStore, parseManifest, type RelationStore } from './directory/index.ts';
import { createEmbeddedDecisionService, type EmbeddedDecisionService } from './embedded-decision-service.ts';
import { renderManifest } from './manifest-text.ts';
import { startTopazCompatibleServer, type TopazCompatibleServer } from './server/index.ts';
import { createTempPolicyDir, type TempPolicyDir } from './temp-policy-dir.ts';

let policies: TempPolicyDir;
let store: RelationStore;
let service: EmbeddedDecisionService;
let server: TopazCompatibleServer;
let caDir: string;
let authorizer: SdkAuthorizer;
let directory: DirectoryV3;

const sub = (identity: string) => ({ type: IdentityType.SUB, identity });

beforeAll(async () => {
  const fixture = decisionServiceFixture;
  store = createMemoryRelationStore({ manifest: parseManifest(fixture.manifest, 'manifest.yaml') });
  for (const object of fixture.objects) await store.setObject(object);
  for (const relation of fixture.relations) await store.setRelation(relation);
  policies = await createTempPolicyDir(fixture.policies);
  service = await createEmbeddedDecisionService({ policiesDir: policies.dir, store });
  // The engine is every backend the server takes.
  server = await startTopazCompatibleServer({
    decisionService: service,
    relationDirectory: service.directory,
    policyCatalog: service,
    queryEvaluator: service,
    manifestStore: service,
    ports: { authorizer: 0, gateway: 0, directory: 0 },
    closeGraceMs: 200,
  });
  caDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-engine-ca-'));
  const caFile = path.join(caDir, 'ca.pem');
  await writeFile(caFile, server.caCert);
  authorizer = new SdkAuthorizer({ authorizerServiceUrl: server.authorizerUrl, caFile });
  directory = new DirectoryV3({ url: server.directoryUrl, caFile });
});

afterAll(async () => {
  await server?.close();
  await service?.close();
  await store?.close();
  await policies?.remove();
  if (caDir) await rm(caDir, { recursive: true, force: true });
});

describe('the embedded engine behind the Topaz-compatible server', () => {
  it('answers Is and DecisionTree from the loaded policies', async () => {
    const is = await authorizer.AuthClient.is({
      identityContext: sub('alice'),
      policyContext: { path: 'contract.POST.items', decisions: ['allowed', 'visible'] },
    });
    expect(is.decisions.map((d) => [d.decision, d.is])).toEqual([
      ['allowed', true],
      ['visible', true],
    ]);
    const tree = await authorizer.DecisionTree({
      identityContext: sub('bob'),
      policyContext: { path: 'contract.GET', decisions: ['allowed'] },
      resourceContext: { owner: 'bob' },
    });
    expect(tree.path).toEqual({
      'contract.GET.items': { allowed: true },
      'contract.GET.items.__id': { allowed: true },
    });
  });

  it('lists the policy modules with their ids relative to the policy directory', async () => {
    const modules = await authorizer.ListPolicies({});
    expect(modules.map((m) => m.id).sort()).toEqual(
      decisionServiceFixture.policies.map((p) => p.file).sort(),
    );
    const check = modules.find((m) => m.id === 'contract/check.rego');
    expect(check?.packagePath).toBe('data.contract.check');
    expect(check?.raw).toContain('ds.check(');
  });

  it('evaluates Query with the caller as input.identity', async () => {
    const response = await authorizer.Query({
      query: 'x = data.contract.check.allowed',
      input: '',
      identityContext: sub('bob'),
      resourceContext: {
        object_type: 'document',
        object_id: 'doc-1',
        relation: 'can_read',
        subject_type: 'user',
      },
    });
    expect(response).toEqual({
      result: [
        {
          expressions: [
            { value: true, text: 'x = data.contract.check.allowed', location: { row: 1, col: 1 } },
          ],
          bindings: { x: true },
        },
      ],
    });
  });

  it('serves the store model through the model API', async () => {
    const manifest = await directory.getManifest();
    expect(manifest.body).toBe(renderManifest(store.model));
  });
});
