/**
 * `npm run bench -- engine-batch`: the cost per document of authorizing a list with the embedded
 * engine — the application's policies (`webapp.check` can_read: location rules and `ds.check`)
 * with Topaz's input (the caller resolved to a directory user, as the application runs it), a
 * memory store holding the caller's 1,000 documents among 100,000 relations:
 * (a) `decideBatch` of 1,000 queries (in batches of 100, as core sends them);
 * (b) core's `filterAuthorized` over the same 1,000 documents, decision cache off (what a list
 *     route pays, minus HTTP and the database), row by row and — with `setDecisions`, as the
 *     application's engine runs over a directory loaded whole — as one set question;
 * (c) one `decide`, and the store's own check, for scale.
 * Target: ≤ 5 µs per document in (a) and (b). CPU time of this process, medians of rounds, once
 * every variant ran warm-up lists (a server's list route runs compiled code: the first lists of a
 * fresh process also pay for the JIT compiling the evaluator, on its own threads, counted in this
 * process's CPU time).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthzConfig, type DecisionQuery, filterAuthorized } from '@gatehousejs/core';
import { createMemoryRelationStore, type RelationStore } from '@gatehousejs/engine';
import { createEmbeddedDecisionService, loadManifestFile } from '@gatehousejs/engine/node';
import { printTable } from './measure.ts';
import { loadNow, machineLine, median, range } from './rounds.ts';

const POLICIES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'policies');
const DOCUMENTS = 1_000;
const BATCH = 100;
const ROUNDS = 15;
/** Lists of each variant run before any is measured. */
const WARM_UP = 20;
const TARGET_US = 5;
const CALLER = 'c0ffee00-1234-4cde-8f00-0123456789ab';
const LOCATION = { country_code: 'FR' };

/** The caller (with its identity), its documents, and other users' relations up to 100,000. */
async function fill(store: RelationStore): Promise<void> {
  // As the application writes them: the user's id is its subject at the identity provider.
  await store.setObject({ type: 'user', id: CALLER, displayName: 'Alice', properties: { email: 'a@x' } });
  await store.setObject({ type: 'identity', id: CALLER, displayName: '', properties: {} });
  await store.setRelation({
    objectType: 'user',
    objectId: CALLER,
    relation: 'identifier',
    subjectType: 'identity',
    subjectId: CALLER,
  });
  let count = 1;
  const set = async (objectId: string, relation: string, subjectId: string) => {
    await store.setRelation({ objectType: 'document', objectId, relation, subjectType: 'user', subjectId });
    count++;
  };
  for (let d = 0; d < DOCUMENTS; d++) await set(`doc-${d}`, d % 2 === 0 ? 'owner' : 'reader', CALLER);
  for (let d = DOCUMENTS; count < 100_000; d++) await set(`doc-${d}`, 'owner', `user-${d % 5_000}`);
}

/** What core sends for one document of the list (the relationship flow's resource context). */
function query(d: number): DecisionQuery {
  return {
    identity: { type: 'IDENTITY_TYPE_SUB', value: CALLER },
    policyPath: 'webapp.check',
    decisions: ['allowed'],
    resourceContext: {
      id: String(d),
      location: LOCATION,
      object_type: 'document',
      object_id: `doc-${d}`,
      relation: 'can_read',
      subject_type: 'user',
    },
  };
}

/** CPU microseconds per document of `list`, one sample per round. */
async function perDocument(list: () => Promise<number>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await list();
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    const allowed = await list();
    const used = process.cpuUsage(start);
    if (allowed !== DOCUMENTS) throw new Error(`${allowed} of ${DOCUMENTS} documents allowed`);
    samples.push((used.user + used.system) / DOCUMENTS);
  }
  return samples;
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const store = createMemoryRelationStore({
    manifest: await loadManifestFile(path.join(POLICIES_DIR, 'manifest.yaml')),
  });
  await fill(store);
  const service = await createEmbeddedDecisionService({ policiesDir: POLICIES_DIR, store, input: 'topaz' });
  const queries = Array.from({ length: DOCUMENTS }, (_, d) => query(d));
  const batched = async () => {
    let allowed = 0;
    for (let i = 0; i < DOCUMENTS; i += BATCH) {
      for (const d of await service.decideBatch(queries.slice(i, i + BATCH))) if (d.allowed) allowed++;
    }
    return allowed;
  };
  const config = createAuthzConfig<null>({
    policyPathRoot: 'webapp',
    decisionService: service,
    identityProvider: () => ({ type: 'IDENTITY_TYPE_SUB', value: CALLER }),
    resourceContextProvider: () => ({ location: LOCATION }),
  });
  const setService = await createEmbeddedDecisionService({
    policiesDir: POLICIES_DIR,
    store,
    input: 'topaz',
    setDecisions: true,
  });
  const setConfig = createAuthzConfig<null>({
    policyPathRoot: 'webapp',
    decisionService: setService,
    identityProvider: () => ({ type: 'IDENTITY_TYPE_SUB', value: CALLER }),
    resourceContextProvider: () => ({ location: LOCATION }),
  });
  const documents = Array.from({ length: DOCUMENTS }, (_, d) => d);
  const filterWith = (authz: typeof config) => async () =>
    (
      await filterAuthorized(authz, null, documents, {
        objectType: 'document',
        relation: 'can_read',
        objectId: (d) => `doc-${d}`,
      })
    ).length;
  const filtered = filterWith(config);
  const one = async () => {
    let allowed = 0;
    for (const q of queries) if ((await service.decide(q)).allowed) allowed++;
    return allowed;
  };
  const checks = async () => {
    let allowed = 0;
    for (let d = 0; d < DOCUMENTS; d++) {
      const check = {
        objectType: 'document',
        objectId: `doc-${d}`,
        relation: 'can_read',
        subjectType: 'user',
      };
      if (store.checkNow({ ...check, subjectId: CALLER })) allowed++;
    }
    return allowed;
  };
  const variants = [
    [`decideBatch, ${DOCUMENTS} queries in batches of ${BATCH}`, batched, true],
    [`filterAuthorized (core → decideBatch), decision cache off`, filtered, true],
    [
      `filterAuthorized (core → decideSet, one set question), decision cache off`,
      filterWith(setConfig),
      true,
    ],
    [`decide, one query at a time`, one, false],
    ['store.checkNow by hand (the directory alone)', checks, false],
  ] as const;
  for (let i = 0; i < WARM_UP; i++) for (const [, list] of variants) await list();
  const loads: number[] = [];
  const figures: [string, number[], boolean][] = [];
  for (const [what, list, target] of variants) {
    loads.push(loadNow());
    figures.push([what, await perDocument(list), target]);
  }
  printTable(
    `engine-batch: CPU per document of a ${DOCUMENTS}-document list (webapp.check can_read, Topaz input), medians of ${ROUNDS} rounds`,
    figures.map(([what, samples, target]) => ({
      what,
      'µs per document': median(samples).toFixed(2),
      range: range(samples, (x) => x.toFixed(2)),
      [`target ≤ ${TARGET_US} µs`]: target ? (median(samples) <= TARGET_US ? 'met' : 'MISSED') : '—',
    })),
  );
  console.log(`\n${machineLine()}; load during the runs ${range(loads, (x) => x.toFixed(1))}.`);
  await service.close();
  await setService.close();
  await store.close();
}
