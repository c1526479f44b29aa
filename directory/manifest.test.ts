import { describe, expect, it } from 'vitest';
import { ManifestError, type ManifestIssue, parseManifest } from './index.ts';

function issuesOf(text: string): ManifestIssue[] {
  try {
    parseManifest(text, 'm.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    return [...(error as ManifestError).issues];
  }
  throw new Error('the manifest was accepted');
}

/** The single issue of a manifest, as `line:column message`. */
function issueOf(text: string): string {
  const issues = issuesOf(text);
  expect(issues).toHaveLength(1);
  const [issue] = issues as [ManifestIssue];
  return `${issue.line}:${issue.column} ${issue.message}`;
}

const HEAD = 'model:\n  version: 3\ntypes:\n  user: {}\n';

describe('parseManifest', () => {
  it('resolves types, relations and permissions with the subject types that can satisfy them', () => {
    const model = parseManifest(
      `${HEAD}  group:
    relations:
      member: user | group#member
  folder:
    relations:
      viewer: user | user:* | group#member
      parent: folder
    permissions:
      can_read: viewer | parent->can_read
      can_both: viewer & parent->can_read
      can_only: viewer - parent->can_read
`,
      'ok.yaml',
    );
    const folder = model.types.get('folder');
    expect(model.file).toBe('ok.yaml');
    expect([...model.types.keys()]).toEqual(['user', 'group', 'folder']);
    expect(folder?.relations.get('viewer')?.terms).toEqual([
      { kind: 'direct', type: 'user' },
      { kind: 'wildcard', type: 'user' },
      { kind: 'subjectSet', type: 'group', relation: 'member' },
    ]);
    expect([...(folder?.relations.get('parent')?.subjectTypes ?? [])]).toEqual(['folder']);
    expect([...(model.types.get('group')?.relations.get('member')?.subjectTypes ?? [])]).toEqual(['user']);
    const canRead = folder?.permissions.get('can_read');
    expect(canRead?.operator).toBe('union');
    expect(canRead?.terms).toEqual([{ name: 'viewer' }, { base: 'parent', name: 'can_read' }]);
    expect([...(canRead?.subjectTypes ?? [])]).toEqual(['user']);
    expect(folder?.permissions.get('can_both')?.operator).toBe('intersection');
    expect(folder?.permissions.get('can_only')?.operator).toBe('exclusion');
  });

  it('names the file, line and column of every problem in the error message', () => {
    const text = `${HEAD}  doc:\n    relations:\n      owner: usr\n      reader: user | grp\n`;
    const error = (() => {
      try {
        parseManifest(text, 'policies/manifest.yaml');
      } catch (e) {
        return e as ManifestError;
      }
    })();
    expect(error?.code).toBe('manifest_invalid');
    expect(error?.message).toContain(
      "policies/manifest.yaml:7:14: relation 'doc:owner' references undefined type 'usr'",
    );
    expect(error?.message).toContain(
      "policies/manifest.yaml:8:22: relation 'doc:reader' references undefined type 'grp'",
    );
  });

  it('reports YAML syntax errors and structural mistakes with their line', () => {
    expect(issueOf(`${HEAD}  user: {}\n`)).toMatch(/^5:3 Map keys must be unique/);
    expect(issueOf('types:\n  user: {}\n')).toBe('1:1 missing `model: { version: 3 }`');
    expect(issueOf('model:\n  version: 2\ntypes: {}\n')).toBe(
      '2:12 unsupported manifest version 2; only version 3 is supported',
    );
    expect(issueOf(`${HEAD}extra: 1\n`)).toBe(
      "5:1 unknown key 'extra' in manifest (expected `model` and `types`)",
    );
    expect(issueOf(`${HEAD}  doc:\n    relation:\n      owner: user\n`)).toBe(
      "6:5 unknown key 'relation' in type 'doc' (expected `relations` and `permissions`)",
    );
    expect(issueOf(`${HEAD}  doc:\n    relations:\n      owner:\n`)).toMatch(
      /^7:\d+ relation 'doc:owner' has no definition/,
    );
    expect(issueOf(`${HEAD}  doc:\n    relations:\n      owner: 3\n`)).toBe(
      "7:14 relation 'doc:owner' must be a string expression",
    );
  });

  it('reports invalid names (Topaz identifiers: 3–64 lowercase characters)', () => {
    expect(issueOf(`${HEAD}  Doc: {}\n`)).toMatch(/^5:3 invalid type name 'Doc': names are 3 to 64/);
    expect(issueOf(`${HEAD}  doc:\n    relations:\n      id: user\n`)).toMatch(/^7:7 invalid name 'doc:id'/);
  });

  it('reports syntax errors inside definitions at the offending character', () => {
    const relation = (expression: string) =>
      issueOf(`${HEAD}  doc:\n    relations:\n      owner: ${expression}\n`);
    expect(relation('user -> x')).toBe(
      "7:19 relation 'doc:owner': arrows ('->') are only allowed in permissions",
    );
    expect(relation('user & user')).toBe(
      "7:19 relation 'doc:owner': a relation is a union of types; '&' is only allowed in permissions",
    );
    expect(relation('user | | user')).toBe("7:21 relation 'doc:owner': expected a type name but found '|'");
    expect(relation('"user | user:"')).toBe(
      "7:27 relation 'doc:owner': expected '*' after 'user:' but found end of definition",
    );
    expect(relation('user $')).toBe("7:19 relation 'doc:owner': unexpected character '$'");
    const permission = (expression: string) =>
      issueOf(
        `${HEAD}  doc:\n    relations:\n      owner: user\n    permissions:\n      can_x: ${expression}\n`,
      );
    expect(permission('owner | owner & owner')).toBe(
      "9:28 permission 'doc:can_x': a permission uses one operator: '|' and '&' cannot be mixed",
    );
    expect(permission('owner - owner - owner')).toBe(
      "9:28 permission 'doc:can_x': an exclusion ('-') takes exactly two terms",
    );
    expect(permission('owner | user#owner')).toBe(
      "9:26 permission 'doc:can_x': subject sets ('#') and wildcards (':*') are only allowed in relations",
    );
    expect(permission('owner ->')).toBe(
      "9:22 permission 'doc:can_x': expected a relation or permission name after '->' but found end of definition",
    );
  });

  it('reports references to undefined types, relations and permissions at the term', () => {
    const text = `${HEAD}  group:
    relations:
      member: user
    permissions:
      can_join: member
  doc:
    relations:
      reader: group#membr | group#can_join
      parent: doc
    permissions:
      can_read: reader | nope
      can_see: parent->nothing
      via_perm: can_read->can_read
      missing_base: folder->can_read
`;
    expect(issuesOf(text).map((i) => `${i.line}:${i.column} ${i.message}`)).toEqual([
      "12:15 relation 'doc:reader' references undefined relation 'group#membr'",
      "12:29 relation 'doc:reader' 'group#can_join' is a permission; a subject set names a relation",
      "15:26 permission 'doc:can_read' references undefined relation or permission 'doc:nope'",
      "17:17 permission 'doc:via_perm': the base of an arrow must be a relation, and 'can_read' is a permission",
      "18:21 permission 'doc:missing_base' references undefined relation 'doc:folder'",
    ]);
  });

  it('reports arrows whose target is missing on a type the base can reach', () => {
    const text = `${HEAD}  folder: {}
  doc:
    relations:
      parent: folder | doc
      owner: user
    permissions:
      can_read: owner | parent->can_read
`;
    expect(issueOf(text)).toBe(
      "11:25 permission 'doc:can_read': 'parent->can_read' can reach type 'folder', which has no relation or permission 'can_read'",
    );
  });

  it('reports a permission name that clashes with a relation name', () => {
    const text = `${HEAD}  doc:\n    relations:\n      owner: user\n    permissions:\n      owner: owner\n`;
    expect(issueOf(text)).toBe("9:7 permission 'doc:owner' conflicts with relation of that name");
  });

  it('reports circular relations and permissions no subject type can satisfy', () => {
    const circular = `${HEAD}  group:\n    relations:\n      member: group#member\n`;
    expect(issueOf(circular)).toBe("7:7 relation 'group:member' is circular and resolves to no type");
    const empty = `${HEAD}  team: {}
  doc:
    relations:
      owner: user
      crew: team
    permissions:
      can_x: owner & crew
`;
    expect(issueOf(empty)).toBe("11:7 permission 'doc:can_x' cannot be satisfied by any type");
  });
});
