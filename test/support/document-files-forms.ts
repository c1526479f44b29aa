/**
 * Files of documents from pages and from elsewhere: the files page's upload and delete forms,
 * which refuse forged, foreign and bad forms, and every unsafe file route refused from another
 * origin, with or without a body, changing nothing.
 */
import { expect, it } from 'vitest';
import type { DocumentFilesFixture } from './document-files-fixture.ts';
import { PNG, SVG, uploadFile as upload } from './file-uploads.ts';

/**
 * Declares the cases in the enclosing `describe`.
 *
 * @example
 * describeFileForms(documentFilesFixture(() => startTestApp()));
 */
export function describeFileForms(files: DocumentFilesFixture): void {
  it('uploads and deletes through the files page form, which refuses forged, foreign and bad forms', async () => {
    const { app, aliceClient, alice, tokenOf, fileCount, newDocument } = files;
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

    const [stored] = await app.sql<{ id: number }[]>`SELECT id FROM document_files WHERE document_id = ${id}`;
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
    const { app, aliceClient, alice, newDocument } = files;
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
}
