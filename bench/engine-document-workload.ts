/**
 * The engine benchmark's document workload: the specification's rules table as route policies on
 * resource-context data (owner, write share, read share, public, restricted country), one query
 * per row with its expected read decision, and the same rules written by hand.
 */
import type { DecisionQuery } from '@gatehousejs/core';

const route = (method: string, route: string, rule: string) => `package webapp.${method}.api.${route}

import rego.v1
import data.webapp.common

default allowed := false

allowed if {
  not common.restricted
  ${rule}
}
`;

/** Document rules on resource-context data: owner, write share, read share, public, restricted country. */
export const DOCUMENT_POLICIES = [
  {
    file: 'webapp/common.rego',
    source: `package webapp.common

import rego.v1

restricted_countries := {"CN", "KP", "IR"}

restricted if input.resource.country in restricted_countries

user := input.identity.value

document := input.resource.document

share := document.shares[user]

is_owner if document.owner_id == user

can_read if is_owner

can_read if share in {"read", "write"}

can_read if document.is_public == true

can_write if is_owner

can_write if share == "write"
`,
  },
  { file: 'webapp/get.rego', source: route('GET', 'documents.__id', 'common.can_read') },
  { file: 'webapp/put.rego', source: route('PUT', 'documents.__id', 'common.can_write') },
  { file: 'webapp/delete.rego', source: route('DELETE', 'documents.__id', 'common.is_owner') },
];

interface Doc {
  owner_id: string;
  is_public: boolean;
  shares: Record<string, string>;
}

const doc: Doc = { owner_id: 'alice', is_public: false, shares: { bob: 'read', carol: 'write' } };
const documentQuery = (user: string, country: string, document: Doc = doc): DecisionQuery => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: user },
  policyPath: 'webapp.GET.api.documents.__id',
  decisions: ['allowed'],
  resourceContext: { id: '42', country, document },
});

/** One query per row of the rules table, with the expected read decision. */
export const DOCUMENT_CASES: [DecisionQuery, boolean][] = [
  [documentQuery('alice', 'FR'), true],
  [documentQuery('carol', 'DE'), true],
  [documentQuery('bob', 'US'), true],
  [documentQuery('dave', 'FR', { ...doc, is_public: true }), true],
  [documentQuery('dave', 'FR'), false],
  [documentQuery('alice', 'CN'), false],
];

/** The countries the rules table restricts. */
export const RESTRICTED = new Set(['CN', 'KP', 'IR']);

/** The document rules written by hand in TypeScript, the floor the engine is compared with. */
export function handWritten(query: DecisionQuery): boolean {
  const resource = query.resourceContext as { country: string; document: Doc };
  if (RESTRICTED.has(resource.country)) return false;
  const user = query.identity.value ?? '';
  const d = resource.document;
  if (d.owner_id === user) return true;
  const share = Object.hasOwn(d.shares, user) ? d.shares[user] : undefined;
  return share === 'read' || share === 'write' || d.is_public === true;
}
