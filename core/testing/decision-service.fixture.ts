/**
 * The fixture of the decision-service contract: Rego policies under root `contract` (plain Rego
 * with `import rego.v1`, valid for Topaz), a Topaz directory manifest (v3), and the objects and
 * relations the relationship cases read. A service under contract loads all of it in `setup`.
 */
import type { DirectoryObject, Relation } from '../ports/relation-directory.ts';

/** What `runDecisionServiceContract`'s `setup` receives. */
export interface DecisionServiceFixture {
  /** Rego files: a path relative to a policy directory, and the text. */
  readonly policies: readonly { readonly file: string; readonly source: string }[];
  /** Topaz directory manifest (model version 3), YAML. */
  readonly manifest: string;
  /** Directory objects, to be set before the relations (Topaz wants them to exist). */
  readonly objects: readonly DirectoryObject[];
  /** Directory relations. */
  readonly relations: readonly Relation[];
}

/** The policy root of the fixture's packages. */
export const CONTRACT_POLICY_ROOT = 'contract';

const rego = (lines: string[]) => `${lines.join('\n')}\n`;

const policies = [
  {
    file: 'contract/subject.rego',
    source: rego([
      "# The caller: `input.identity.value` in Gatehouse's input, `input.identity.identity` in Topaz's.",
      'package contract.subject',
      '',
      'import rego.v1',
      '',
      'id := input.identity.value if is_string(input.identity.value)',
      '',
      'id := input.identity.identity if {',
      '\tnot input.identity.value',
      '\tis_string(input.identity.identity)',
      '}',
    ]),
  },
  {
    file: 'contract/items_list.rego',
    source: rego([
      'package contract.GET.items',
      '',
      'import rego.v1',
      '',
      'default allowed := false',
      '',
      'allowed if {',
      '\tinput.identity.type == "IDENTITY_TYPE_SUB"',
      '}',
    ]),
  },
  {
    file: 'contract/items_get.rego',
    source: rego([
      'package contract.GET.items.__id',
      '',
      'import rego.v1',
      '',
      'default allowed := false',
      '',
      'allowed if {',
      '\tinput.identity.type == "IDENTITY_TYPE_SUB"',
      '\tinput.resource.owner == data.contract.subject.id',
      '}',
    ]),
  },
  {
    file: 'contract/items_create.rego',
    source: rego([
      'package contract.POST.items',
      '',
      'import rego.v1',
      '',
      'default allowed := false',
      '',
      'allowed if {',
      '\tdata.contract.subject.id == "alice"',
      '}',
      '',
      'default visible := false',
      '',
      'visible if {',
      '\tinput.identity.type == "IDENTITY_TYPE_SUB"',
      '}',
    ]),
  },
  {
    file: 'contract/items_delete.rego',
    source: rego([
      'package contract.DELETE.items.__id',
      '',
      'import rego.v1',
      '',
      '# This package never defines `allowed`: asking for it must answer false.',
      'reason := "deletion is not decided here"',
    ]),
  },
  {
    file: 'contract/check.rego',
    source: rego([
      'package contract.check',
      '',
      'import rego.v1',
      '',
      'default allowed := false',
      '',
      'allowed if {',
      '\tds.check({',
      '\t\t"object_type": input.resource.object_type,',
      '\t\t"object_id": input.resource.object_id,',
      '\t\t"relation": input.resource.relation,',
      '\t\t"subject_type": input.resource.subject_type,',
      '\t\t"subject_id": data.contract.subject.id,',
      '\t})',
      '}',
    ]),
  },
];

const manifest = `# yaml-language-server: $schema=https://www.topaz.sh/schema/manifest.json
---
model:
  version: 3

types:
  user: {}

  document:
    relations:
      owner: user
      reader: user
    permissions:
      can_read: reader | owner
`;

const user = (id: string): DirectoryObject => ({ type: 'user', id, displayName: id });
const document = (id: string): DirectoryObject => ({ type: 'document', id, displayName: id });
const relation = (objectId: string, name: string, subjectId: string): Relation => ({
  objectType: 'document',
  objectId,
  relation: name,
  subjectType: 'user',
  subjectId,
});

/**
 * The fixture: users alice, bob, carol; doc-1 owned by alice and readable by bob; doc-2 owned by bob.
 */
export const decisionServiceFixture: DecisionServiceFixture = Object.freeze({
  policies,
  manifest,
  objects: [user('alice'), user('bob'), user('carol'), document('doc-1'), document('doc-2')],
  relations: [
    relation('doc-1', 'owner', 'alice'),
    relation('doc-1', 'reader', 'bob'),
    relation('doc-2', 'owner', 'bob'),
  ],
});
