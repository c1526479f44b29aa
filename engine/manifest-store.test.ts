import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManifestError, parseManifest } from './directory/index.ts';
import type { EngineError } from './engine-error.ts';
import { loadManifestFile } from './manifest-file.ts';
import { createFixedManifestStore } from './manifest-store.ts';
import { renderManifest } from './manifest-text.ts';

const MANIFEST = `# the application's model
model:
  version: 3
types:
  user: {}
  group:
    relations:
      member: user | group#member
  folder:
    relations:
      owner: user
      viewer: user | user:* | group#member
    permissions:
      can_read: viewer | owner
  document:
    relations:
      parent: folder
      owner: user
      blocked: user
    permissions:
      can_read: owner | parent->can_read
      can_write: owner & parent->can_read
      can_view: parent->can_read - blocked
`;

describe('renderManifest', () => {
  it('writes a model that parses back to the same model', () => {
    const model = parseManifest(MANIFEST, 'manifest.yaml');
    const text = renderManifest(model);
    expect(text).toContain('viewer: user | user:* | group#member');
    expect(text).toContain('can_view: parent->can_read - blocked');
    expect(renderManifest(parseManifest(text, 'rendered.yaml'))).toBe(text);
    expect([...parseManifest(text).types.keys()]).toEqual(['user', 'group', 'folder', 'document']);
  });
});

describe('loadManifestFile', () => {
  it('reads a manifest, names the file and line of a problem, and says when the file is missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gatehouse-manifest-'));
    try {
      const good = path.join(dir, 'manifest.yaml');
      await writeFile(good, MANIFEST);
      expect((await loadManifestFile(good)).types.has('document')).toBe(true);

      const bad = path.join(dir, 'bad.yaml');
      await writeFile(bad, 'model:\n  version: 3\ntypes:\n  document:\n    relations:\n      owner: usr\n');
      const invalid = await loadManifestFile(bad).catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(ManifestError);
      expect((invalid as ManifestError).message).toContain(`${bad}:6:`);

      const missing = await loadManifestFile(path.join(dir, 'none.yaml')).catch((e: unknown) => e);
      expect((missing as EngineError).code).toBe('manifest_unreadable');
      expect((missing as EngineError).message).toContain('none.yaml');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('createFixedManifestStore', () => {
  const model = parseManifest(MANIFEST);
  const updatedAt = new Date(Date.UTC(2026, 0, 2));

  it('serves the model with a stable etag', async () => {
    const first = await createFixedManifestStore(model, updatedAt).getManifest();
    const again = await createFixedManifestStore(parseManifest(MANIFEST), updatedAt).getManifest();
    expect(first?.body).toBe(renderManifest(model));
    expect(first?.etag).toMatch(/^[0-9a-f]{16}$/);
    expect(again?.etag).toBe(first?.etag);
    expect(first?.updatedAt).toEqual(updatedAt);
  });

  it('accepts the same model again, refuses a change or a deletion, and rejects an invalid manifest', async () => {
    const store = createFixedManifestStore(model, updatedAt);
    await expect(
      store.setManifest(MANIFEST.replace('# the application', '# reformatted')),
    ).resolves.toBeUndefined();
    const changed = await store.setManifest(`${MANIFEST}  tag: {}\n`).catch((e: unknown) => e);
    expect((changed as EngineError).code).toBe('invalid_request');
    expect((changed as EngineError).message).toMatch(/fixed when its relation store is created/);
    const deleted = await store.deleteManifest().catch((e: unknown) => e);
    expect((deleted as EngineError).code).toBe('invalid_request');
    await expect(
      store.setManifest('model: {version: 3}\ntypes: {doc: {relations: {a: nope}}}\n'),
    ).rejects.toThrow(ManifestError);
  });
});
