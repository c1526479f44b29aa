/**
 * `npm run bench -- engine.bench`: the embedded decision service end to end — `decide` with its
 * input checks and input building, the compiled policies and the directory — for
 * (a) a document read decision in the style of the specification's rules table, on
 *     resource-context data, next to the bare `PolicySet.evaluate` of the same policies and a
 *     hand-written function (what the service adds, and the ratio that matters);
 * (b) a relationship decision of the application's policies (`webapp.check`: location rules and
 *     `ds.check` through `policies/manifest.yaml`) on a memory store of 100,000 relations, next to
 *     the store's own `checkNow`;
 * (c) loading the application's policies (`policies/`: read, parse, compile) into a service.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DecisionQuery } from '@gatehousejs/core';
import {
  compilePolicies,
  createMemoryRelationStore,
  type RelationStore,
  standardBuiltins,
} from '@gatehousejs/engine';
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { DOCUMENT_CASES, DOCUMENT_POLICIES, handWritten, RESTRICTED } from './engine-document-workload.ts';
import { formatDuration, measure, printTable } from './measure.ts';

const POLICIES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies');

const USERS = 10_000;
const DOCUMENTS = 30_000;

/** 100,000 relations: per document an owner, a writer, a reader; every tenth document public. */
async function fillStore(store: RelationStore): Promise<number> {
  let count = 0;
  const set = async (objectId: string, relation: string, subjectId: string) => {
    await store.setRelation({ objectType: 'document', objectId, relation, subjectType: 'user', subjectId });
    count++;
  };
  const user = (i: number) => `user-${i % USERS}`;
  for (let d = 0; d < DOCUMENTS; d++) {
    await set(`doc-${d}`, 'owner', user(d));
    await set(`doc-${d}`, 'writer', user(d + 1));
    await set(`doc-${d}`, 'reader', user(d + 2));
    if (d % 10 === 0) await set(`doc-${d}`, 'reader', '*');
  }
  for (let u = 0; count < 100_000; u++) await set(`doc-${u % DOCUMENTS}`, 'reader', user(u + 7));
  return count;
}

const relationQuery = (user: number, document: number, country = 'FR'): DecisionQuery => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: `user-${user}` },
  policyPath: 'webapp.check',
  decisions: ['allowed'],
  resourceContext: {
    object_type: 'document',
    object_id: `doc-${document}`,
    relation: 'can_read',
    subject_type: 'user',
    location: { country_code: country },
  },
});

const RELATION_CASES: [DecisionQuery, boolean][] = [
  [relationQuery(1_000, 1_000), true], // owner
  [relationQuery(1_001, 1_000), true], // writer
  [relationQuery(1_002, 1_000), true], // reader
  [relationQuery(5_000, 1_000), true], // public document
  [relationQuery(5_000, 1_001), false], // nothing
  [relationQuery(1_000, 1_000, 'IR'), false], // restricted country
];

async function writePolicies(files: readonly { file: string; source: string }[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-bench-'));
  for (const { file, source } of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), source);
  }
  return dir;
}

function rotating<T>(cases: readonly [DecisionQuery, boolean][], decide: (q: DecisionQuery) => T): () => T {
  let i = 0;
  return () => decide((cases[i++ % cases.length] as [DecisionQuery, boolean])[0]);
}

async function verify(
  name: string,
  cases: readonly [DecisionQuery, boolean][],
  decide: (q: DecisionQuery) => unknown,
): Promise<void> {
  for (const [query, expected] of cases) {
    if ((await decide(query)) !== expected)
      throw new Error(`${name} decided wrongly for ${JSON.stringify(query)}`);
  }
}

/** Median CPU nanoseconds per call: steadier than wall time on a loaded machine. */
async function cpuNs(operation: () => unknown, batch = 20_000, rounds = 15): Promise<number> {
  const isAsync = operation() instanceof Promise;
  const perOp: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < batch; i++) {
      const result = operation();
      if (isAsync) await result;
    }
    const used = process.cpuUsage(start);
    perOp.push(((used.user + used.system) * 1_000) / batch);
  }
  perOp.sort((a, b) => a - b);
  return perOp[Math.floor(perOp.length / 2)] as number;
}

interface Figure {
  readonly what: string;
  readonly medianNs: number;
  readonly p99Ns: number;
  readonly cpuNs: number;
}

async function figure(what: string, operation: () => unknown): Promise<Figure> {
  const wall = await measure(what, operation, { batch: 1_000, samples: 200, warmup: 20_000 });
  return { what, medianNs: wall.medianNs, p99Ns: wall.p99Ns, cpuNs: await cpuNs(operation) };
}

function rows(figures: readonly Figure[], baseline: Figure): Record<string, string>[] {
  return figures.map((f) => ({
    what: f.what,
    'wall median': formatDuration(f.medianNs),
    'wall p99': formatDuration(f.p99Ns),
    'CPU median': formatDuration(f.cpuNs),
    'CPU vs last row': `${(f.cpuNs / baseline.cpuNs).toFixed(1)}×`,
  }));
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  // (a) document decision on resource-context data
  const documentsDir = await writePolicies(DOCUMENT_POLICIES);
  const emptyStore = createMemoryRelationStore({
    manifest: await loadManifestFile(path.join(POLICIES_DIR, 'manifest.yaml')),
  });
  const documentService = await createEmbeddedDecisionService({
    policiesDir: documentsDir,
    store: emptyStore,
  });
  const bare = compilePolicies(DOCUMENT_POLICIES, { builtins: standardBuiltins });
  const viaService = async (q: DecisionQuery) => (await documentService.decide(q)).allowed;
  const viaEvaluate = (q: DecisionQuery) =>
    bare.evaluate('webapp.GET.api.documents.__id.allowed', {
      identity: q.identity,
      policy: { path: q.policyPath },
      resource: q.resourceContext,
    }) === true;
  await verify('service', DOCUMENT_CASES, viaService);
  await verify('evaluate', DOCUMENT_CASES, viaEvaluate);
  await verify('hand-written', DOCUMENT_CASES, handWritten);
  const hand = await figure('hand-written TypeScript', rotating(DOCUMENT_CASES, handWritten));
  const documentFigures = [
    await figure(
      'service.decide (input checks + building + evaluation)',
      rotating(DOCUMENT_CASES, viaService),
    ),
    await figure('PolicySet.evaluate (same policies, input prebuilt)', rotating(DOCUMENT_CASES, viaEvaluate)),
    hand,
  ];
  printTable('engine: document read decision (mix of the 6 rules-table cases)', rows(documentFigures, hand));
  await documentService.close();
  await rm(documentsDir, { recursive: true, force: true });

  // (b) relationship decision of the application's policies
  const store = createMemoryRelationStore({
    manifest: await loadManifestFile(path.join(POLICIES_DIR, 'manifest.yaml')),
  });
  const relations = await fillStore(store);
  const appService = await createEmbeddedDecisionService({ policiesDir: POLICIES_DIR, store });
  const viaCheck = async (q: DecisionQuery) => (await appService.decide(q)).allowed;
  const directCheck = (q: DecisionQuery) => {
    const r = q.resourceContext as { object_id: string; location: { country_code: string } };
    if (RESTRICTED.has(r.location.country_code)) return false;
    const check = {
      objectType: 'document',
      objectId: r.object_id,
      relation: 'can_read',
      subjectType: 'user',
    };
    return (
      store.checkNow({ ...check, subjectId: q.identity.value ?? '' }) ||
      store.checkNow({ ...check, subjectId: '*' })
    );
  };
  await verify('webapp.check', RELATION_CASES, viaCheck);
  await verify('checkNow', RELATION_CASES, directCheck);
  const direct = await figure('store.checkNow by hand (same answer)', rotating(RELATION_CASES, directCheck));
  const relationFigures = [
    await figure('service.decide webapp.check (location + ds.check)', rotating(RELATION_CASES, viaCheck)),
    direct,
  ];
  printTable(
    `engine: relationship decision (${relations.toLocaleString('en')} relations in memory)`,
    rows(relationFigures, direct),
  );

  // (c) loading the application's policies
  const load = await measure(
    'load',
    async () => (await createEmbeddedDecisionService({ policiesDir: POLICIES_DIR, store })).close(),
    { batch: 1, samples: 30, warmup: 5 },
  );
  printTable('engine: start-up', [
    {
      what: `createEmbeddedDecisionService on policies/ (${appService.packages.length} packages)`,
      'wall median': formatDuration(load.medianNs),
      'wall p99': formatDuration(load.p99Ns),
    },
  ]);
  await appService.close();
  await store.close();
  await emptyStore.close();
}
