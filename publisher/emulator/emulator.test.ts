import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port.ts';
import { type ConfluenceEmulator, startConfluenceEmulator } from './index.ts';

let emulator: ConfluenceEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const auth = { authorization: `Basic ${Buffer.from('u:t').toString('base64')}` };

async function start(options: Parameters<typeof startConfluenceEmulator>[0] = {}) {
  emulator = await startConfluenceEmulator({ port: await freePort(), users: { u: 't' }, ...options });
  emulator.addSpace('DOCS', 'Docs');
  return emulator;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${emulator?.url}${path}`, {
    method,
    headers: {
      ...auth,
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary fields of the wiki's JSON answers
  const json = (await response.json().catch(() => undefined)) as Record<string, any>;
  return { status: response.status, json };
}

const page = (title: string, value = '<p>x</p>', extra: Record<string, unknown> = {}) => ({
  type: 'page',
  title,
  space: { key: 'DOCS' },
  body: { storage: { value, representation: 'storage' } },
  ...extra,
});

describe('Confluence emulator', () => {
  it('requires valid credentials', async () => {
    await start();
    expect((await fetch(`${emulator?.url}/rest/api/space/DOCS`)).status).toBe(401);
    expect(
      (await call('GET', '/rest/api/space/DOCS', undefined, { authorization: 'Basic eDp5' })).status,
    ).toBe(401);
    const space = await call('GET', '/rest/api/space/DOCS?expand=homepage');
    expect(space.json).toMatchObject({ key: 'DOCS', homepage: { title: 'Docs Home' } });
    expect((await call('GET', '/rest/api/space/NOPE')).json.message).toBe('No space with key : NOPE');
  });

  it('keeps versions: updates must be version + 1, otherwise 409', async () => {
    await start();
    const created = await call('POST', '/rest/api/content?expand=version', page('A'));
    expect(created.json.version.number).toBe(1);
    const stale = await call(
      'PUT',
      `/rest/api/content/${created.json.id}`,
      page('A', '<p>y</p>', { version: { number: 1 } }),
    );
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/Current version is: 1/);
    const ok = await call(
      'PUT',
      `/rest/api/content/${created.json.id}?expand=version,body.storage`,
      page('A', '<p>y</p>', { version: { number: 2, minorEdit: true } }),
    );
    expect(ok.json.version).toMatchObject({ number: 2, minorEdit: true });
  });

  it('keeps titles unique in a space, rejects malformed XHTML, and rewrites bodies like Confluence', async () => {
    await start();
    await call('POST', '/rest/api/content', page('A'));
    expect((await call('POST', '/rest/api/content', page('a'))).json.message).toMatch(/already exists/);
    expect((await call('POST', '/rest/api/content', page('B', '<p>unclosed'))).json.message).toMatch(
      /Error parsing xhtml/,
    );
    const code =
      '<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[a/>b]]></ac:plain-text-body></ac:structured-macro><br/>';
    const created = await call('POST', '/rest/api/content?expand=body.storage', page('C', code));
    expect(created.json.body.storage.value).toMatch(
      /^<ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="[\w-]+"><ac:plain-text-body><!\[CDATA\[a\/>b\]\]><\/ac:plain-text-body><\/ac:structured-macro><br \/>$/,
    );
  });

  it('lists descendants by CQL with ancestors, pages results with a relative next link', async () => {
    await start({ maxLimit: 2 });
    const root = await call('POST', '/rest/api/content', page('Root'));
    const child = await call(
      'POST',
      '/rest/api/content',
      page('Child', '<p/>', { ancestors: [{ id: root.json.id }] }),
    );
    await call(
      'POST',
      '/rest/api/content',
      page('Grandchild', '<p/>', { ancestors: [{ id: child.json.id }] }),
    );
    await call('POST', '/rest/api/content', page('Other'));
    const cql = encodeURIComponent(`ancestor = ${root.json.id} and type = page`);
    const first = await call('GET', `/rest/api/content/search?cql=${cql}&expand=ancestors&limit=50`);
    expect(first.json.size).toBe(2);
    expect(first.json.results.map((r: { title: string }) => r.title)).toEqual(['Child', 'Grandchild']);
    expect(first.json.results[1].ancestors.map((a: { title: string }) => a.title)).toEqual(['Root', 'Child']);
    const third = await call(
      'POST',
      '/rest/api/content',
      page('Third', '<p/>', { ancestors: [{ id: root.json.id }] }),
    );
    expect(third.status).toBe(200);
    const again = await call('GET', `/rest/api/content/search?cql=${cql}&limit=50`);
    expect(again.json._links.next).toMatch(/^\/rest\/api\/content\/search\?.*start=2/);
    const next = await call('GET', again.json._links.next);
    expect(next.json.results.map((r: { title: string }) => r.title)).toEqual(['Third']);
    expect((await call('GET', '/rest/api/content/search?cql=text~foo')).status).toBe(400);
  });

  it('stores attachments with comments and data, demanding the XSRF header', async () => {
    await start();
    const target = await call('POST', '/rest/api/content', page('P'));
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
      data.append('comment', 'sha1:abc');
      return data;
    };
    const path = `/rest/api/content/${target.json.id}/child/attachment`;
    expect((await call('POST', path, form())).status).toBe(403);
    const added = await call('POST', path, form(), { 'x-atlassian-token': 'no-check' });
    expect(added.json.results[0]).toMatchObject({
      title: 'a.txt',
      extensions: { comment: 'sha1:abc' },
      version: { number: 1 },
    });
    expect((await call('POST', path, form(), { 'x-atlassian-token': 'no-check' })).json.message).toMatch(
      /same file name/,
    );
    const updated = await call('POST', `${path}/${added.json.results[0].id}/data`, form(), {
      'x-atlassian-token': 'nocheck',
    });
    expect(updated.json.version.number).toBe(2);
    expect(emulator?.state.attachmentsOf(target.json.id)[0]?.data.toString()).toBe('hello');
    const listed = await call('GET', `${path}?filename=a.txt&expand=version`);
    expect(listed.json.results).toHaveLength(1);
  });

  it('hides new pages from reads by id for the configured lag', async () => {
    await start({ visibilityLag: 2 });
    const created = await call('POST', '/rest/api/content', page('Slow'));
    expect((await call('GET', `/rest/api/content/${created.json.id}`)).status).toBe(404);
    expect((await call('GET', `/rest/api/content/${created.json.id}`)).status).toBe(200);
  });

  it('answers outside the context path with an HTML 404, like a web server', async () => {
    await start();
    const response = await fetch(emulator?.url.replace('/wiki', '/rest/api/space/DOCS') ?? '', {
      headers: auth,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html');
  });
});
