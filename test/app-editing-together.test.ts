/**
 * Two people editing one document over HTTP, as the API and the edit form see them: every read
 * carries the document's revision (`ETag`, the form's hidden field); a save made from an older
 * revision changes nothing and answers 409 with the current document (the API) or the form again
 * with the saved text beside the person's (the page); saving from the current revision goes
 * through. Under real concurrency, of many saves made from one revision exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiClient } from './support/api-client.ts';
import { pageRequests } from './support/page-requests.ts';
import type { SignedInClient } from './support/sign-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('editing together without losing anyone’s changes', () => {
  let app: TestApp;
  let aliceClient: SignedInClient;
  let bobClient: SignedInClient;
  let alice: ApiCall;
  let bob: ApiCall;
  const { get, post } = pageRequests(() => app);

  const sharedDocument = async (content: string) => {
    const created = await alice('POST', '/api/documents', { name: 'Plan', content });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    const shared = await alice('POST', '/api/shares', {
      document_id: id,
      email: 'bob@example.com',
      permission: 'write',
    });
    expect(shared.status, shared.text).toBe(201);
    return { id, etag: created.headers.get('etag') };
  };

  beforeAll(async () => {
    app = await startTestApp();
    aliceClient = await app.signIn('alice');
    bobClient = await app.signIn('bob');
    alice = apiClient(aliceClient);
    bob = apiClient(bobClient);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('refuses a stale PUT with 409 and the current document, and takes one made from it', async () => {
    const { id, etag } = await sharedDocument('one\ntwo\n');
    expect(etag).toBe('"1"');
    const read = await bob('GET', `/api/documents/${id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body).toMatchObject({ revision: 1, version: 1 });

    const saved = await alice(
      'PUT',
      `/api/documents/${id}`,
      { content: 'one\nTWO\n' },
      { 'if-match': '"1"' },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(saved.body).toMatchObject({ revision: 2, version: 2 });

    const stale = await bob(
      'PUT',
      `/api/documents/${id}`,
      { content: 'one\ntwo\nthree\n' },
      { 'if-match': '"1"' },
    );
    expect(stale.status, stale.text).toBe(409);
    expect(stale.headers.get('etag')).toBe('"2"');
    expect(stale.body).toMatchObject({
      field: 'revision',
      detail: expect.stringMatching(/changed since revision 1/),
      current: { id, content: 'one\nTWO\n', revision: 2, version: 2 },
    });
    expect((await alice('GET', `/api/documents/${id}`)).body.content).toBe('one\nTWO\n');
    const versions = await alice('GET', `/api/documents/${id}/versions`);
    expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const merged = await bob(
      'PUT',
      `/api/documents/${id}`,
      { content: 'one\nTWO\nthree\n' },
      { 'if-match': '"2"' },
    );
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body).toMatchObject({ content: 'one\nTWO\nthree\n', revision: 3 });
  });

  it('counts settings as changes, takes * and no If-Match as "whatever is current", and names a bad If-Match', async () => {
    const { id } = await sharedDocument('text');
    expect(
      (await alice('PUT', `/api/documents/${id}`, { is_public: true }, { 'if-match': '"1"' })).status,
    ).toBe(200);
    const stale = await bob('PUT', `/api/documents/${id}`, { content: 'mine' }, { 'if-match': '"1"' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ is_public: true, revision: 2, version: 1 });
    expect((await bob('PUT', `/api/documents/${id}`, { content: 'mine' }, { 'if-match': '*' })).status).toBe(
      200,
    );
    expect((await bob('PUT', `/api/documents/${id}`, { content: 'mine, again' })).status).toBe(200);
    for (const ifMatch of ['W/"4"', '"4", "5"', '4', '"abc"', '"9999999999"', '""']) {
      const bad = await bob('PUT', `/api/documents/${id}`, { content: 'x' }, { 'if-match': ifMatch });
      expect(bad.status, ifMatch).toBe(400);
      expect(bad.body).toMatchObject({ field: 'If-Match', detail: expect.stringMatching(/^If-Match/) });
    }
    expect((await bob('GET', `/api/documents/${id}`)).body).toMatchObject({
      content: 'mine, again',
      revision: 4,
    });
    // A reader may not save, stale or not: 403 before any revision is compared.
    expect(
      (
        await apiClient(await app.signIn('charlie'))(
          'PUT',
          `/api/documents/${id}`,
          { content: 'x' },
          { 'if-match': '"1"' },
        )
      ).status,
    ).toBe(403);
  });

  it('lets exactly one of many concurrent saves from the same revision through', async () => {
    const { id } = await sharedDocument('start');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? alice : bob)('PUT', `/api/documents/${id}`, { content: `edit ${i}` }, { 'if-match': '"1"' }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await alice('GET', `/api/documents/${id}`)).body.content).toBe(winner.body.content);
    for (const loser of answers.filter((a) => a.status === 409)) {
      expect(loser.body.current.content).toBe(winner.body.content);
    }
  });

  it('shows a stale edit form again with the saved text beside the person’s, and saves the merge', async () => {
    const { id } = await sharedDocument('intro\nmiddle\nend\n');
    const aliceForm = await get(aliceClient, `/documents/${id}/edit`);
    const bobForm = await get(bobClient, `/documents/${id}/edit`);
    for (const form of [aliceForm, bobForm]) {
      expect(form.html).toContain('<input type="hidden" name="revision" value="1"/>');
    }
    const aliceSave = await post(
      aliceClient,
      `/documents/${id}/edit`,
      {
        name: 'Plan',
        content: 'intro\nmiddle, by alice\nend\n',
        revision: '1',
      },
      { token: undefined },
    );
    expect(aliceSave.status, aliceSave.html).toBe(303);

    const bobText = 'intro\nmiddle\nend\nbob’s closing line\n';
    const conflict = await post(bobClient, `/documents/${id}/edit`, {
      name: 'Plan',
      content: bobText,
      revision: '1',
    });
    expect(conflict.status).toBe(409);
    expect(conflict.html).toContain('Not saved: Alice');
    expect(conflict.html).toContain('<input type="hidden" name="revision" value="2"/>');
    expect(conflict.html).toContain('<del>middle, by alice</del>');
    expect(conflict.html).toContain('<ins>middle</ins>');
    expect(conflict.html).toContain('<ins>bob’s closing line</ins>');
    // His text is kept in the text box; nothing of his was saved.
    expect(conflict.html).toContain('bob’s closing line');
    expect((await alice('GET', `/api/documents/${id}`)).body.content).toBe('intro\nmiddle, by alice\nend\n');

    // A form without its revision (or with a made-up one) is never taken as current either.
    const blind = await post(bobClient, `/documents/${id}/edit`, { name: 'Plan', content: bobText });
    expect(blind.status).toBe(409);

    const merged = 'intro\nmiddle, by alice\nend\nbob’s closing line\n';
    const save = await post(bobClient, `/documents/${id}/edit`, {
      name: 'Plan',
      content: merged,
      revision: '2',
    });
    expect(save.status, save.html).toBe(303);
    expect((await alice('GET', `/api/documents/${id}`)).body).toMatchObject({ content: merged, revision: 3 });
  });

  it('describes ETag, If-Match and the 409 in the OpenAPI document', async () => {
    const answer = await alice('GET', '/openapi.json');
    expect(answer.status, answer.text).toBe(200);
    const doc = answer.body;
    const put = doc.paths['/api/documents/{id}'].put;
    expect(put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'if-match', in: 'header', required: false })]),
    );
    expect(put.responses['409'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/StaleRevision',
    );
    expect(put.responses['200'].headers.ETag).toBeDefined();
    expect(doc.paths['/api/documents/{id}'].get.responses['200'].headers.ETag).toBeDefined();
    expect(doc.components.schemas.Document.properties.revision).toBeDefined();
  });
});
