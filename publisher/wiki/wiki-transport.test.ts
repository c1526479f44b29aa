import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/free-port.ts';
import { type ConfluenceEmulator, startConfluenceEmulator } from '../emulator/index.ts';
import { WikiRequestError } from './wiki-request-error.ts';
import { createWikiTransport, type WikiTransportOptions } from './wiki-transport.ts';

let emulator: ConfluenceEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const AUTH = `Basic ${Buffer.from('u:t').toString('base64')}`;

async function setup(overrides: Partial<WikiTransportOptions> = {}, tls?: { key: string; cert: string }) {
  emulator = await startConfluenceEmulator({
    port: await freePort(),
    users: { u: 't' },
    ...(tls ? { tls } : {}),
  });
  emulator.addSpace('DOCS');
  const waits: number[] = [];
  const transport = createWikiTransport({
    baseUrl: emulator.url,
    authorization: AUTH,
    timeoutMs: 2_000,
    retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000 },
    rateLimit: 0,
    clock: { now: () => Date.now() },
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0,
    ...overrides,
  });
  return { emulator, transport, waits };
}

const space = { method: 'GET', path: '/rest/api/space/DOCS' } as const;
const create = {
  method: 'POST',
  path: '/rest/api/content',
  json: {
    type: 'page',
    title: 'T',
    space: { key: 'DOCS' },
    body: { storage: { value: '<p/>', representation: 'storage' } },
  },
} as const;

describe('wiki transport', () => {
  it('waits out a 429 for the Retry-After the wiki asks, then succeeds', async () => {
    const { emulator, transport, waits } = await setup();
    emulator.injectFault({ path: '/rest/api/space/', times: 2, action: { status: 429, retryAfter: '3' } });
    const response = await transport.request<{ key: string }>(space);
    expect(response.data.key).toBe('DOCS');
    expect(waits).toEqual([3000, 3000]);
    expect(transport.counts()).toEqual({ reads: 3, writes: 0, retries: 2 });
  });

  it('retries 429 on a create, but not a 5xx or a dropped connection', async () => {
    const { emulator, transport } = await setup();
    emulator.injectFault({ method: 'POST', action: { status: 429 } });
    await transport.request(create);
    emulator.injectFault({ method: 'POST', action: { status: 503 } });
    await expect(
      transport.request({ ...create, json: { ...create.json, title: 'U' } }),
    ).rejects.toMatchObject({ status: 503, transient: true });
    emulator.injectFault({ method: 'POST', action: { drop: 'before' } });
    await expect(
      transport.request({ ...create, json: { ...create.json, title: 'V' } }),
    ).rejects.toMatchObject({ status: undefined, transient: true, code: 'wiki_unreachable' });
    expect(emulator.requests.filter((r) => r.method === 'POST').map((r) => r.status)).toEqual([
      429,
      200,
      503,
      'dropped',
    ]);
  });

  it('retries 5xx and dropped connections on reads with exponential backoff', async () => {
    const { emulator, transport, waits } = await setup();
    emulator.injectFault({ path: '/rest/api/space/', action: { status: 502 } });
    emulator.injectFault({ path: '/rest/api/space/', action: { drop: 'before' } });
    emulator.injectFault({ path: '/rest/api/space/', action: { status: 504 } });
    await transport.request(space);
    expect(waits).toEqual([50, 100, 200]);
  });

  it('abandons a request after its timeout and retries it', async () => {
    const { emulator, transport } = await setup({ timeoutMs: 100 });
    emulator.injectFault({ path: '/rest/api/space/', action: { delayMs: 3_000 } });
    await transport.request(space);
    expect(transport.counts().retries).toBe(1);
  });

  it('gives up after the configured retries with a message naming the call and the attempts', async () => {
    const { emulator, transport } = await setup();
    emulator.injectFault({ path: '/rest/api/space/', times: 10, action: { status: 503 } });
    await expect(transport.request(space)).rejects.toThrow(
      /^GET \/rest\/api\/space\/DOCS failed: 503 Injected failure 503 \(after 4 attempts\)$/,
    );
  });

  it('fails at once when Retry-After is longer than allowed, and on client errors', async () => {
    const { emulator, transport, waits } = await setup();
    emulator.injectFault({ path: '/rest/api/space/', action: { status: 429, retryAfter: '3600' } });
    await expect(transport.request(space)).rejects.toThrow(/Retry-After 3600 s is over the limit/);
    await expect(transport.request({ method: 'GET', path: '/rest/api/space/NOPE' })).rejects.toMatchObject({
      status: 404,
      code: 'wiki_error',
    });
    expect(waits).toEqual([]);
  });

  it('reports rejected credentials as credentials_rejected', async () => {
    const { transport } = await setup({ authorization: 'Basic bm9wZTpub3Bl' });
    const failure = await transport.request(space).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WikiRequestError);
    expect(failure).toMatchObject({ status: 401, code: 'credentials_rejected' });
  });

  it('validates certificates: an untrusted one fails at once with a hint, never retried', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const { transport, waits } = await setup({}, { key: pems.private, cert: pems.cert });
    await expect(transport.request(space)).rejects.toThrow(
      /TLS certificate not accepted .*NODE_EXTRA_CA_CERTS/,
    );
    expect(waits).toEqual([]);
  });
});
