/**
 * The PostgreSQL store's object search — loaded whole (its index walked) and on demand (SQL) —
 * against two references on generated directories: the previous query (the answer it must keep)
 * and the memory store, which checks every object of the type (the answer by definition). Nested folders and groups (a group cycle included), shares to users and to
 * groups, public documents, revoked shares, deleted documents and folders, moves between folders;
 * then rounds of random writes, each followed by the searches, as lists after writes see them.
 */
import type { DirectoryWrite, ObjectSearch, Relation } from '@gatehousejs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresServer, startTestPostgres } from '../test/support/postgres.ts';
import { seededRandom } from '../test/support/seeded-random.ts';
import { graphRules } from './graph-rules.ts';
import { createMemoryRelationStore, parseManifest } from './index.ts';
import { postgres, type Sql } from './postgres-driver/index.ts';
import { createPostgresRelationStore } from './postgres-relation-store.ts';
import { previousObjectSearch } from './previous-object-search.fixture.ts';
import type { RelationStore } from './relation-store.ts';

const MANIFEST = `model: {version: 3}
types:
  user: {}
  group:
    relations:
      owner: user
      member: user | group#member
    permissions:
      can_read: owner | member
  folder:
    relations:
      owner: user
      writer: user | group#member
      reader: user | user:* | group#member
      parent: folder
    permissions:
      can_read: owner | writer | reader | parent->can_read
      can_write: owner | writer | parent->can_write
      can_share: owner
  document:
    relations:
      owner: user
      writer: user | group#member
      reader: user | user:* | group#member
      parent: folder
    permissions:
      can_read: owner | writer | reader | parent->can_read
      can_write: owner | writer | parent->can_write
      can_delete: owner
`;
const model = parseManifest(MANIFEST, 'generated.yaml');

const USERS = 24;
const GROUPS = 10;
const FOLDERS = 40;
const DOCUMENTS = 600;

type Pick = <T>(items: readonly T[]) => T;

function relation(
  objectType: string,
  objectId: string,
  name: string,
  subjectType: string,
  subjectId: string,
  subjectRelation?: string,
): Relation {
  return {
    objectType,
    objectId,
    relation: name,
    subjectType,
    subjectId,
    ...(subjectRelation ? { subjectRelation } : {}),
  };
}

const users = Array.from({ length: USERS }, (_, i) => `u${i}`);
const groups = Array.from({ length: GROUPS }, (_, i) => `g${i}`);
const folders = Array.from({ length: FOLDERS }, (_, i) => `f${i}`);

/** A share of an object: to a user, to a group's members, or (readers) to everyone. */
function share(type: string, id: string, random: () => number, pick: Pick): Relation {
  const name = random() < 0.6 ? 'reader' : 'writer';
  const roll = random();
  if (roll < 0.5) return relation(type, id, name, 'user', pick(users));
  if (roll < 0.9 || name === 'writer') return relation(type, id, name, 'group', pick(groups), 'member');
  return relation(type, id, 'reader', 'user', '*');
}

/** A directory of nested groups and folders, documents in and out of them, shared every way. */
function generate(seed: number): { relations: Relation[]; later: DirectoryWrite[] } {
  const random = seededRandom(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)] as (typeof items)[number];
  const out: Relation[] = [];
  for (const [i, group] of groups.entries()) {
    out.push(relation('group', group, 'owner', 'user', pick(users)));
    for (let k = 0; k < 4; k++) out.push(relation('group', group, 'member', 'user', pick(users)));
    // Nested: a group of earlier groups, and one cycle (g0 in the last, the last in g0).
    if (i > 0 && random() < 0.6)
      out.push(relation('group', group, 'member', 'group', pick(groups.slice(0, i)), 'member'));
  }
  out.push(relation('group', 'g0', 'member', 'group', `g${GROUPS - 1}`, 'member'));
  for (const [i, folder] of folders.entries()) {
    out.push(relation('folder', folder, 'owner', 'user', pick(users)));
    if (i > 0 && random() < 0.75)
      out.push(relation('folder', folder, 'parent', 'folder', pick(folders.slice(0, i))));
    if (random() < 0.5) out.push(share('folder', folder, random, pick));
  }
  const later: DirectoryWrite[] = [];
  for (let d = 0; d < DOCUMENTS; d++) {
    const id = String(d + 1);
    out.push(relation('document', id, 'owner', 'user', pick(users)));
    if (random() < 0.6) out.push(relation('document', id, 'parent', 'folder', pick(folders)));
    const shares = Math.floor(random() * 3);
    for (let s = 0; s < shares; s++) out.push(share('document', id, random, pick));
    if (random() < 0.05) out.push(relation('document', id, 'reader', 'user', '*'));
  }
  // Revoked shares, deleted (purged) documents and a deleted folder, a document moved elsewhere.
  for (const shared of out.filter((r) => r.relation === 'reader' || r.relation === 'writer')) {
    if (random() < 0.2) later.push({ op: 'deleteRelation', relation: shared });
  }
  for (let k = 0; k < 20; k++)
    later.push({ op: 'deleteObject', type: 'document', id: String(1 + Math.floor(random() * DOCUMENTS)) });
  later.push({ op: 'deleteObject', type: 'folder', id: pick(folders.slice(1)) });
  const moved = out.find((r) => r.objectType === 'document' && r.relation === 'parent');
  if (moved) {
    later.push({ op: 'deleteRelation', relation: moved });
    later.push({ op: 'setRelation', relation: { ...moved, subjectId: pick(folders) } });
  }
  return { relations: out, later };
}

/** Random writes of the kind lists meet between two requests: shares granted and revoked, moves. */
function writesRound(seed: number, current: readonly Relation[]): DirectoryWrite[] {
  const random = seededRandom(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)] as (typeof items)[number];
  const writes: DirectoryWrite[] = [];
  for (let k = 0; k < 15; k++) {
    const roll = random();
    if (roll < 0.4)
      writes.push({
        op: 'setRelation',
        relation: share('document', String(1 + Math.floor(random() * DOCUMENTS)), random, pick),
      });
    else if (roll < 0.6)
      writes.push({ op: 'setRelation', relation: share('folder', pick(folders), random, pick) });
    else if (roll < 0.8) writes.push({ op: 'deleteRelation', relation: pick(current) });
    else
      writes.push({
        op: 'setRelation',
        relation: relation('group', pick(groups), 'member', 'user', pick(users)),
      });
  }
  return writes;
}

/** The same writes, one by one, to a store without batches. */
async function applyEach(store: RelationStore, writes: readonly DirectoryWrite[]): Promise<void> {
  for (const write of writes) {
    if (write.op === 'setRelation') await store.setRelation(write.relation);
    else if (write.op === 'deleteRelation') await store.deleteRelation(write.relation);
    else if (write.op === 'deleteObject') await store.deleteObject(write.type, write.id);
    else await store.setObject(write.object);
  }
}

const searches = (objectType: string, relation: string): ObjectSearch[] =>
  [...users, '*', 'nobody'].map((subjectId) => ({ objectType, relation, subjectType: 'user', subjectId }));

let server: EmbeddedPostgresServer;
let sql: Sql;

beforeAll(async () => {
  server = await startTestPostgres();
  sql = postgres(await server.database('graph_differential'), { max: 4, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await server?.stop();
});

describe('PostgreSQL object search, differential', () => {
  for (const seed of [11, 2032]) {
    it(`finds exactly what the previous query and the memory store find (seed ${seed})`, async () => {
      const schema = `differential_${seed}`;
      // Loaded whole, the store walks its index; loaded on demand, it asks the tables (the SQL search).
      const store = await createPostgresRelationStore({ sql, manifest: model, schema });
      const tables = await createPostgresRelationStore({
        sql,
        manifest: model,
        schema,
        loading: 'on-demand',
      });
      const memory = createMemoryRelationStore({ manifest: model });
      const rules = graphRules(model);
      try {
        const { relations, later } = generate(seed);
        const setAll = relations.map((r): DirectoryWrite => ({ op: 'setRelation', relation: r }));
        await store.applyBatch(setAll);
        await applyEach(memory, setAll);
        const compare = async (stage: string) => {
          const all = [
            ...searches('document', 'can_read'),
            ...searches('document', 'can_write'),
            ...searches('folder', 'can_read'),
            ...searches('group', 'can_read'),
          ];
          let found = 0;
          for (const search of all) {
            const [now, inTables, before, reference] = await Promise.all([
              store.findObjects(search),
              tables.findObjects(search),
              previousObjectSearch(sql, schema, model, rules, search),
              memory.findObjects(search),
            ]);
            const label = `${stage}: ${search.objectType}#${search.relation} of user:${search.subjectId}`;
            expect(now, label).toEqual(inTables);
            expect(now, label).toEqual(before);
            expect(now, label).toEqual(reference);
            found += now.length;
          }
          return found;
        };
        // The searches find something through every path, not only empty answers.
        expect(await compare('generated')).toBeGreaterThan(1_000);
        await store.applyBatch(later);
        await applyEach(memory, later);
        await compare('after revocations and deletions');
        for (let round = 0; round < 4; round++) {
          const current = await store.getRelations({});
          const writes = writesRound(seed * 10 + round, current);
          await store.applyBatch(writes);
          await applyEach(memory, writes);
          await compare(`after writes round ${round}`);
        }
      } finally {
        await store.close();
        await tables.close();
        await memory.close();
      }
    }, 120_000);
  }
});
