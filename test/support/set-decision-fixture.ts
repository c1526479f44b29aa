/**
 * The same data on any decision service, and the comparison of the set rule
 * `webapp.check.allowed_object_ids` with `webapp.check.allowed` asked object by object: owned,
 * shared (read and write), folder-inherited at depth, group-shared, public and private documents,
 * folders and groups; callers signed in with relations, with none, located in a restricted
 * country, at an unknown location, and anonymous. For policies/allowed-object-ids.test.ts
 * (embedded engine) and its Topaz twin.
 */
import type {
  DecisionQuery,
  DecisionService,
  DirectoryObject,
  Identity,
  Relation,
  SetDecisionQuery,
} from '@gatehousejs/core';
import { relationOf } from './relation-text.ts';

const USERS = ['bob', 'ann', 'cy', 'rick', 'nobody'];
const DOCUMENTS = ['own', 'shared', 'written', 'deep', 'team', 'team_w', 'public', 'private', 'ricks'];
const FOLDERS = ['top', 'sub', 'other'];
const GROUPS = ['team', 'lonely'];

/** The directory's objects: users with their identities, a group, folders, documents. */
export const SET_FIXTURE_OBJECTS: readonly DirectoryObject[] = [
  ...USERS.flatMap((id) => [
    { type: 'user', id },
    { type: 'identity', id },
  ]),
  ...GROUPS.map((id) => ({ type: 'group', id })),
  ...FOLDERS.map((id) => ({ type: 'folder', id })),
  ...DOCUMENTS.map((id) => ({ type: 'document', id })),
];

/** The relations: every kind the application writes. */
export const SET_FIXTURE_RELATIONS: readonly Relation[] = [
  ...USERS.map((id) => relationOf(`user:${id}`, 'identifier', `identity:${id}`)),
  relationOf('group:team', 'owner', 'user:ann'),
  relationOf('group:team', 'member', 'user:cy'),
  relationOf('group:lonely', 'owner', 'user:ann'),
  relationOf('folder:top', 'owner', 'user:ann'),
  relationOf('folder:top', 'reader', 'user:bob'),
  relationOf('folder:sub', 'parent', 'folder:top'),
  relationOf('folder:other', 'owner', 'user:ann'),
  relationOf('folder:other', 'writer', 'group:team', 'member'),
  relationOf('document:own', 'owner', 'user:bob'),
  relationOf('document:shared', 'owner', 'user:ann'),
  relationOf('document:shared', 'reader', 'user:bob'),
  relationOf('document:written', 'owner', 'user:ann'),
  relationOf('document:written', 'writer', 'user:bob'),
  relationOf('document:deep', 'owner', 'user:ann'),
  relationOf('document:deep', 'parent', 'folder:sub'),
  relationOf('document:team', 'owner', 'user:ann'),
  relationOf('document:team', 'reader', 'group:team', 'member'),
  relationOf('document:team_w', 'owner', 'user:ann'),
  relationOf('document:team_w', 'writer', 'group:team', 'member'),
  relationOf('document:public', 'owner', 'user:ann'),
  relationOf('document:public', 'reader', 'user:*'),
  relationOf('document:private', 'owner', 'user:ann'),
  relationOf('document:ricks', 'owner', 'user:rick'),
];

/** Who asks: signed-in users (one without relations, one to place in a restricted country) and anonymous. */
export const SET_FIXTURE_CALLERS: readonly { readonly name: string; readonly identity: Identity }[] = [
  ...USERS.map((id) => ({ name: id, identity: { type: 'IDENTITY_TYPE_SUB', value: id } as Identity })),
  { name: 'anonymous', identity: { type: 'IDENTITY_TYPE_NONE' } },
];

/** Where from: allowed, restricted, unknown (null) and not given at all. */
export const SET_FIXTURE_LOCATIONS: readonly { readonly name: string; readonly context: object }[] = [
  { name: 'GB', context: { location: { country_code: 'GB' } } },
  { name: 'CN', context: { location: { country_code: 'CN' } } },
  { name: 'unknown', context: { location: { country_code: null } } },
  { name: 'absent', context: {} },
];

/** What is asked: the relations and permissions the application asks, with every candidate. */
export const SET_FIXTURE_QUESTIONS: readonly {
  readonly objectType: string;
  readonly relation: string;
  readonly candidates: readonly string[];
}[] = [
  ...['can_read', 'can_write', 'can_share', 'can_delete', 'owner', 'reader'].map((relation) => ({
    objectType: 'document',
    relation,
    candidates: [...DOCUMENTS, 'missing'],
  })),
  ...['can_read', 'can_write'].map((relation) => ({
    objectType: 'folder',
    relation,
    candidates: [...FOLDERS, 'missing'],
  })),
  { objectType: 'group', relation: 'can_read', candidates: [...GROUPS, 'missing'] },
];

/** One comparison: the set's members and the ids `allowed` holds for, asked one by one. */
export interface SetComparison {
  readonly label: string;
  readonly set: readonly string[];
  readonly oneByOne: readonly string[];
}

/**
 * Asks every caller × location × question both ways on `service` (which must offer `decideSet`;
 * the per-object decisions through `decideBatch`).
 */
export async function compareSetWithOneByOne(service: DecisionService): Promise<SetComparison[]> {
  if (!service.decideSet || !service.decideBatch)
    throw new Error('the service offers no decideSet or decideBatch');
  const out: SetComparison[] = [];
  for (const caller of SET_FIXTURE_CALLERS) {
    for (const location of SET_FIXTURE_LOCATIONS) {
      for (const question of SET_FIXTURE_QUESTIONS) {
        const base = {
          ...location.context,
          object_type: question.objectType,
          relation: question.relation,
          subject_type: 'user',
        };
        const query: SetDecisionQuery = {
          identity: caller.identity,
          policyPath: 'webapp.check',
          decision: 'allowed_object_ids',
          resourceContext: { ...base, object_ids: question.candidates },
        };
        const queries: DecisionQuery[] = question.candidates.map((id) => ({
          identity: caller.identity,
          policyPath: 'webapp.check',
          decisions: ['allowed'],
          resourceContext: { ...base, object_id: id },
        }));
        const [set, answers] = await Promise.all([service.decideSet(query), service.decideBatch(queries)]);
        out.push({
          label: `${caller.name} at ${location.name}: ${question.objectType} ${question.relation}`,
          set: [...(set ?? ['(undefined)'])].sort(),
          oneByOne: question.candidates.filter((_, i) => answers[i]?.allowed === true).sort(),
        });
      }
    }
  }
  return out;
}

/** What bob at GB reads, for a test to check the data holds both sides. */
export const BOB_READS = ['deep', 'own', 'public', 'shared', 'written'];
