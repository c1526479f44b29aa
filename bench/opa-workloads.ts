/**
 * The workloads `opa.bench.ts` runs on both the engine and OPA: Rego modules, a data document and
 * one query per workload, identical for both. Each query evaluates every case of its workload
 * (`with input as c`), so one evaluation is many decisions.
 *
 * (a) The specification's rules table (owner, write share, read share, public, restricted
 *     country) over resource-context input: read, write, delete and share per case.
 * (b) The application's policies (`policies/webapp`: routes, `webapp.check`, location, common),
 *     whose calls of the directory built-ins `ds.check` and `ds.object`, which OPA lacks (and
 *     `opa bench` takes no capabilities to declare them), call instead, for both evaluators, Rego
 *     functions over a data document of the permissions the manifest computes
 *     (`data.bench.directory.check`).
 */

/** A module of a workload. */
export interface BenchModule {
  readonly file: string;
  readonly source: string;
}

/** The specification's rules table as policy. */
export const RULES_TABLE_MODULE: BenchModule = {
  file: 'rules/table.rego',
  source: `package rules

import rego.v1

restricted_countries := {"CN", "KP", "IR"}

user := input.identity.value

document := input.resource.document

share := document.shares[user]

permitted if not restricted_countries[input.resource.country]

owner if document.owner_id == user

default read := false

read if {
  permitted
  reader
}

reader if owner

reader if share in {"read", "write"}

reader if document.is_public == true

default write := false

write if {
  permitted
  writer
}

writer if owner

writer if share == "write"

default delete := false

delete if {
  permitted
  owner
}

default share_allowed := false

share_allowed if {
  permitted
  owner
}

decision := [read, write, delete, share_allowed]
`,
};

/** The directory answers over `data.bench.permissions[type][id][permission][subject]`. */
export const DIRECTORY_MODULE: BenchModule = {
  file: 'bench/directory.rego',
  source: `package bench.directory

import rego.v1

check(req) if data.bench.permissions[req.object_type][req.object_id][req.relation][req.subject_id]

check(req) if data.bench.permissions[req.object_type][req.object_id][req.relation]["*"]

object(req) := {"id": req.object_id, "type": req.object_type} if data.bench.permissions[req.object_type][req.object_id]
`,
};

/** Query of the rules-table workload: four decisions per case. */
export const RULES_TABLE_QUERY =
  'x := [d | some c in data.bench.rules_cases; d := data.rules.decision with input as c]';

/** Query of the application workload: four decisions per case. */
export const APP_QUERY = [
  'x := [d | some c in data.bench.app_cases;',
  'd := [data.webapp.GET.api.documents.__id.allowed, data.webapp.PUT.api.documents.__id.allowed,',
  'data.webapp.DELETE.api.documents.__id.allowed, data.webapp.check.can_share] with input as c]',
].join(' ');

/** An application module with its directory calls answered by {@link DIRECTORY_MODULE}. */
export function withDataDirectory(m: BenchModule): BenchModule {
  return {
    file: m.file,
    source: m.source
      .replaceAll('ds.check(', 'data.bench.directory.check(')
      .replaceAll('ds.object(', 'data.bench.directory.object('),
  };
}

/** Decisions each query makes per case. */
export const DECISIONS_PER_CASE = 4;

const DOCUMENTS = 10_000;
const USERS = 3_000;

interface Doc {
  owner_id: string;
  is_public: boolean;
  shares: Record<string, string>;
}

const doc: Doc = { owner_id: 'alice', is_public: false, shares: { bob: 'read', carol: 'write' } };
const rulesCase = (user: string, country: string, document: Doc = doc) => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: user },
  resource: { id: '42', country, document },
});

/** One case per row of the rules table (and a stranger). */
const RULES_CASES = [
  rulesCase('alice', 'FR'),
  rulesCase('carol', 'DE'),
  rulesCase('bob', 'US'),
  rulesCase('dave', 'FR', { ...doc, is_public: true }),
  rulesCase('dave', 'FR'),
  rulesCase('alice', 'CN'),
];

const user = (i: number) => `user-${i % USERS}`;
const appCase = (u: number, d: number, country = 'FR') => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: user(u) },
  resource: {
    id: `doc-${d}`,
    object_type: 'document',
    object_id: `doc-${d}`,
    location: { country_code: country },
  },
});

/** Owner, writer, reader, anyone on a public document, a stranger, the owner in a restricted country, an unknown document. */
const APP_CASES = [
  appCase(1_000, 1_000),
  appCase(1_001, 1_000),
  appCase(1_002, 1_000),
  appCase(2_500, 1_010),
  appCase(2_500, 1_001),
  appCase(1_000, 1_000, 'IR'),
  appCase(1_000, DOCUMENTS + 5),
];

/** Permissions as `policies/manifest.yaml` computes them from the relations, for every document. */
function permissions(): Record<string, Record<string, Record<string, Record<string, true>>>> {
  const documents: Record<string, Record<string, Record<string, true>>> = {};
  for (let d = 0; d < DOCUMENTS; d++) {
    const [owner, writer, reader] = [user(d), user(d + 1), user(d + 2)];
    const readers: Record<string, true> = { [owner]: true, [writer]: true, [reader]: true };
    if (d % 10 === 0) readers['*'] = true;
    documents[`doc-${d}`] = {
      owner: { [owner]: true },
      can_read: readers,
      can_write: { [owner]: true, [writer]: true },
      can_delete: { [owner]: true },
      can_share: { [owner]: true },
    };
  }
  return { document: documents };
}

/** The data document both evaluators load: cases and permissions. */
export function benchData(): { bench: Record<string, unknown> } {
  return { bench: { rules_cases: RULES_CASES, app_cases: APP_CASES, permissions: permissions() } };
}
