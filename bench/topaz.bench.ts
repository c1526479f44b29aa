/**
 * `npm run bench -- topaz` (given a topazd: TOPAZD, else `topazd` on PATH): the application's
 * policies and manifest on a real Topaz started for the run, beside the embedded engine with the
 * same data (memory store, Topaz's input):
 * (a) a warm `Is` (webapp.GET.api.documents.__id, a signed-in owner) one call at a time on one
 *     connection, through `@gatehousejs/topaz` and through a Go client on go-authorizer
 *     (`bench/topaz-go-client`, run with `go run`), interleaved rounds; goal: adapter ≤ 1.2× Go;
 * (b) the authorized list at 100 / 1,000 / 10,000 readable documents: the graph search of what the
 *     caller can read (Topaz `GetGraph`; the engine's store) and the policy's decisions on one page
 *     of 100 rows (core's `filterAuthorized`, decision cache off) — as one set decision
 *     (`decideSet`, `webapp.check.allowed_object_ids`) and, side by side, item by item (the same
 *     service without `decideSet`);
 * (c) listings of 2,000 readable documents through the application on Topaz, the first after
 *     start included (topaz-app-lists.ts); goal: p50 ≤ 1 s on a quiet machine.
 * Wall-clock medians of rounds; the load average is printed, since Topaz shares the machine.
 * `TOPAZ_BENCH_PARTS` (e.g. `b,c`; default all) runs only some parts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  createAuthzConfig,
  type DecisionQuery,
  type DecisionService,
  filterAuthorized,
  type RelationGraph,
} from '@gatehousejs/core';
import { createMemoryRelationStore } from '@gatehousejs/engine';
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { findTopazd, TOPAZ_INSTALL_HINT } from '../app/stack/topaz-server.ts';
import { startTestTopaz } from '../test/support/topaz.ts';
import { printTable } from './measure.ts';
import { loadNow, machineLine, median, range } from './rounds.ts';
import { listingsOnTopaz } from './topaz-app-lists.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const POLICIES_DIR = path.join(HERE, '..', 'policies');
const CALLER = 'c0ffee00-1234-4cde-8f00-0123456789ab';
const LOCATION = { country_code: 'FR' };
const SIZES = [100, 1_000, 10_000] as const;
const CALLS = 1_500;
const WARMUP = 300;
const ROUNDS = 5;
const PAGE = 100;
const PARTS = new Set((process.env.TOPAZ_BENCH_PARTS ?? 'a,b,c').split(',').map((p) => p.trim()));

/** The same service without its set decision: core then decides item by item (`decideBatch`). */
function itemByItem(service: DecisionService): DecisionService {
  return {
    decide: (query, options) => service.decide(query, options),
    ...(service.decideBatch ? { decideBatch: service.decideBatch.bind(service) } : {}),
  };
}

const isQuery: DecisionQuery = {
  identity: { type: 'IDENTITY_TYPE_SUB', value: CALLER },
  policyPath: 'webapp.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id: '1', location: LOCATION },
};

/** Median microseconds of `call`, one at a time, after a warm-up. */
async function perCall(call: () => Promise<boolean>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) if (!(await call())) throw new Error('the warm call was denied');
  const took: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await call();
    took.push((performance.now() - start) * 1_000);
  }
  return median(took);
}

/** The Go client's median microseconds (it prints one JSON line). */
async function goClient(authorizerUrl: string, caFile: string): Promise<number> {
  const { stdout } = await promisify(execFile)(
    'go',
    [
      'run',
      '.',
      `-addr=${authorizerUrl}`,
      `-ca=${caFile}`,
      `-subject=${CALLER}`,
      `-path=${isQuery.policyPath}`,
      `-resource=${JSON.stringify(isQuery.resourceContext)}`,
      `-calls=${CALLS}`,
      `-warmup=${WARMUP}`,
    ],
    { cwd: path.join(HERE, 'topaz-go-client'), timeout: 10 * 60_000 },
  );
  const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    allowed: boolean;
    medianNs: number;
  };
  if (!result.allowed) throw new Error('the Go client was denied');
  return result.medianNs / 1_000;
}

/** Milliseconds of one authorized list: the graph search, then the policy on a page of rows. */
async function listOnce(graph: RelationGraph, service: DecisionService, size: number): Promise<number> {
  const config = createAuthzConfig<null>({
    policyPathRoot: 'webapp',
    decisionService: service,
    identityProvider: () => ({ type: 'IDENTITY_TYPE_SUB', value: CALLER }),
    resourceContextProvider: () => ({ location: LOCATION }),
  });
  const start = performance.now();
  const ids = await graph.findObjects({
    objectType: 'document',
    relation: 'can_read',
    subjectType: 'user',
    subjectId: CALLER,
  });
  const shown = await filterAuthorized(config, null, ids.slice(0, PAGE), {
    objectType: 'document',
    relation: 'can_read',
    objectId: (id) => id,
  });
  const took = performance.now() - start;
  if (ids.length !== size || shown.length !== Math.min(PAGE, size)) {
    throw new Error(`found ${ids.length} of ${size}, shown ${shown.length}`);
  }
  return took;
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const topazd = findTopazd();
  if (!topazd) {
    console.log(`topaz: did not run — ${TOPAZ_INSTALL_HINT}`);
    return;
  }
  console.log(`topaz: ${topazd}; ${machineLine()}`);
  if (PARTS.has('a') || PARTS.has('b')) await onTopazAndEngine();
  if (PARTS.has('c')) await listingsOnTopaz();
}

/** Parts (a) and (b): a Topaz and an engine with the same data. */
async function onTopazAndEngine(): Promise<void> {
  const manifest = await loadManifestFile(path.join(POLICIES_DIR, 'manifest.yaml'));
  const store = createMemoryRelationStore({ manifest });
  const engine = await createEmbeddedDecisionService({
    policiesDir: POLICIES_DIR,
    store,
    input: 'topaz',
    setDecisions: true,
  });
  const topaz = await startTestTopaz();
  try {
    const directory = topaz.directory({ timeoutMs: 30_000 });
    const adapter = topaz.decisionService({ maxConnections: 1 });
    const lists = topaz.decisionService({ maxConnections: 10 });
    const user = [
      { type: 'user', id: CALLER },
      { type: 'identity', id: CALLER },
    ];
    const identifier = {
      objectType: 'user',
      objectId: CALLER,
      relation: 'identifier',
      subjectType: 'identity',
      subjectId: CALLER,
    };
    for (const target of [directory, store]) {
      for (const object of user) await target.setObject(object);
      await target.setRelation(identifier);
    }
    let loaded = 0;
    /** Documents up to `size`, owned by the caller, written ten at a time. */
    const loadUpTo = async (size: number) => {
      for (; loaded < size; loaded += 10) {
        await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const id = String(loaded + i + 1);
            const owner = {
              objectType: 'document',
              objectId: id,
              relation: 'owner',
              subjectType: 'user',
              subjectId: CALLER,
            };
            await directory.setObject({ type: 'document', id });
            await directory.setRelation(owner);
            await store.setObject({ type: 'document', id });
            await store.setRelation(owner);
          }),
        );
      }
    };
    await loadUpTo(SIZES[0]);
    if (PARTS.has('a')) await warmIs(adapter, topaz.authorizerUrl, topaz.caFile, engine);
    if (PARTS.has('b')) await authorizedLists(directory, lists, store, engine, loadUpTo);
  } finally {
    await engine.close();
    await topaz.stop();
  }
}

/** Part (a): a warm `Is` through the adapter, the Go client and the engine, interleaved rounds. */
async function warmIs(
  adapter: DecisionService,
  authorizerUrl: string,
  caFile: string,
  engine: DecisionService,
): Promise<void> {
  const loads = [loadNow()];
  const adapterUs: number[] = [];
  const goUs: number[] = [];
  const engineUs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    adapterUs.push(await perCall(async () => (await adapter.decide(isQuery)).allowed === true));
    goUs.push(await goClient(authorizerUrl, caFile));
    engineUs.push(await perCall(async () => (await engine.decide(isQuery)).allowed === true));
    loads.push(loadNow());
  }
  const us = (x: number) => `${x.toFixed(0)} µs`;
  printTable(
    `topaz (a): a warm Is, one call at a time (medians of ${CALLS} calls; ${ROUNDS} interleaved rounds)`,
    [
      { client: '@gatehousejs/topaz → Topaz', median: us(median(adapterUs)), rounds: range(adapterUs, us) },
      { client: 'Go, go-authorizer → Topaz', median: us(median(goUs)), rounds: range(goUs, us) },
      { client: 'embedded engine (in process)', median: us(median(engineUs)), rounds: range(engineUs, us) },
    ],
  );
  const ratio = median(adapterUs.map((a, i) => a / (goUs[i] as number)));
  console.log(
    `adapter / Go: ${ratio.toFixed(2)}× (median of per-round ratios; goal ≤ 1.2×) — ${ratio <= 1.2 ? 'met' : 'not met'}; load ${range(loads, (x) => x.toFixed(1))}`,
  );
}

/** Part (b): the authorized list at each size, set decision and item by item, Topaz and engine. */
async function authorizedLists(
  directory: RelationGraph,
  lists: DecisionService,
  store: RelationGraph,
  engine: DecisionService,
  loadUpTo: (size: number) => Promise<void>,
): Promise<void> {
  const rows: Record<string, string>[] = [];
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const ways = [
    ['Topaz, set', directory, lists],
    ['Topaz, item by item', directory, itemByItem(lists)],
    ['engine, set', store, engine],
    ['engine, item by item', store, itemByItem(engine)],
  ] as const;
  for (const size of SIZES) {
    await loadUpTo(size);
    const took = ways.map((): number[] => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [, graph, service]] of ways.entries())
        took[i]?.push(await listOnce(graph, service, size));
    }
    const row: Record<string, string> = { readable: size.toLocaleString('en') };
    for (const [i, [name]] of ways.entries()) {
      row[name] = `${ms(median(took[i] ?? []))} (${range(took[i] ?? [], ms)})`;
    }
    row.load = loadNow().toFixed(1);
    rows.push(row);
  }
  printTable(
    `topaz (b): the authorized list — graph search of the readable documents + the policy on a page of ${PAGE}, as one set decision and item by item (medians of ${ROUNDS} rounds, range)`,
    rows,
  );
}
