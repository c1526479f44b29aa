/**
 * The application's policies under the real OPA of Topaz 0.33.16 (v1.15.2), given the `input`
 * Topaz builds: for IDENTITY_TYPE_NONE neither `input.identity` nor `input.user`; for
 * IDENTITY_TYPE_SUB `input.identity = { type, identity }` and `input.user` (the resolved user).
 * Topaz's `ds.check`, `ds.object` and `ds.graph` are declared through OPA's capabilities and
 * answered with `with` from a fixed table of directory answers (the graph search finds nothing) —
 * what is under test is how the policies read Topaz's input.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePeer } from '../test/support/peers.ts';

const policiesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'webapp');

// What the directory answers true (everything else is false), as Topaz's would for: ann owns `own`
// and `pub` and the folder `box`; `pub` is public (reader user:*); dee holds nothing at all. The
// directory knows the objects `own`, `pub` and `box` only.
const DIRECTORY_TRUE = [
  ['document', 'own', 'can_read', 'user', 'ann'],
  ['document', 'own', 'can_write', 'user', 'ann'],
  ['document', 'own', 'can_delete', 'user', 'ann'],
  ['document', 'own', 'can_share', 'user', 'ann'],
  ['folder', 'box', 'can_read', 'user', 'ann'],
  ['folder', 'box', 'can_write', 'user', 'ann'],
  ['folder', 'box', 'can_share', 'user', 'ann'],
  ['document', 'pub', 'can_read', 'user', 'ann'],
  ['document', 'pub', 'reader', 'user', '*'],
].map(([object_type, object_id, relation, subject_type, subject_id]) => ({
  object_type,
  object_id,
  relation,
  subject_type,
  subject_id,
}));

const MOCK = `package topaz_directory
import rego.v1
check(request) if {
	some answer in data.directory_true
	answer == object.filter(request, ["object_type", "object_id", "relation", "subject_type", "subject_id"])
}
directory_object(request) := {"id": request.object_id} if {
	request.object_id in {"own", "pub", "box"}
} else := {}
# The list rule's graph search is not under test here: it finds nothing (Topaz: undefined).
graph(_) := false if false
`;

describe("the policies on OPA 1.15.2 with Topaz's input", () => {
  let dir: string;
  let opa: string;

  beforeAll(async () => {
    opa = ensurePeer('opa', ['v1.15.2']);
    dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-topaz-input-'));
    const capabilities = JSON.parse(execFileSync(opa, ['capabilities', '--current'], { encoding: 'utf8' }));
    const anyArg = { args: [{ type: 'any' }], type: 'function' };
    capabilities.builtins.push(
      { name: 'ds.check', decl: { ...anyArg, result: { type: 'boolean' } } },
      { name: 'ds.object', decl: { ...anyArg, result: { type: 'any' } } },
      { name: 'ds.graph', decl: { ...anyArg, result: { type: 'any' } } },
    );
    await writeFile(path.join(dir, 'capabilities.json'), JSON.stringify(capabilities));
    await writeFile(path.join(dir, 'mock.rego'), MOCK);
    await writeFile(path.join(dir, 'data.json'), JSON.stringify({ directory_true: DIRECTORY_TRUE }));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Evaluates `data.<ref>` with `input` as Topaz would hand it to OPA. */
  function decide(ref: string, input: object, extraData: string[] = []): unknown {
    const inputFile = path.join(dir, 'input.json');
    const query = `data.${ref} with ds.check as data.topaz_directory.check with ds.object as data.topaz_directory.directory_object with ds.graph as data.topaz_directory.graph`;
    writeFileSync(inputFile, JSON.stringify(input));
    const out = execFileSync(
      opa,
      [
        'eval',
        '--format=json',
        `--capabilities=${path.join(dir, 'capabilities.json')}`,
        `--data=${policiesDir}`,
        `--data=${path.join(dir, 'mock.rego')}`,
        `--data=${path.join(dir, 'data.json')}`,
        ...extraData.map((file) => `--data=${file}`),
        `--input=${inputFile}`,
        query,
      ],
      { encoding: 'utf8' },
    );
    return JSON.parse(out).result?.[0]?.expressions?.[0]?.value;
  }

  const anonymous = (path: string, resource: object = {}) => ({ policy: { path }, resource });
  const signedIn = (sub: string, path: string, resource: object) => ({
    identity: { type: 'IDENTITY_TYPE_SUB', identity: sub },
    user: { type: 'user', id: sub },
    policy: { path },
    resource: { location: { country_code: 'GB' }, ...resource },
  });
  const doc = (id: string) => ({ object_type: 'document', object_id: id, subject_type: 'user' });

  it('lets an anonymous request (no input.identity) open the start page, the assets and public documents only', () => {
    expect(decide('webapp.GET.allowed', anonymous('webapp.GET'))).toBe(true);
    expect(decide('webapp.GET.assets.__file.allowed', anonymous('webapp.GET.assets.__file'))).toBe(true);
    expect(decide('webapp.check.can_read', anonymous('webapp.check', doc('pub')))).toBe(true);
    expect(decide('webapp.check.can_read', anonymous('webapp.check', doc('own')))).toBe(false);
    expect(decide('webapp.check.can_write', anonymous('webapp.check', doc('pub')))).toBe(false);
    expect(decide('webapp.POST.api.documents.allowed', anonymous('webapp.POST.api.documents'))).toBe(false);
  });

  it('reads the subject of a signed-in call from input.identity.identity', () => {
    expect(decide('webapp.check.can_write', signedIn('ann', 'webapp.check', doc('own')))).toBe(true);
    expect(decide('webapp.check.can_write', signedIn('dee', 'webapp.check', doc('own')))).toBe(false);
    expect(
      decide('webapp.POST.api.documents.allowed', signedIn('ann', 'webapp.POST.api.documents', {})),
    ).toBe(true);
  });

  it('lets a signed-in user who holds no relation read a public document, and nothing else', () => {
    expect(decide('webapp.check.can_read', signedIn('dee', 'webapp.check', doc('pub')))).toBe(true);
    expect(decide('webapp.check.can_read', signedIn('dee', 'webapp.check', doc('own')))).toBe(false);
  });

  it('decides the trash and version routes alike: the owner restores and purges, readers read versions', () => {
    const route = (sub: string | null, path: string, resource: object) =>
      decide(`${path}.allowed`, sub === null ? anonymous(path, resource) : signedIn(sub, path, resource));
    const known = { ...doc('own'), id: 'own' };
    for (const path of [
      'webapp.POST.api.trash.__id.restore',
      'webapp.DELETE.api.trash.__id',
      'webapp.POST.trash.__id.restore',
      'webapp.GET.trash.__id.delete',
      'webapp.POST.trash.__id.delete',
    ]) {
      expect(route('ann', path, known), path).toBe(true);
      expect(route('dee', path, known), path).toBe(false);
      expect(route(null, path, known), path).toBe(false);
    }
    for (const path of ['webapp.GET.api.trash', 'webapp.GET.trash']) {
      expect(route('dee', path, {}), path).toBe(true);
      expect(route(null, path, {}), path).toBe(false);
    }
    for (const path of [
      'webapp.GET.api.documents.__id.versions',
      'webapp.GET.api.documents.__id.versions.__version',
    ]) {
      expect(route('ann', path, known), path).toBe(true);
      expect(route('dee', path, known), path).toBe(false);
      // A public document's history is for signed-in readers only.
      expect(route(null, path, { id: 'pub' }), path).toBe(false);
    }
    expect(route('ann', 'webapp.POST.api.documents.__id.versions.__version.restore', known)).toBe(true);
    expect(route('dee', 'webapp.POST.api.documents.__id.versions.__version.restore', { id: 'pub' })).toBe(
      false,
    );
  });

  it('decides the file routes as their document: readers read (anonymous ones a public document), writers change', () => {
    const route = (sub: string | null, path: string, id: string) =>
      decide(`${path}.allowed`, sub === null ? anonymous(path, { id }) : signedIn(sub, path, { id }));
    for (const path of [
      'webapp.GET.api.documents.__id.files',
      'webapp.GET.api.documents.__id.files.__file_id',
      'webapp.GET.documents.__id.files',
    ]) {
      expect(route('ann', path, 'own'), path).toBe(true);
      expect(route('dee', path, 'own'), path).toBe(false);
      expect(route(null, path, 'own'), path).toBe(false);
      expect(route(null, path, 'pub'), path).toBe(true);
      expect(route('dee', path, 'pub'), path).toBe(true);
    }
    for (const path of [
      'webapp.POST.api.documents.__id.files',
      'webapp.DELETE.api.documents.__id.files.__file_id',
      'webapp.POST.documents.__id.files',
      'webapp.POST.documents.__id.files.__file_id.delete',
    ]) {
      expect(route('ann', path, 'own'), path).toBe(true);
      expect(route('dee', path, 'own'), path).toBe(false);
      expect(route('dee', path, 'pub'), path).toBe(false);
      expect(route(null, path, 'pub'), path).toBe(false);
      // An unknown document reaches the handler, which answers 404.
      expect(route('dee', path, 'nowhere'), path).toBe(true);
    }
  });

  it('lets only the owner give a document or a folder away, and signed-in readers compare versions', () => {
    const route = (sub: string | null, path: string, id: string) =>
      decide(`${path}.allowed`, sub === null ? anonymous(path, { id }) : signedIn(sub, path, { id }));
    for (const [path, own] of [
      ['webapp.PUT.api.documents.__id.owner', 'own'],
      ['webapp.GET.documents.__id.owner', 'own'],
      ['webapp.POST.documents.__id.owner', 'own'],
      ['webapp.PUT.api.folders.__id.owner', 'box'],
      ['webapp.GET.folders.__id.owner', 'box'],
      ['webapp.POST.folders.__id.owner', 'box'],
    ] as const) {
      expect(route('ann', path, own), path).toBe(true);
      expect(route('dee', path, own), path).toBe(false);
      expect(route(null, path, own), path).toBe(false);
    }
    // Reading a public document is no right to give it away.
    expect(route('dee', 'webapp.PUT.api.documents.__id.owner', 'pub')).toBe(false);
    expect(route('ann', 'webapp.GET.documents.__id.compare', 'own')).toBe(true);
    expect(route('dee', 'webapp.GET.documents.__id.compare', 'own')).toBe(false);
    expect(route('dee', 'webapp.GET.documents.__id.compare', 'pub')).toBe(true);
    expect(route(null, 'webapp.GET.documents.__id.compare', 'pub')).toBe(false);
  });

  it('treats a user of unknown location (no location at all) as the data document says', async () => {
    const lenient = path.join(dir, 'gatehouse.json');
    await writeFile(lenient, JSON.stringify({ gatehouse: { location: { allow_unknown: true } } }));
    const nowhere = { ...signedIn('ann', 'webapp.GET', {}), resource: {} };
    expect(decide('webapp.GET.allowed', nowhere)).toBe(false);
    expect(decide('webapp.GET.allowed', nowhere, [lenient])).toBe(true);
  });

  it('denies a user in a restricted country even his public reads', () => {
    const inChina = {
      ...signedIn('ann', 'webapp.check', doc('pub')),
      resource: { location: { country_code: 'CN' }, ...doc('pub') },
    };
    expect(decide('webapp.check.can_read', inChina)).toBe(false);
  });
});
