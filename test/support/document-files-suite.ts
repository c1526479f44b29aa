/**
 * Files of documents over HTTP against the real stack, as a team and an attacker use them: images
 * and attachments uploaded to a document, typed by their content (never by the client's claim),
 * served with safe headers, shown inline by the document's Markdown, authorized as the document
 * (owner, read and write shares, public, revoked, restricted location), following it into the
 * trash and back, and refused — with nothing stored — when too big, empty, of a refused type (SVG
 * with a script), sent as a form type, addressed through another document (IDOR), or forged from
 * another origin on every unsafe route, with or without a body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_USERS } from '../../app/stack/index.ts';
import { type ApiCall, apiClient } from './api-client.ts';
import { PDF, PNG, SVG, uploadFile as upload } from './file-uploads.ts';
import { pageRequests } from './page-requests.ts';
import type { SignedInClient } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

/**
 * Declares the suite (the embedded engine in `test/app-files.test.ts`, Topaz in `test/topaz/app-files.topaz.test.ts`).
 *
 * @param start starts the application under test (stopped after the suite)
 * @example
 * describeDocumentFiles('files of documents', () => startTestApp());
 */
export function describeDocumentFiles(title: string, start: () => Promise<TestApp>): void {
  describe(title, () => {
    let app: TestApp;
    let aliceClient: SignedInClient;
    let bobClient: SignedInClient;
    let alice: ApiCall;
    let bob: ApiCall;
    let charlie: ApiCall;
    let anonymous: ApiCall;
    const { get, post, tokenOf } = pageRequests(() => app);

    const fileCount = async (documentId: number) =>
      Number(
        (
          await app.sql<
            { n: string }[]
          >`SELECT count(*) AS n FROM document_files WHERE document_id = ${documentId}`
        )[0]?.n,
      );

    const newDocument = async (call: ApiCall, name: string, extra: object = {}) => {
      const created = await call('POST', '/api/documents', { name, ...extra });
      expect(created.status, created.text).toBe(201);
      return created.body.id as number;
    };

    beforeAll(async () => {
      app = await start();
      [aliceClient, bobClient] = await Promise.all([app.signIn('alice'), app.signIn('bob')]);
      alice = apiClient(aliceClient);
      bob = apiClient(bobClient);
      charlie = apiClient(await app.signIn('charlie'));
      anonymous = apiClient(app.url);
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('types files by their content, serves them with safe headers, and shows images inline in the Markdown', async () => {
      const id = await newDocument(alice, 'Report');
      // The client claims a PDF; the bytes are a PNG, and that is what is stored and served.
      const image = await upload(aliceClient, id, 'Chart.png', PNG, 'application/pdf');
      expect(image.status, image.text).toBe(201);
      expect(image.body).toMatchObject({
        name: 'Chart.png',
        media_type: 'image/png',
        size: PNG.byteLength,
        markdown: '![Chart.png](files/Chart.png)',
        url: `/api/documents/${id}/files/${image.body.id}`,
      });
      const text = await upload(
        aliceClient,
        id,
        'meeting notes (draft).txt',
        new TextEncoder().encode('Agenda\n'),
      );
      expect(text.body).toMatchObject({
        media_type: 'text/plain',
        markdown: '[meeting notes (draft).txt](files/meeting%20notes%20%28draft%29.txt)',
      });
      const pdf = await upload(aliceClient, id, 'spec.pdf', PDF);
      expect(pdf.body.media_type).toBe('application/pdf');

      const served = await aliceClient.fetch(image.body.url);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="Chart.png"/);
      const csp = served.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      const download = await aliceClient.fetch(text.body.url);
      expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="meeting notes (draft).txt"; filename*=UTF-8''meeting%20notes%20%28draft%29.txt`,
      );
      expect((await aliceClient.fetch(pdf.body.url)).headers.get('content-disposition')).toMatch(
        /^attachment;/,
      );

      const listed = await alice('GET', `/api/documents/${id}/files`);
      expect(listed.body.items.map((f: { name: string }) => f.name)).toEqual([
        'Chart.png',
        'meeting notes (draft).txt',
        'spec.pdf',
      ]);

      const content = `Numbers:\n\n${image.body.markdown}\n\nSee ${text.body.markdown}, ![old](files/gone.png) and ![x](https://evil.example/p.png)`;
      expect((await alice('PUT', `/api/documents/${id}`, { content })).status).toBe(200);
      const page = await get(aliceClient, `/documents/${id}`);
      expect(page.html).toContain(
        `<img src="${image.body.url}" alt="Chart.png" class="document-image" loading="lazy"/>`,
      );
      expect(page.html).toContain(
        `<a href="${text.body.url}" rel="noopener noreferrer">meeting notes (draft).txt</a>`,
      );
      expect(page.html).toContain('Image: old (no such file)');
      // Addresses elsewhere still never load: a link, not an image.
      expect(page.html).not.toContain('<img src="https://evil.example');
      expect(page.html).toContain(`href="/documents/${id}/files">3 files</a>`);
      // The edit form's preview and the versions show the document's images as its page does.
      const preview = await post(aliceClient, `/documents/${id}/edit`, {
        name: 'Report',
        content: image.body.markdown,
        revision: String((await alice('GET', `/api/documents/${id}`)).body.revision),
        intent: 'preview',
      });
      expect(preview.status).toBe(200);
      expect(preview.html).toContain(`<img src="${image.body.url}"`);
      expect((await get(aliceClient, `/documents/${id}/versions/2`)).html).toContain(
        `<img src="${image.body.url}"`,
      );
      const filesPage = await get(aliceClient, `/documents/${id}/files`);
      expect(filesPage.status).toBe(200);
      expect(filesPage.html).toContain('enctype="multipart/form-data"');
      expect(filesPage.html).toContain('<code>![Chart.png](files/Chart.png)</code>');
    });

    it('refuses bad files, saying what is wrong, and stores nothing', async () => {
      const id = await newDocument(alice, 'Refusals');
      const cases: [string, Uint8Array, string | null, number, RegExp][] = [
        ['empty.png', new Uint8Array(), 'application/octet-stream', 400, /file: the file is empty/],
        ['big.png', new Uint8Array(5 * 1_048_576 + 1).fill(0x89), 'application/octet-stream', 413, /5 MiB/],
        ['huge.bin', new Uint8Array(9 * 1_048_576), 'application/octet-stream', 413, /larger than/],
        ['evil.svg', SVG, 'image/svg+xml', 415, /SVG, HTML and other markup are not accepted/],
        ['evil.png', SVG, 'image/png', 415, /SVG, HTML/],
        [
          'page.html',
          new TextEncoder().encode('<!doctype html><script>x</script>'),
          'text/html',
          415,
          /markup/,
        ],
        [
          'app.exe',
          Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
          'application/octet-stream',
          415,
          /no accepted type/,
        ],
        ['form.png', PNG, 'multipart/form-data; boundary=x', 415, /Content-Type/],
        ['form.png', PNG, 'application/x-www-form-urlencoded', 415, /Content-Type/],
        ['form.png', PNG, 'text/plain', 415, /Content-Type/],
        ['form.png', PNG, null, 415, /Content-Type/],
        ['a/b.png', PNG, 'application/octet-stream', 400, /name/],
        ['   ', PNG, 'application/octet-stream', 400, /name/],
        ['tab\there.png', PNG, 'application/octet-stream', 400, /name/],
        ['x'.repeat(256), PNG, 'application/octet-stream', 400, /name/],
      ];
      for (const [name, content, type, status, message] of cases) {
        const res = await upload(aliceClient, id, name, content, type);
        expect(res.status, `${name} ${type}: ${res.text}`).toBe(status);
        expect(res.body?.detail, name).toMatch(message);
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
      }
      const missingName = await aliceClient.fetch(`/api/documents/${id}/files`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: PNG,
      });
      expect(missingName.status).toBe(400);
      expect(await missingName.json()).toMatchObject({ field: 'name' });
      expect(await fileCount(id)).toBe(0);

      expect((await upload(aliceClient, id, 'logo.png', PNG)).status).toBe(201);
      const taken = await upload(aliceClient, id, 'LOGO.PNG', PNG);
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({
        field: 'name',
        detail: expect.stringMatching(/already has a file named/),
      });
      expect(await fileCount(id)).toBe(1);
      expect((await alice('GET', `/api/documents/${id}/files/abc`)).status).toBe(400);
      expect((await alice('GET', `/api/documents/${id}/files/99999999`)).status).toBe(404);
    });

    it('holds at most 100 files per document, counted right under concurrent uploads', async () => {
      const id = await newDocument(alice, 'Many files');
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          upload(aliceClient, id, `note-${i}.txt`, new TextEncoder().encode(`note ${i}\n`)),
        ),
      );
      const statuses = answers.map((a) => a.status);
      const tally = JSON.stringify(
        Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((t) => t === s).length])),
      );
      const other = answers.find((a) => a.status !== 201 && a.status !== 409);
      expect(
        statuses.filter((s) => s === 201),
        `${tally} ${other?.text ?? ''}`,
      ).toHaveLength(100);
      expect(statuses.filter((s) => s === 409)).toHaveLength(20);
      expect(answers.find((a) => a.status === 409)?.body.detail).toMatch(/already holds 100 files/);
      expect(await fileCount(id)).toBe(100);
    });

    it('authorizes files as their document: shares, public, revocation, location, and no file through another document', async () => {
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

    it('uploads and deletes through the files page form, which refuses forged, foreign and bad forms', async () => {
      const id = await newDocument(alice, 'Page uploads');
      const token = await tokenOf(aliceClient);
      const form = (file: Blob | null, name: string, fields: Record<string, string> = { _csrf: token }) => {
        const data = new FormData();
        for (const [key, value] of Object.entries(fields)) data.set(key, value);
        if (file) data.set('file', file, name);
        return data;
      };
      const send = (
        body: FormData,
        headers: Record<string, string> = { origin: app.url },
        path = `/documents/${id}/files`,
      ) => aliceClient.fetch(path, { method: 'POST', headers, body });

      const ok = await send(form(new Blob([PNG], { type: 'image/png' }), 'photo.png'));
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe(`/documents/${id}/files?done=file-uploaded`);
      expect(await fileCount(id)).toBe(1);

      const refused: [Response, number, RegExp][] = [
        [await send(form(new Blob([PNG]), 'x.png', {})), 403, /could not be verified/],
        [
          await send(form(new Blob([PNG]), 'x.png'), { origin: 'https://evil.example' }),
          403,
          /not sent from this site/,
        ],
        [
          await send(form(new Blob([SVG], { type: 'image/svg+xml' }), 'evil.svg')),
          415,
          /SVG, HTML and other markup are not accepted/,
        ],
        [await send(form(new Blob([new Uint8Array(5 * 1_048_576 + 1).fill(0x89)]), 'big.png')), 413, /5 MiB/],
        [await send(form(null, '')), 400, /Choose a file to upload/],
        [await send(form(new Blob([PNG]), 'photo.png')), 409, /already has a file named/],
      ];
      for (const [res, status, message] of refused) {
        const html = await res.text();
        expect(res.status, html.slice(0, 200)).toBe(status);
        expect(html).toMatch(message);
      }
      // Multipart is accepted on the files page only.
      const elsewhere = await send(form(null, ''), { origin: app.url }, `/documents/${id}/edit`);
      expect(elsewhere.status).toBe(415);
      expect(await fileCount(id)).toBe(1);

      const [stored] = await app.sql<
        { id: number }[]
      >`SELECT id FROM document_files WHERE document_id = ${id}`;
      const del = (headers: Record<string, string>, fields: Record<string, string>) =>
        aliceClient.fetch(`/documents/${id}/files/${stored?.id}/delete`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(fields).toString(),
        });
      expect((await del({ origin: 'https://evil.example' }, { _csrf: token })).status).toBe(403);
      expect((await del({ origin: app.url }, {})).status).toBe(403);
      expect(await fileCount(id)).toBe(1);
      const deleted = await del({ origin: app.url }, { _csrf: token });
      expect(deleted.status).toBe(303);
      expect(await fileCount(id)).toBe(0);
    });

    it('refuses every unsafe file route from another origin, with or without a body, changing nothing', async () => {
      const id = await newDocument(alice, 'Forgery target');
      const file = (await upload(aliceClient, id, 'target.png', PNG)).body;
      const port = Number(new URL(app.url).port);
      const forgeries: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: `http://127.0.0.1:${port === 65535 ? 65534 : port + 1}` },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      const routes: [string, string][] = [
        ['POST', `/api/documents/${id}/files?name=forged.png`],
        ['DELETE', file.url],
        ['POST', `/documents/${id}/files`],
        ['POST', `/documents/${id}/files/${file.id}/delete`],
      ];
      const bodies: (() => [RequestInit['body'], Record<string, string>])[] = [
        () => [undefined, {}],
        () => [PNG, { 'content-type': 'application/octet-stream' }],
        () => {
          const data = new FormData();
          data.set('file', new Blob([PNG]), 'forged.png');
          return [data, {}];
        },
        () => ['a=1', { 'content-type': 'text/plain' }],
      ];
      const accepted: string[] = [];
      for (const [method, path] of routes) {
        for (const headers of forgeries) {
          for (const makeBody of bodies) {
            const [body, typeHeader] = makeBody();
            const res = await aliceClient.fetch(path, {
              method,
              headers: { ...typeHeader, ...headers },
              body,
            });
            const text = await res.text();
            if (res.status !== 403 || !/(Cross-origin request refused|not sent from this site)/.test(text)) {
              accepted.push(`${method} ${path} ${JSON.stringify(headers)} → ${res.status}`);
            }
          }
        }
      }
      expect(accepted).toEqual([]);
      const listed = await alice('GET', `/api/documents/${id}/files`);
      expect(listed.body.items.map((f: { name: string }) => f.name)).toEqual(['target.png']);
    });
  });
}
