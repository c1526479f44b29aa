/**
 * Files of documents, what is stored: typed by their content (never by the client's claim), served
 * with safe headers and shown inline by the document's Markdown; refused — with nothing stored —
 * when empty, too big, of a refused type, badly named or sent as a form type; at most 100 per
 * document, counted right under concurrent uploads.
 */
import { expect, it } from 'vitest';
import type { DocumentFilesFixture } from './document-files-fixture.ts';
import { PDF, PNG, SVG, uploadFile as upload } from './file-uploads.ts';

/**
 * Declares the cases in the enclosing `describe`.
 *
 * @example
 * describeFileContent(documentFilesFixture(() => startTestApp()));
 */
export function describeFileContent(files: DocumentFilesFixture): void {
  it('types files by their content, serves them with safe headers, and shows images inline in the Markdown', async () => {
    const { aliceClient, alice, get, post, newDocument } = files;
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
    const { aliceClient, alice, fileCount, newDocument } = files;
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
    const { aliceClient, alice, fileCount, newDocument } = files;
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
}
