/**
 * Files of documents, who reaches them: authorized as their document (owner, read and write
 * shares, public, revoked, restricted location, and never through another document's address),
 * and following their document into the trash and back.
 */
import { expect, it } from 'vitest';
import { DEV_USERS } from '../../app/stack/index.ts';
import type { DocumentFilesFixture } from './document-files-fixture.ts';
import { PNG, uploadFile as upload } from './file-uploads.ts';

/**
 * Declares the cases in the enclosing `describe`.
 *
 * @example
 * describeFileAccess(documentFilesFixture(() => startTestApp()));
 */
export function describeFileAccess(files: DocumentFilesFixture): void {
  it('authorizes files as their document: shares, public, revocation, location, and no file through another document', async () => {
    const { aliceClient, bobClient, alice, bob, charlie, anonymous, get, fileCount, newDocument } = files;
    const id = await newDocument(alice, 'Shared plan');
    const file = (await upload(aliceClient, id, 'plan.png', PNG)).body;
    const bobsOwn = await newDocument(bob, 'Bob notes');

    // No share: bob and anonymous callers get nothing, however they ask.
    expect((await bob('GET', file.url)).status).toBe(403);
    expect((await bob('GET', `/api/documents/${id}/files`)).status).toBe(403);
    expect((await upload(bobClient, id, 'x.png', PNG)).status).toBe(403);
    expect((await bob('DELETE', file.url)).status).toBe(403);
    expect((await anonymous('GET', file.url)).status).toBe(401);
    // IDOR: alice's file id under bob's own document is not found — never alice's bytes.
    const idor = await bob('GET', `/api/documents/${bobsOwn}/files/${file.id}`);
    expect(idor.status).toBe(404);
    expect(idor.body).toEqual({ detail: 'File not found', field: 'file_id' });
    expect((await bob('DELETE', `/api/documents/${bobsOwn}/files/${file.id}`)).status).toBe(404);
    expect((await alice('GET', `/api/documents/${bobsOwn}/files/${file.id}`)).status).toBe(403);
    expect(await fileCount(id)).toBe(1);

    // A read share reads files, a write share adds and deletes them.
    const share = (permission: string) =>
      alice('POST', '/api/shares', { document_id: id, email: 'bob@example.com', permission });
    expect((await share('read')).status).toBe(201);
    expect((await bob('GET', file.url)).status).toBe(200);
    expect((await upload(bobClient, id, 'bob.png', PNG)).status).toBe(403);
    expect((await bob('DELETE', file.url)).status).toBe(403);
    expect((await alice('DELETE', `/api/shares/${id}/bob@example.com`)).status).toBe(204);
    expect((await share('write')).status).toBe(201);
    const bobs = await upload(bobClient, id, 'bob.png', PNG);
    expect(bobs.status, bobs.text).toBe(201);
    expect(bobs.body.uploaded_by).toBe(DEV_USERS[1]?.sub);
    expect((await bob('DELETE', bobs.body.url)).status).toBe(204);
    expect((await bob('DELETE', bobs.body.url)).status).toBe(404);

    // Revoked: nothing more, at once.
    expect((await alice('DELETE', `/api/shares/${id}/bob@example.com`)).status).toBe(204);
    expect((await bob('GET', file.url)).status).toBe(403);
    expect((await get(bobClient, `/documents/${id}/files`)).status).toBe(403);

    // Restricted location: denied even for a document shared with them.
    await alice('POST', '/api/shares', {
      document_id: id,
      email: 'charlie@example.com',
      permission: 'read',
    });
    expect((await charlie('GET', file.url)).status).toBe(403);

    // Public: anyone reads its files, nobody but writers changes them.
    expect((await alice('PUT', `/api/documents/${id}`, { is_public: true })).status).toBe(200);
    const open = await anonymous('GET', file.url);
    expect(open.status).toBe(200);
    expect((await anonymous('GET', `/api/documents/${id}/files`)).status).toBe(200);
    expect((await bob('GET', file.url)).status).toBe(200);
    expect((await upload(bobClient, id, 'y.png', PNG)).status).toBe(403);
  });

  it('sends files to the trash with their document and brings them back with it; purging deletes them', async () => {
    const { aliceClient, bobClient, alice, bob, get, fileCount, newDocument } = files;
    const id = await newDocument(alice, 'Trashed with files');
    const file = (await upload(aliceClient, id, 'keep.png', PNG)).body;
    expect(
      (
        await alice('POST', '/api/shares', {
          document_id: id,
          email: 'bob@example.com',
          permission: 'write',
        })
      ).status,
    ).toBe(201);
    expect((await alice('DELETE', `/api/documents/${id}`)).status).toBe(204);
    for (const call of [alice, bob]) {
      expect((await call('GET', file.url)).status).toBe(404);
      expect((await call('GET', `/api/documents/${id}/files`)).status).toBe(404);
      expect((await call('DELETE', file.url)).status).toBe(404);
    }
    expect((await upload(aliceClient, id, 'new.png', PNG)).status).toBe(404);
    expect((await upload(bobClient, id, 'new.png', PNG)).status).toBe(404);
    expect((await get(aliceClient, `/documents/${id}/files`)).status).toBe(404);
    expect(await fileCount(id)).toBe(1);

    expect((await alice('POST', `/api/trash/${id}/restore`)).status).toBe(200);
    const back = await aliceClient.fetch(file.url);
    expect(back.status).toBe(200);
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(PNG);
    expect((await bob('GET', file.url)).status).toBe(200);

    expect((await alice('DELETE', `/api/documents/${id}`)).status).toBe(204);
    expect((await alice('DELETE', `/api/trash/${id}`)).status).toBe(204);
    expect(await fileCount(id)).toBe(0);
  });
}
