/**
 * `npm run bench -- engine-directory`: the embedded directory's check through a three-level
 * arrow chain (document → folder → folder → organization membership) on a store of 100,000
 * relations, next to a hand-written function over plain Maps computing the same answer; plus
 * the memory and load time of those 100,000 relations in the memory store.
 *
 * Memory is the heap delta after a full GC. `npm run bench` does not pass `--expose-gc`, so the
 * benchmark enables it at run time (`v8.setFlagsFromString('--expose-gc')`, then takes `gc` from
 * a fresh VM context); `global.gc` is used instead when node runs with `--expose-gc`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RelationCheck } from '@gatehousejs/core';
import {
  compilePolicies,
  createDirectoryBuiltins,
  createMemoryRelationStore,
  parseManifest,
  type RelationStore,
} from '@gatehousejs/engine';
import { formatDuration, measure, printTable } from './measure.ts';

const MANIFEST = `
model: {version: 3}
types:
  user: {}
  organization:
    relations:
      member: user
    permissions:
      can_read: member
  folder:
    relations:
      parent: folder | organization
      viewer: user
    permissions:
      can_read: viewer | parent->can_read
  document:
    relations:
      parent: folder
      reader: user
    permissions:
      can_read: reader | parent->can_read
`;

const POLICY = `package bench

import rego.v1

default allowed := false

allowed if ds.check({
  "object_type": input.resource.object_type,
  "object_id": input.resource.object_id,
  "relation": input.resource.relation,
  "subject_type": "user",
  "subject_id": input.identity.value,
})
`;

const ORGANIZATIONS = 100;
const USERS = 10_000;
const TOP_FOLDERS = 1_000;
const SUB_FOLDERS = 9_000;
const DOCUMENTS = 80_000;
const RELATIONS = USERS + TOP_FOLDERS + SUB_FOLDERS + DOCUMENTS; // 100,000

function collectGarbage(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The 100,000 relations, generated on the fly so the benchmark itself holds none of them. */
async function load(store: RelationStore): Promise<void> {
  const set = (
    objectType: string,
    objectId: string,
    relation: string,
    subjectType: string,
    subjectId: string,
  ) => store.setRelation({ objectType, objectId, relation, subjectType, subjectId });
  for (let u = 0; u < USERS; u++)
    await set('organization', `org${u % ORGANIZATIONS}`, 'member', 'user', `user${u}`);
  for (let f = 0; f < TOP_FOLDERS; f++)
    await set('folder', `top${f}`, 'parent', 'organization', `org${f % ORGANIZATIONS}`);
  for (let f = 0; f < SUB_FOLDERS; f++)
    await set('folder', `sub${f}`, 'parent', 'folder', `top${f % TOP_FOLDERS}`);
  for (let d = 0; d < DOCUMENTS; d++)
    await set('document', `doc${d}`, 'parent', 'folder', `sub${d % SUB_FOLDERS}`);
}

/** The same data as plain Maps, and the answer written by hand. */
function handWritten(): (documentId: string, userId: string) => boolean {
  const documentParent = new Map<string, string>();
  const folderParent = new Map<string, { type: 'folder' | 'organization'; id: string }>();
  const members = new Map<string, Set<string>>();
  for (let u = 0; u < USERS; u++) {
    const org = `org${u % ORGANIZATIONS}`;
    if (!members.has(org)) members.set(org, new Set());
    members.get(org)?.add(`user${u}`);
  }
  for (let f = 0; f < TOP_FOLDERS; f++)
    folderParent.set(`top${f}`, { type: 'organization', id: `org${f % ORGANIZATIONS}` });
  for (let f = 0; f < SUB_FOLDERS; f++)
    folderParent.set(`sub${f}`, { type: 'folder', id: `top${f % TOP_FOLDERS}` });
  for (let d = 0; d < DOCUMENTS; d++) documentParent.set(`doc${d}`, `sub${d % SUB_FOLDERS}`);
  return (documentId, userId) => {
    let folder = documentParent.get(documentId);
    while (folder !== undefined) {
      const parent = folderParent.get(folder);
      if (parent?.type === 'organization') return members.get(parent.id)?.has(userId) ?? false;
      folder = parent?.id;
    }
    return false;
  };
}

/** 1,000 questions, half of them answered yes (the user belongs to the document's organization). */
function questions(): RelationCheck[] {
  let seed = 42;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  return Array.from({ length: 1_000 }, (_, i) => {
    const d = next(DOCUMENTS);
    const org = ((d % SUB_FOLDERS) % TOP_FOLDERS) % ORGANIZATIONS;
    const u = i % 2 === 0 ? org + ORGANIZATIONS * next(USERS / ORGANIZATIONS) : next(USERS);
    return {
      objectType: 'document',
      objectId: `doc${d}`,
      relation: 'can_read',
      subjectType: 'user',
      subjectId: `user${u}`,
    };
  });
}

export async function run(): Promise<void> {
  const gc = collectGarbage();
  const manifest = parseManifest(MANIFEST, 'bench.yaml');
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStart = process.hrtime.bigint();
  const store = createMemoryRelationStore({ manifest });
  await load(store);
  const loadNs = Number(process.hrtime.bigint() - loadStart);
  gc();
  const heapDelta = process.memoryUsage().heapUsed - heapBefore;

  const reference = handWritten();
  const asked = questions();
  const dsCheck = createDirectoryBuiltins(store).find((b) => b.name === 'ds.check');
  if (dsCheck?.kind !== 'function') throw new Error('ds.check is missing');
  const ctx = { nowNs: 0n, strict: false, memo: new Map(), print: () => {} };
  const regoArgs = asked.map((q) => ({
    object_type: q.objectType,
    object_id: q.objectId,
    relation: q.relation,
    subject_type: q.subjectType,
    subject_id: q.subjectId,
  }));
  let yes = 0;
  for (const [i, q] of asked.entries()) {
    const expected = reference(q.objectId, q.subjectId);
    if (store.checkNow(q) !== expected || dsCheck.call([regoArgs[i] as never], ctx) !== expected) {
      throw new Error(`the directory and the hand-written function disagree on ${JSON.stringify(q)}`);
    }
    if (expected) yes++;
  }

  const policies = compilePolicies([{ file: 'bench.rego', source: POLICY }], {
    builtins: new Map([[dsCheck.name, dsCheck]]),
  });
  const inputs = asked.map((q) => ({
    identity: { type: 'IDENTITY_TYPE_SUB', value: q.subjectId },
    resource: { object_type: q.objectType, object_id: q.objectId, relation: q.relation },
  }));
  for (const [n, input] of inputs.entries()) {
    if (
      policies.evaluate('bench.allowed', input) !==
      reference(asked[n]?.objectId ?? '', asked[n]?.subjectId ?? '')
    ) {
      throw new Error('the policy and the hand-written function disagree');
    }
  }

  let i = 0;
  const viaStore = await measure('store.checkNow', () =>
    store.checkNow(asked[i++ % asked.length] as RelationCheck),
  );
  const viaBuiltin = await measure('ds.check built-in', () =>
    dsCheck.call([regoArgs[i++ % asked.length] as never], ctx),
  );
  const viaPolicy = await measure('Rego policy calling ds.check', () =>
    policies.evaluate('bench.allowed', inputs[i++ % inputs.length]),
  );
  const byHand = await measure('hand-written (Maps)', () => {
    const q = asked[i++ % asked.length] as RelationCheck;
    return reference(q.objectId, q.subjectId);
  });
  printTable('engine/directory: check through a three-level arrow chain, 100,000 relations', [
    ...[viaPolicy, viaBuiltin, viaStore, byHand].map((m) => ({
      what: m.name,
      median: formatDuration(m.medianNs),
      p99: formatDuration(m.p99Ns),
      'ratio to hand-written': `${(m.medianNs / byHand.medianNs).toFixed(1)}×`,
    })),
  ]);
  console.log(`\n${yes} of ${asked.length} questions are answered yes; target: ds.check ≤ 10 µs median.`);
  printTable('engine/directory: 100,000 relations in the memory store', [
    { what: 'heap after GC (delta)', value: `${(heapDelta / 1_048_576).toFixed(1)} MB`, target: '≤ 100 MB' },
    { what: 'load (100,000 × setRelation)', value: formatDuration(loadNs), target: '' },
    { what: 'per relation', value: formatDuration(loadNs / RELATIONS), target: '' },
  ]);
}
